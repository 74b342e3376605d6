import { ROLES } from '@shared/api/routes';
import { isAvailable } from '@shared/capabilities';
import type { ClientPermission, CompanyType } from '@shared/db/records';
import { type PlanGateInput, plans } from '@shared/schemas/billing';
import type { Role } from '@web/lib/roles';
import { matchPath, matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type AppPage, accountingPages, isRegisteredPage, issue17Pages, opensPage } from './app-pages';
import { evaluateAccess } from './guards/access';
import { isExemptFromCompanyRule } from './guards/company-rule';
import {
  adminMenu,
  clientMenu,
  gestorMenu,
  type MenuContext,
  type MenuItem,
  menuPaths,
  ownerMenu,
  sideMenuFor,
  userMenu,
  visibleMenu,
} from './menus';
import { appRoutes, type RouteHandle } from './router';

const everything = () => true;
const sub = (code: keyof typeof plans, extra: Partial<PlanGateInput> = {}): PlanGateInput => ({
  ...plans[code],
  status: 'ACTIVE',
  addons: [],
  ...extra,
});
const gestor = (companyType: CompanyType | null, subscription: PlanGateInput | null = null): MenuContext => ({
  role: 'GESTOR',
  isAutonomous: false,
  companyId: companyType ? 'c-1' : null,
  companyType,
  subscription,
});

/** Every label of a menu, groups and leaves, depth first. */
const labels = (items: MenuItem[]): string[] =>
  items.flatMap((item) => [item.label, ...(item.children ? labels(item.children) : [])]);

describe('gestor menu rules (spec part 1 §2, §6), all pages assumed to exist', () => {
  it('hides Usuarios, Compartir con Clientes and Revisión de Documentos on starter plans', () => {
    const starter = labels(visibleMenu(gestorMenu, gestor('SL', sub('GESTORIA_STARTER')), everything));
    const professional = labels(
      visibleMenu(gestorMenu, gestor('SL', sub('GESTORIA_PROFESSIONAL')), everything),
    );

    for (const label of ['Usuarios', 'Compartir con Clientes', 'Revisión de Documentos']) {
      expect(starter).not.toContain(label);
    }
    for (const label of ['Usuarios', 'Revisión de Documentos']) expect(professional).toContain(label);
    // Sharing with clients also waits for the portal's document exchange (shared/capabilities.ts).
    expect(professional.includes('Compartir con Clientes')).toBe(isAvailable('clientPortalDocuments'));
  });

  it("shows 'Gestión de Clientes' only for the ENTERPRISE plan category", () => {
    expect(
      labels(visibleMenu(gestorMenu, gestor('SL', sub('ENTERPRISE_PROFESSIONAL')), everything)),
    ).toContain('Gestión de Clientes');
    expect(
      labels(visibleMenu(gestorMenu, gestor('SL', sub('GESTORIA_PROFESSIONAL')), everything)),
    ).not.toContain('Gestión de Clientes');
    expect(labels(visibleMenu(gestorMenu, gestor('SL'), everything))).not.toContain('Gestión de Clientes');
  });

  it("shows 'Nóminas' only with payroll access: the plan, or an active payroll add-on", () => {
    const payroll = (s: PlanGateInput | null) =>
      labels(visibleMenu(gestorMenu, gestor('SL', s), everything)).includes('Nóminas');
    expect(payroll(sub('GESTORIA_PROFESSIONAL'))).toBe(true);
    expect(payroll(sub('GESTORIA_STARTER'))).toBe(false);
    expect(
      payroll(sub('GESTORIA_STARTER', { addons: [{ addonType: 'PAYROLL_MODULE', status: 'ACTIVE' }] })),
    ).toBe(true);
    expect(
      payroll(sub('GESTORIA_STARTER', { addons: [{ addonType: 'PAYROLL_MODULE', status: 'CANCELLED' }] })),
    ).toBe(false);
    expect(payroll(null)).toBe(false);
  });

  it('varies by company type: no accounting for AUTONOMO; treasury, company users and analytics for SA', () => {
    const autonomo = labels(visibleMenu(gestorMenu, gestor('AUTONOMO'), everything));
    const sl = labels(visibleMenu(gestorMenu, gestor('SL'), everything));
    const sa = labels(visibleMenu(gestorMenu, gestor('SA'), everything));

    expect(autonomo).not.toContain('Contabilidad');
    expect(sl).toContain('Contabilidad');
    for (const label of ['Tesorería', 'Usuarios de la empresa', 'Analítica', 'Rentabilidad']) {
      expect(sa).toContain(label);
      expect(sl).not.toContain(label);
    }
  });

  it('puts the add-on entries right after VeriFacTu', () => {
    const top = visibleMenu(gestorMenu, gestor('SL'), everything).map((item) => item.label);
    expect(top[top.indexOf('VeriFacTu') + 1]).toBe('Complementos');
  });

  it('groups the VeriFacTu pages: status, history and the selected company configuration', () => {
    const group = visibleMenu(gestorMenu, gestor('SL'), everything).find(
      (item) => item.label === 'VeriFacTu',
    );
    expect(group?.children?.map((item) => [item.label, item.path])).toEqual([
      ['Estado VeriFacTu', '/app/verifactu'],
      ['Historial VeriFacTu', '/app/verifactu/history'],
      ['Configuración VeriFacTu', '/app/companies/c-1/verifactu'],
    ]);
    // The three pages exist in this SPA.
    for (const path of ['/app/verifactu', '/app/verifactu/history', '/app/companies/c-1/verifactu']) {
      expect(isRegisteredPage(path)).toBe(true);
    }
  });

  it('offers the SII pages under Fiscal only for a company in the SII (issue 16)', () => {
    const fiscal = (context: MenuContext) =>
      visibleMenu(gestorMenu, context, everything)
        .find((item) => item.label === 'Fiscal')
        ?.children?.map((item) => [item.label, item.path]);
    expect(fiscal({ ...gestor('SA'), siiEnabled: true })).toEqual(
      expect.arrayContaining([
        ['SII', '/app/tax/sii'],
        ['Configuración SII', '/app/companies/c-1/sii'],
      ]),
    );
    for (const context of [gestor('SA'), { ...gestor('SA'), siiEnabled: false }]) {
      expect(fiscal(context)?.map(([label]) => label)).not.toContain('SII');
      expect(fiscal(context)?.map(([label]) => label)).not.toContain('Configuración SII');
    }
    for (const path of ['/app/tax/sii', '/app/tax/sii/sub-1', '/app/companies/c-1/sii']) {
      expect(isRegisteredPage(path)).toBe(true);
    }
  });

  it('builds the company entries from the selected company, and drops them without one', () => {
    const withCompany = menuPaths(visibleMenu(gestorMenu, gestor('SA'), everything));
    expect(withCompany).toContain('/app/companies/c-1/users');
    expect(withCompany).toContain('/app/companies/c-1/addons/dashboard');
    const without = menuPaths(visibleMenu(gestorMenu, { ...gestor(null), companyType: null }, everything));
    expect(without.some((path) => path.includes('/companies/c-1'))).toBe(false);
  });

  it('offers no invoicing without a selected company: its /app/admin/ pages work on the selected company', () => {
    for (const menu of [gestorMenu, adminMenu, ownerMenu]) {
      const without = labels(visibleMenu(menu, gestor(null), everything));
      for (const label of ['Facturación', 'Ingresos', 'Clientes', 'Gastos', 'Proveedores'])
        expect(without).not.toContain(label);
      expect(labels(visibleMenu(menu, gestor('SL'), everything))).toContain('Ingresos');
    }
  });
});

describe('client menu (spec part 1 §2)', () => {
  const client = (companyType: CompanyType) =>
    labels(
      visibleMenu(
        clientMenu,
        { role: 'CLIENTE', isAutonomous: false, companyId: 'c-1', companyType, subscription: null },
        everything,
      ),
    );

  it('adds my accounting and my users for SL and SA; my invoices for every company type', () => {
    expect(client('AUTONOMO')).not.toContain('Mi contabilidad');
    expect(client('SL')).toEqual(expect.arrayContaining(['Mi contabilidad', 'Mis usuarios']));
    expect(client('SA')).toEqual(expect.arrayContaining(['Mi contabilidad', 'Mis usuarios', 'Mis facturas']));
    for (const type of ['AUTONOMO', 'SL', 'SA', 'CB', 'SC'] as const)
      expect(client(type)).toContain('Mis facturas');
    expect(client('CB')).not.toContain('Mis usuarios');
  });
});

const ALL_PERMISSIONS: ClientPermission[] = [
  'VIEW_INVOICES',
  'VIEW_TAX_DOCUMENTS',
  'VIEW_ACCOUNTING_DATA',
  'UPLOAD_DOCUMENTS',
];

/** The side menu a user sees in this SPA: its rules, the pages that exist and let the user in. */
function sideMenu(
  role: Role,
  { isAutonomous = false, companyType = 'SL' as CompanyType | null, permissions = ALL_PERMISSIONS } = {},
  subscription: PlanGateInput | null = null,
) {
  const context: MenuContext = {
    role,
    isAutonomous,
    companyId: companyType ? 'c-1' : null,
    companyType,
    subscription,
  };
  return visibleMenu(sideMenuFor(role, isAutonomous), context, (path) =>
    opensPage(path, { role, permissions, subscription }),
  );
}

describe('every role has its menu (issue 10 item 4)', () => {
  it("gives an autónomo without an advisor the owner's menu: invoicing, expenses, VeriFacTu, its company", () => {
    const owner = labels(
      sideMenu('CLIENTE', { isAutonomous: true, companyType: 'AUTONOMO' }, sub('STANDARD_STARTER')),
    );
    expect(owner).toEqual(
      expect.arrayContaining([
        'Inicio',
        'Facturación',
        'Ingresos',
        'Clientes',
        'Gastos',
        'Proveedores',
        'Facturas recurrentes',
        'VeriFacTu',
        'Estado VeriFacTu',
        'Configuración VeriFacTu',
        'Mi empresa',
        'Suscripción',
        'Perfil',
      ]),
    );
    expect(owner).not.toContain('Mis facturas');
    expect(sideMenuFor('CLIENTE', true)).toBe(ownerMenu);
  });

  it("gives a gestoría's client the portal, with 'Mis facturas' only when it may read invoices", () => {
    expect(labels(sideMenu('CLIENTE'))).toEqual([
      'Inicio',
      'Mis documentos',
      'Subir documentos',
      'Mis documentos fiscales',
      'Mis obligaciones',
      // Messages with its gestoría (issue 21).
      'Mensajes',
      // Meetings with its gestoría (issue 20).
      'Reuniones',
      // Its ficha (issue 21).
      'Mi ficha de cliente',
      // The client's books (issue 18) once the accounting area is on.
      ...(isAvailable('accounting') ? ['Mi contabilidad'] : []),
      // Its company's people, for an SL or SA (issue 21).
      'Mis usuarios',
      'Mis facturas',
    ]);
    // What its gestoría shares (Mis documentos), messages, its ficha and its company's people need no
    // permission (issue 21); uploading does.
    const everyClient = ['Mensajes', 'Reuniones', 'Mi ficha de cliente', 'Mis usuarios'];
    expect(labels(sideMenu('CLIENTE', { permissions: ['VIEW_INVOICES'] }))).toEqual([
      'Inicio',
      'Mis documentos',
      ...everyClient,
      'Mis facturas',
    ]);
    expect(labels(sideMenu('CLIENTE', { permissions: ['UPLOAD_DOCUMENTS'] }))).toEqual([
      'Inicio',
      'Mis documentos',
      'Subir documentos',
      ...everyClient,
    ]);
  });

  it('gives a new gestoría without a company only what opens without one: Empresas and Perfil', () => {
    // The layout's rule: with no company selected, only the paths exempt from the company rule open
    // (the others lead to /app/companies, spec part 1 §2), so no 'Inicio' either.
    const access = { role: 'GESTOR' as const, permissions: [], subscription: sub('GESTORIA_STARTER') };
    const context = { ...gestor(null), subscription: access.subscription };
    const opens = (path: string) => isExemptFromCompanyRule(path) && opensPage(path, access);
    expect(labels(visibleMenu(gestorMenu, context, opens))).toEqual(['Empresas', 'Perfil']);
    expect(labels(visibleMenu(userMenu, context, opens))).toEqual(['Perfil', 'Empresas']);
  });

  it("gives an administrator the companies and the selected company's areas", () => {
    const admin = labels(sideMenu('ADMIN'));
    expect(admin).toEqual(
      expect.arrayContaining([
        'Inicio',
        'Empresas',
        'Usuarios de la empresa',
        'Facturación',
        'Ingresos',
        'VeriFacTu',
      ]),
    );
    // The platform's dashboard (issue 20) is shown; admin pages of later issues are listed in the data, not shown.
    expect(admin).toContain('Panel de administración');
    expect(adminMenu.map((entry) => entry.label)).toContain('Suscripciones');
    expect(admin).not.toContain('Suscripciones');
  });
});

describe('menus against the pages of this SPA', () => {
  it('shows only entries whose page exists', () => {
    const gestorLabels = labels(
      visibleMenu(gestorMenu, gestor('SL', sub('GESTORIA_PROFESSIONAL')), isRegisteredPage),
    );
    expect(gestorLabels).toEqual([
      'Inicio',
      'Reuniones',
      'Mensajes',
      'Empresas',
      'Usuarios',
      'Suscripción',
      'Perfil',
      'Facturación',
      'Ingresos',
      'Clientes',
      'Gastos',
      'Proveedores',
      'Categorías de gasto',
      'Facturas recurrentes',
      ...(isAvailable('accounting') ? ACCOUNTING_LABELS : []),
      'Fiscal',
      'Panel fiscal',
      'Calendario fiscal',
      'Modelos',
      'Historial',
      'Centro de validación',
      'Declaraciones anuales',
      'Presentación por lotes',
      'Configuración fiscal',
      'Ejercicio fiscal',
      'Perfil fiscal',
      'Obligaciones de clientes',
      'Documentos',
      'Documentos',
      'Subir documentos',
      'Compartir con Clientes',
      'Revisión de Documentos',
      'Categorías de documentos',
      'Campañas de documentación',
      'Buzón inteligente',
      'Banca',
      'Resumen bancario',
      'Cuentas',
      'Conciliación',
      'Seguridad',
      'Pagos',
      'VeriFacTu',
      'Estado VeriFacTu',
      'Historial VeriFacTu',
      'Configuración VeriFacTu',
    ]);
  });

  it("gives the tax pages to staff and to a client's owner with VIEW_TAX_DOCUMENTS; the clients' obligations to staff only", () => {
    const owner = (permissions: ClientPermission[]) =>
      labels(sideMenu('CLIENTE', { isAutonomous: true, companyType: 'AUTONOMO', permissions }));
    expect(owner(ALL_PERMISSIONS)).toEqual(
      expect.arrayContaining([
        'Fiscal',
        'Panel fiscal',
        'Calendario fiscal',
        'Ejercicio fiscal',
        'Perfil fiscal',
      ]),
    );
    expect(owner(ALL_PERMISSIONS)).not.toContain('Obligaciones de clientes');
    expect(owner(['VIEW_INVOICES'])).not.toContain('Panel fiscal');
    expect(labels(sideMenu('GESTOR'))).toContain('Obligaciones de clientes');
    expect(labels(sideMenu('ADMIN'))).toContain('Obligaciones de clientes');
    // The AEAT models and the filings' history (issue 14), for staff and the owner alike.
    expect(labels(sideMenu('GESTOR'))).toEqual(expect.arrayContaining(['Modelos', 'Historial']));
    expect(owner(ALL_PERMISSIONS)).toEqual(expect.arrayContaining(['Modelos', 'Historial']));
    expect(owner(['VIEW_INVOICES'])).not.toContain('Modelos');
    // The validation centre with the models; the batch cockpit is the gestoría's (every client).
    expect(owner(ALL_PERMISSIONS)).toContain('Centro de validación');
    expect(owner(ALL_PERMISSIONS)).not.toContain('Presentación por lotes');
    expect(labels(sideMenu('GESTOR'))).toEqual(
      expect.arrayContaining(['Centro de validación', 'Presentación por lotes']),
    );
    for (const path of [
      '/app/tax/models',
      '/app/tax/models/generate',
      '/app/tax/models/2026-303-1T/preview',
      '/app/tax/history',
      '/app/tax/pending-confirmation',
      '/app/tax/threshold-statistics',
      '/app/tax/validation-center',
      '/app/tax/annual-returns',
      '/app/tax/cockpit',
      '/app/my-tax-documents',
      '/app/tax/dashboard',
    ]) {
      expect(isRegisteredPage(path), path).toBe(true);
    }
  });

  it('every visible entry of every menu, for every role and flag, opens a page of the router', () => {
    const types: (CompanyType | null)[] = [null, 'AUTONOMO', 'SL', 'SA', 'CB', 'SC'];
    const subscriptions: (PlanGateInput | null)[] = [
      null,
      ...Object.keys(plans).map((code) => sub(code as keyof typeof plans)),
    ];
    const permissionSets: ClientPermission[][] = [
      [],
      ALL_PERMISSIONS,
      ['VIEW_INVOICES'],
      ['UPLOAD_DOCUMENTS'],
    ];
    const checked = new Set<string>();
    const refused: string[] = [];
    const handles = new Map<string, RouteHandle | undefined>();
    const routerHandle = (path: string) => {
      if (!handles.has(path))
        handles.set(path, matchRoutes(appRoutes, path)?.at(-1)?.route.handle as RouteHandle | undefined);
      return handles.get(path);
    };
    for (const role of ROLES) {
      for (const isAutonomous of [false, true]) {
        for (const companyType of types) {
          for (const subscription of subscriptions) {
            for (const permissions of permissionSets) {
              const context: MenuContext = {
                role,
                isAutonomous,
                companyId: companyType ? 'c-1' : null,
                companyType,
                subscription,
              };
              const access = { role, permissions, subscription };
              for (const menu of [sideMenuFor(role, isAutonomous), userMenu]) {
                for (const path of menuPaths(visibleMenu(menu, context, (p) => opensPage(p, access)))) {
                  checked.add(path);
                  // The router's own rules let this user in: not 'Acceso restringido', not
                  // 'Funcionalidad Premium', not a missing permission.
                  const allowed = evaluateAccess(routerHandle(path)?.access ?? {}, access).allowed;
                  if (!allowed) refused.push(`${role} ${permissions.join('+')} ${path}`);
                }
              }
            }
          }
        }
      }
    }
    expect(refused).toEqual([]);
    expect(checked.size).toBeGreaterThan(5);
    // Not 'Página no encontrada'.
    for (const path of checked) expect(routerHandle(path), path).toMatchObject({ page: true });
  });

  it('would catch an entry pointing to a path without a page', () => {
    const leaf = matchRoutes(appRoutes, '/app/admin/subscriptions')?.at(-1)?.route;
    expect((leaf?.handle as RouteHandle | undefined)?.page).toBe(false);
    expect(isRegisteredPage('/app/admin/subscriptions')).toBe(false);
    expect(isRegisteredPage('/app/companies/c-9/users')).toBe(true);
  });
});

const ACCOUNTING_LABELS = [
  'Contabilidad',
  'Plan de cuentas',
  'Libro diario',
  'Libro mayor',
  'Balance',
  'Cuenta de resultados',
  'Informe financiero',
  'Sumas y saldos',
  'Cierre del ejercicio',
  'Configuración contable',
];

describe('the accounting pages follow their capability and the plan (issue 18)', () => {
  const opensIn =
    (pages: readonly AppPage[], access: Parameters<typeof evaluateAccess>[1]) =>
    (path: string): boolean =>
      pages.some(
        (page) =>
          page.page !== undefined &&
          matchPath({ path: `/app/${page.path}`, end: true }, path) !== null &&
          evaluateAccess(page, access).allowed,
      );
  const on = accountingPages(() => true);

  it('registers every page once the area is on, none while it is off, each with its access rules', () => {
    expect(accountingPages(() => false).every((page) => page.page === undefined)).toBe(true);
    expect(on.every((page) => page.page !== undefined)).toBe(true);
    expect(on.map((page) => page.path)).toEqual([
      'accounting/chart',
      'accounting/journal',
      'accounting/entries/create',
      'accounting/entries/:entryId/edit',
      'accounting/balance',
      'accounting/income-statement',
      'accounting/ledger',
      'accounting/ledger/:accountId',
      'accounting/trial-balance',
      'accounting/closing',
      'accounting/financial-report',
      'accounting/settings',
      'my-accounting',
    ]);
    for (const page of on.filter((p) => p.path.startsWith('accounting/')))
      expect(page).toMatchObject({ permission: 'VIEW_ACCOUNTING_DATA', plan: 'accounting' });
    // The client's books: the plan is its gestoría's, which the server checks.
    expect(on.find((p) => p.path === 'my-accounting')).toMatchObject({ permission: 'VIEW_ACCOUNTING_DATA' });
    expect(on.find((p) => p.path === 'my-accounting')?.plan).toBeUndefined();
  });

  it('offers the books to a Professional gestor of an SL, in order, and not to an AUTONOMO or without the plan', () => {
    const access = { role: 'GESTOR' as const, permissions: [], subscription: sub('GESTORIA_PROFESSIONAL') };
    const group = (context: MenuContext, opens: (path: string) => boolean) =>
      visibleMenu(gestorMenu, context, opens).find((item) => item.label === 'Contabilidad');
    const books = group(gestor('SL', access.subscription), opensIn(on, access));
    expect(books?.children?.map((item) => [item.label, item.path])).toEqual([
      ['Plan de cuentas', '/app/accounting/chart'],
      ['Libro diario', '/app/accounting/journal'],
      ['Libro mayor', '/app/accounting/ledger'],
      ['Balance', '/app/accounting/balance'],
      ['Cuenta de resultados', '/app/accounting/income-statement'],
      ['Informe financiero', '/app/accounting/financial-report'],
      ['Sumas y saldos', '/app/accounting/trial-balance'],
      ['Cierre del ejercicio', '/app/accounting/closing'],
      ['Configuración contable', '/app/accounting/settings'],
    ]);
    expect(group(gestor('AUTONOMO', access.subscription), opensIn(on, access))).toBeUndefined();
    const starter = { ...access, subscription: sub('GESTORIA_STARTER') };
    expect(group(gestor('SL', starter.subscription), opensIn(on, starter))).toBeUndefined();
    expect(
      group(
        gestor('SL', access.subscription),
        opensIn(
          accountingPages(() => false),
          access,
        ),
      ),
    ).toBeUndefined();
  });

  it("gives an SL or SA client with VIEW_ACCOUNTING_DATA 'Mi contabilidad'", () => {
    const client = (companyType: CompanyType, permissions: ClientPermission[]) =>
      labels(
        visibleMenu(
          clientMenu,
          { role: 'CLIENTE', isAutonomous: false, companyId: 'c-1', companyType, subscription: null },
          opensIn(on, { role: 'CLIENTE', permissions, subscription: null }),
        ),
      );
    expect(client('SL', ['VIEW_ACCOUNTING_DATA'])).toEqual(['Mi contabilidad']);
    expect(client('SA', ['VIEW_ACCOUNTING_DATA'])).toEqual(['Mi contabilidad']);
    expect(client('CB', ['VIEW_ACCOUNTING_DATA'])).toEqual([]);
    expect(client('SL', ['VIEW_INVOICES'])).toEqual([]);
  });
});

describe('the documents and smart-inbox pages follow their capability (issue 17)', () => {
  /** `opens` over a list of pages: the page exists there and its access rules let the user in. */
  const opensIn =
    (pages: readonly AppPage[], access: Parameters<typeof evaluateAccess>[1]) =>
    (path: string): boolean =>
      pages.some(
        (page) =>
          page.page !== undefined &&
          matchPath({ path: `/app/${page.path}`, end: true }, path) !== null &&
          evaluateAccess(page, access).allowed,
      );
  const gestorAccess = {
    role: 'GESTOR' as const,
    permissions: [],
    subscription: sub('GESTORIA_PROFESSIONAL'),
  };
  const clientAccess = {
    role: 'CLIENTE' as const,
    permissions: ['UPLOAD_DOCUMENTS' as const],
    subscription: null,
  };
  const client: MenuContext = { ...gestor('SL'), role: 'CLIENTE' };

  it('registers no page while ocr and smartInbox are off, and every page once they are on', () => {
    expect(issue17Pages(() => false).every((page) => page.page === undefined)).toBe(true);
    const on = issue17Pages(() => true);
    expect(on.every((page) => page.page !== undefined)).toBe(true);
    expect(on.map((page) => page.path)).toEqual(
      expect.arrayContaining([
        'documents',
        'documents/upload',
        'documents/ai-metrics',
        'companies/:companyId/documents',
        'document-reviews',
        'document-categories',
        'smart-inbox',
        'smart-inbox/advanced',
        'admin/smart-inbox',
        'admin/smart-inbox/ai-metrics',
        'document-upload',
        'my-documents',
      ]),
    );
    // One area at a time: the inbox follows smartInbox only.
    const inboxOnly = issue17Pages((capability) => capability === 'smartInbox');
    expect(inboxOnly.filter((page) => page.page).map((page) => page.path)).toEqual([
      'smart-inbox',
      'smart-inbox/advanced',
      'admin/smart-inbox',
    ]);
  });

  it('shows the menu entries once the areas are on, with the access rules of each page', () => {
    const on = issue17Pages(() => true);
    const gestorLabels = labels(
      visibleMenu(gestorMenu, gestor('SL', sub('GESTORIA_PROFESSIONAL')), opensIn(on, gestorAccess)),
    );
    expect(gestorLabels).toEqual([
      'Documentos',
      'Documentos',
      'Subir documentos',
      'Compartir con Clientes',
      'Revisión de Documentos',
      'Categorías de documentos',
      'Buzón inteligente',
    ]);
    expect(labels(visibleMenu(clientMenu, client, opensIn(on, clientAccess)))).toEqual([
      'Mis documentos',
      'Subir documentos',
    ]);
    // Without UPLOAD_DOCUMENTS a client still reads what its gestoría shares with it (issue 21), but uploads nothing.
    expect(
      labels(visibleMenu(clientMenu, client, opensIn(on, { ...clientAccess, permissions: [] }))),
    ).toEqual(['Mis documentos']);
    const off = issue17Pages(() => false);
    expect(
      labels(visibleMenu(gestorMenu, gestor('SL', sub('GESTORIA_PROFESSIONAL')), opensIn(off, gestorAccess))),
    ).toEqual([]);
  });
});
