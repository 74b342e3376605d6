/**
 * The menus of spec part 1 §2 as data: admin, gestor (varying by company type and plan), client
 * (varying by company type), the owner menu of an autónomo without an advisor, and the user menu.
 * `visibleMenu` applies the rules and keeps only the entries that open a page for this user (the
 * page exists in this SPA and its access rules let the user in); entries of later issues stay here
 * and appear by themselves once their page is added to app-pages.
 */
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import ContactsOutlined from '@ant-design/icons/ContactsOutlined';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import CrownOutlined from '@ant-design/icons/CrownOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import FileProtectOutlined from '@ant-design/icons/FileProtectOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FolderOpenOutlined from '@ant-design/icons/FolderOpenOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import LineChartOutlined from '@ant-design/icons/LineChartOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { isAvailable } from '@shared/capabilities';
import type { CompanyType } from '@shared/db/records';
import { hasPayroll, isEnterprise, isStarter, type PlanGateInput } from '@shared/schemas/billing';
import { paths } from '@web/lib/paths';
import type { Role } from '@web/lib/roles';
import type { ComponentType } from 'react';

export interface MenuContext {
  role: Role;
  /** A CLIENTE who runs a business of its own, without an advisor: gets the owner's menu. */
  isAutonomous: boolean;
  /** The selected company; null when none is selected. */
  companyId: string | null;
  companyType: CompanyType | null;
  /** The user's subscription; null when there is none. */
  subscription: PlanGateInput | null;
  /** The selected company keeps its VAT books in the SII (issue 16); absent: it does not. */
  siiEnabled?: boolean;
}

export interface MenuEntry {
  key: string;
  label: string;
  icon?: ComponentType;
  /** A fixed path, or one built from the context (null: not available, e.g. no company selected). */
  path?: string | ((context: MenuContext) => string | null);
  /** The rule of spec part 1 §2/§6 that shows the entry; absent: always. */
  visible?: (context: MenuContext) => boolean;
  children?: readonly MenuEntry[];
}

export interface MenuItem {
  key: string;
  label: string;
  icon?: ComponentType;
  path?: string;
  /** A count beside the label (see `withBadges`). */
  badge?: number;
  children?: MenuItem[];
}

// --- the rules -----------------------------------------------------------------------------------

/** Plan codes containing 'starter' hide 'Usuarios', 'Compartir con Clientes', 'Revisión de Documentos'. */
const notStarter = ({ subscription }: MenuContext) => !isStarter(subscription);
/** 'Gestión de Clientes' only for the ENTERPRISE plan category. */
const enterprise = ({ subscription }: MenuContext) => isEnterprise(subscription);
/** 'Nóminas' only with payroll access (plan limit or an active payroll add-on). */
const payrollAccess = ({ subscription }: MenuContext) => hasPayroll(subscription);
const companyTypeIn =
  (...types: CompanyType[]) =>
  ({ companyType }: MenuContext) =>
    companyType !== null && types.includes(companyType);
const notAutonomo = ({ companyType }: MenuContext) => companyType !== 'AUTONOMO';
/**
 * 'Compartir con Clientes' opens the company's documents, but sharing them with its clients comes
 * with the portal's document exchange (shared/capabilities.ts `clientPortalDocuments`): until then
 * the entry would promise what the page does not do.
 */
const sharingWithClients = (context: MenuContext) =>
  notStarter(context) && isAvailable('clientPortalDocuments');
/** Document-request campaigns are a gestor's work across its clients. */
const gestorOnly = ({ role }: MenuContext) => role === 'GESTOR';
/** The SII pages only for a selected company in the SII (its page explains it to the others). */
const siiCompany = ({ companyId, siiEnabled }: MenuContext) => companyId !== null && siiEnabled === true;
/**
 * A company is selected. The invoicing pages live under /app/admin/, which the company rule exempts
 * (spec part 1 §2), yet they work on the selected company: without one they would open on nothing.
 */
const hasCompany = ({ companyId }: MenuContext) => companyId !== null;
const companyPath =
  (section: string) =>
  ({ companyId }: MenuContext) =>
    companyId ? paths.app.companySection(companyId, section) : null;

// --- the menus -----------------------------------------------------------------------------------

// --- the areas every business menu shares (gestor, owner, admin) -----------------------------------

const invoicingGroup: MenuEntry = {
  key: 'invoicing',
  label: 'Facturación',
  icon: FileTextOutlined,
  visible: hasCompany,
  children: [
    { key: 'invoicing-income', label: 'Ingresos', path: paths.app.invoicing.income },
    { key: 'invoicing-customers', label: 'Clientes', path: paths.app.invoicing.customers },
    { key: 'invoicing-expenses', label: 'Gastos', path: paths.app.invoicing.expenses },
    { key: 'invoicing-suppliers', label: 'Proveedores', path: paths.app.invoicing.suppliers },
    { key: 'expense-categories', label: 'Categorías de gasto', path: companyPath('expense-categories') },
    { key: 'invoicing-recurring', label: 'Facturas recurrentes', path: paths.app.recurring.dashboard },
  ],
};

const accountingGroup: MenuEntry = {
  key: 'accounting',
  label: 'Contabilidad',
  icon: CalculatorOutlined,
  visible: notAutonomo,
  children: [
    { key: 'accounting-chart', label: 'Plan de cuentas', path: paths.app.accounting.chart },
    { key: 'accounting-journal', label: 'Libro diario', path: paths.app.accounting.journal },
    { key: 'accounting-ledger', label: 'Libro mayor', path: paths.app.accounting.ledger() },
    { key: 'accounting-balance', label: 'Balance', path: paths.app.accounting.balance },
    { key: 'accounting-income', label: 'Cuenta de resultados', path: paths.app.accounting.incomeStatement },
    {
      key: 'accounting-financial-report',
      label: 'Informe financiero',
      path: paths.app.accounting.financialReport,
    },
    { key: 'accounting-trial-balance', label: 'Sumas y saldos', path: paths.app.accounting.trialBalance },
    { key: 'accounting-closing', label: 'Cierre del ejercicio', path: paths.app.accounting.closing },
    { key: 'accounting-settings', label: 'Configuración contable', path: paths.app.accounting.settings },
  ],
};

const taxGroup: MenuEntry = {
  key: 'tax',
  label: 'Fiscal',
  icon: AuditOutlined,
  children: [
    { key: 'tax-dashboard', label: 'Panel fiscal', path: paths.app.tax.dashboard },
    { key: 'tax-calendar', label: 'Calendario fiscal', path: paths.app.tax.calendar },
    // The AEAT models of the company (issue 14) and its filings with the AEAT.
    { key: 'tax-models', label: 'Modelos', path: paths.app.tax.models },
    { key: 'tax-history', label: 'Historial', path: paths.app.tax.history },
    { key: 'tax-validation-center', label: 'Centro de validación', path: paths.app.tax.validationCenter },
    // The annual returns filed elsewhere: what Cuadra knows and what to gather (issue 15).
    { key: 'tax-annual-returns', label: 'Declaraciones anuales', path: paths.app.tax.annualReturns },
    // The SII of a company that keeps its VAT books there (issue 16): books, problems, submissions.
    { key: 'tax-sii', label: 'SII', path: paths.app.tax.sii, visible: siiCompany },
    { key: 'tax-sii-config', label: 'Configuración SII', path: companyPath('sii'), visible: siiCompany },
    // GESTOR only (its page's roles): one model and period across every client.
    { key: 'tax-cockpit', label: 'Presentación por lotes', path: paths.app.tax.cockpit },
    { key: 'tax-configuration', label: 'Configuración fiscal', path: paths.app.tax.configuration },
    { key: 'tax-fiscal-year', label: 'Ejercicio fiscal', path: paths.app.tax.fiscalYearConfig },
    // The selected company's tax profile and its assistant (the company configuration page).
    { key: 'tax-profile', label: 'Perfil fiscal', path: companyPath('configuration') },
    // Staff only (its page's roles): every client's obligations of the coming days.
    { key: 'tax-obligations', label: 'Obligaciones de clientes', path: paths.app.tax.obligations },
  ],
};

const documentsGroup: MenuEntry = {
  key: 'documents',
  label: 'Documentos',
  icon: FolderOpenOutlined,
  children: [
    // The documents pages (issue 17) appear when their area (`ocr`) is available (app-pages).
    { key: 'documents-all', label: 'Documentos', path: paths.app.documents },
    { key: 'documents-upload', label: 'Subir documentos', path: paths.app.documentsUpload },
    {
      key: 'documents-share',
      label: 'Compartir con Clientes',
      path: companyPath('documents'),
      visible: sharingWithClients,
    },
    {
      key: 'document-reviews',
      label: 'Revisión de Documentos',
      path: paths.app.documentReviews,
      visible: notStarter,
    },
    { key: 'document-categories', label: 'Categorías de documentos', path: paths.app.documentCategories },
    {
      key: 'document-campaigns',
      label: 'Campañas de documentación',
      path: paths.app.documentCampaigns,
      visible: gestorOnly,
    },
  ],
};

const bankingGroup: MenuEntry = {
  key: 'banking',
  label: 'Banca',
  icon: WalletOutlined,
  children: [
    { key: 'banking-home', label: 'Resumen bancario', path: paths.app.banking.root },
    { key: 'banking-accounts', label: 'Cuentas', path: paths.app.banking.accounts },
    { key: 'banking-reconciliation', label: 'Conciliación', path: paths.app.banking.reconciliation },
    { key: 'banking-security', label: 'Seguridad', path: paths.app.banking.security },
    { key: 'banking-payments', label: 'Pagos', path: paths.app.banking.payments },
    {
      key: 'banking-treasury',
      label: 'Tesorería',
      path: paths.app.banking.treasury,
      visible: companyTypeIn('SA'),
    },
  ],
};

const payrollGroup: MenuEntry = {
  key: 'payroll',
  label: 'Nóminas',
  icon: SolutionOutlined,
  visible: payrollAccess,
  children: [
    { key: 'payroll-dashboard', label: 'Panel de nóminas', path: paths.app.payroll.dashboard },
    { key: 'payroll-employees', label: 'Empleados', path: paths.app.payroll.employees },
    { key: 'payroll-payrolls', label: 'Nóminas', path: paths.app.payroll.payrolls },
    { key: 'payroll-calculation', label: 'Cálculo', path: paths.app.payroll.calculation },
    { key: 'payroll-payments', label: 'Pagos', path: paths.app.payroll.payments },
    { key: 'payroll-absences', label: 'Ausencias y vacaciones', path: paths.app.payroll.absencesVacations },
    { key: 'payroll-reports', label: 'Informes', path: paths.app.payroll.reports },
    { key: 'payroll-configuration', label: 'Configuración', path: paths.app.payroll.configuration },
  ],
};

const verifactuGroup: MenuEntry = {
  key: 'verifactu',
  label: 'VeriFacTu',
  icon: SafetyCertificateOutlined,
  children: [
    { key: 'verifactu-status', label: 'Estado VeriFacTu', path: paths.app.verifactu },
    { key: 'verifactu-history', label: 'Historial VeriFacTu', path: paths.app.verifactuHistory },
    { key: 'verifactu-config', label: 'Configuración VeriFacTu', path: companyPath('verifactu') },
  ],
};

const companyUsersEntry: MenuEntry = {
  key: 'company-users',
  label: 'Usuarios de la empresa',
  icon: TeamOutlined,
  path: ({ companyId }) => (companyId ? paths.app.companyUsers(companyId) : null),
};

export const adminMenu: readonly MenuEntry[] = [
  { key: 'dashboard', label: 'Inicio', icon: HomeOutlined, path: paths.app.dashboard },
  {
    key: 'admin-dashboard',
    label: 'Panel de administración',
    icon: DashboardOutlined,
    path: paths.app.admin.dashboard,
  },
  { key: 'admin-users', label: 'Usuarios', icon: TeamOutlined, path: paths.app.admin.users },
  {
    key: 'admin-subscriptions',
    label: 'Suscripciones',
    icon: CrownOutlined,
    path: paths.app.admin.subscriptions,
  },
  { key: 'admin-discounts', label: 'Descuentos', icon: CreditCardOutlined, path: paths.app.admin.discounts },
  {
    key: 'admin-discount-codes',
    label: 'Códigos de descuento',
    icon: CreditCardOutlined,
    path: paths.app.admin.discountCodes,
  },
  {
    key: 'admin-system-config',
    label: 'Configuración del sistema',
    icon: SettingOutlined,
    path: paths.app.admin.systemConfig,
  },
  { key: 'admin-logs', label: 'Registros', icon: FileTextOutlined, path: paths.app.admin.logs },
  {
    key: 'admin-system-errors',
    label: 'Errores del sistema',
    icon: AuditOutlined,
    path: paths.app.admin.systemErrors,
  },
  {
    key: 'admin-smart-inbox',
    label: 'Buzón inteligente',
    icon: MailOutlined,
    path: paths.app.admin.smartInbox,
  },
  {
    key: 'admin-smart-inbox-ai',
    label: 'Métricas de IA',
    icon: LineChartOutlined,
    path: paths.app.admin.smartInboxAiMetrics,
  },
  {
    key: 'admin-tgss',
    label: 'Configuración TGSS',
    icon: SafetyCertificateOutlined,
    path: paths.app.admin.tgssConfiguration,
  },
  {
    key: 'admin-certificates',
    label: 'Certificados globales',
    icon: FileProtectOutlined,
    path: paths.app.admin.certificatesGlobal,
  },
  {
    key: 'admin-audit-company',
    label: 'Auditoría de empresas',
    icon: AuditOutlined,
    path: paths.app.admin.auditCompany,
  },
  {
    key: 'admin-audit-gestor',
    label: 'Auditoría de gestores',
    icon: AuditOutlined,
    path: paths.app.admin.auditGestor,
  },
  { key: 'admin-support', label: 'Soporte', icon: CustomerServiceOutlined, path: paths.app.admin.support },
  { key: 'admin-addons', label: 'Complementos', icon: AppstoreAddOutlined, path: paths.app.admin.addons },
  {
    key: 'notification-documents',
    label: 'Notificaciones de documentos',
    icon: BellOutlined,
    path: paths.app.notificationDocuments,
  },
  // An administrator sees every company and works in the selected one like its gestor.
  { key: 'companies', label: 'Empresas', icon: BankOutlined, path: paths.app.companies },
  companyUsersEntry,
  invoicingGroup,
  accountingGroup,
  taxGroup,
  documentsGroup,
  bankingGroup,
  verifactuGroup,
  { key: 'profile', label: 'Perfil', icon: UserOutlined, path: paths.app.profile },
];

export const gestorMenu: readonly MenuEntry[] = [
  { key: 'dashboard', label: 'Inicio', icon: HomeOutlined, path: paths.app.dashboard },
  // Meetings its clients ask for (issue 20): confirm, propose another time, cancel.
  { key: 'meetings', label: 'Reuniones', icon: ScheduleOutlined, path: paths.app.meetings },
  { key: 'messaging', label: 'Mensajes', icon: MessageOutlined, path: paths.app.messaging },
  { key: 'companies', label: 'Empresas', icon: BankOutlined, path: paths.app.companies },
  { key: 'users', label: 'Usuarios', icon: TeamOutlined, path: paths.app.users, visible: notStarter },
  { key: 'subscription', label: 'Suscripción', icon: CrownOutlined, path: paths.app.subscription },
  { key: 'profile', label: 'Perfil', icon: UserOutlined, path: paths.app.profile },
  invoicingGroup,
  accountingGroup,
  taxGroup,
  documentsGroup,
  { key: 'smart-inbox', label: 'Buzón inteligente', icon: MailOutlined, path: paths.app.smartInbox },
  bankingGroup,
  payrollGroup,
  verifactuGroup,
  // Add-on entries go right after VeriFacTu for gestors (spec part 1 §2).
  {
    key: 'addons',
    label: 'Complementos',
    icon: AppstoreAddOutlined,
    children: [
      { key: 'addons-dashboard', label: 'Mis complementos', path: companyPath('addons/dashboard') },
      { key: 'addons-features', label: 'Funcionalidades', path: companyPath('addons/features') },
    ],
  },
  {
    key: 'gestor-clients',
    label: 'Gestión de Clientes',
    icon: ContactsOutlined,
    path: paths.app.gestorClients,
    visible: enterprise,
  },
  // A gestor working on an SA also gets the company's users and the analytics.
  { ...companyUsersEntry, visible: companyTypeIn('SA') },
  {
    key: 'analytics',
    label: 'Analítica',
    icon: LineChartOutlined,
    path: paths.app.analytics,
    visible: companyTypeIn('SA'),
  },
  {
    key: 'profitability',
    label: 'Rentabilidad',
    icon: LineChartOutlined,
    path: paths.app.profitability,
    visible: companyTypeIn('SA'),
  },
];

export const clientMenu: readonly MenuEntry[] = [
  { key: 'dashboard', label: 'Inicio', icon: HomeOutlined, path: paths.app.dashboard },
  {
    key: 'my-documents',
    label: 'Mis documentos',
    icon: FolderOpenOutlined,
    path: paths.app.client.myDocuments,
  },
  {
    key: 'document-upload',
    label: 'Subir documentos',
    icon: CloudUploadOutlined,
    path: paths.app.client.documentUpload,
  },
  {
    key: 'my-tax-documents',
    label: 'Mis documentos fiscales',
    icon: AuditOutlined,
    path: paths.app.client.myTaxDocuments,
  },
  {
    key: 'my-obligations',
    label: 'Mis obligaciones',
    icon: ScheduleOutlined,
    path: paths.app.client.myObligations,
  },
  { key: 'messages', label: 'Mensajes', icon: MessageOutlined, path: paths.app.client.messages },
  { key: 'meetings', label: 'Reuniones', icon: ScheduleOutlined, path: paths.app.meetings },
  {
    key: 'client-profile',
    label: 'Mi ficha de cliente',
    icon: UserOutlined,
    path: paths.app.client.clientProfile,
  },
  {
    key: 'my-accounting',
    label: 'Mi contabilidad',
    icon: CalculatorOutlined,
    path: paths.app.client.myAccounting,
    visible: companyTypeIn('SL', 'SA'),
  },
  {
    key: 'my-users',
    label: 'Mis usuarios',
    icon: TeamOutlined,
    path: paths.app.client.myUsers,
    visible: companyTypeIn('SL', 'SA'),
  },
  {
    key: 'my-invoices',
    label: 'Mis facturas',
    icon: FileTextOutlined,
    // Spec part 1 §2 lists it for SA, CB and SC; an SL's client reads its invoices here too until
    // 'Mi contabilidad' exists (issue 10 item 4). The page itself needs VIEW_INVOICES.
    path: paths.app.client.myInvoices,
  },
];

/**
 * An autónomo without an advisor (isAutonomous) runs a business: the company owner's menu, with
 * each area appearing as its pages land (issue 10 item 4), not the client portal.
 */
export const ownerMenu: readonly MenuEntry[] = [
  { key: 'dashboard', label: 'Inicio', icon: HomeOutlined, path: paths.app.dashboard },
  invoicingGroup,
  accountingGroup,
  taxGroup,
  {
    ...documentsGroup,
    // Sharing with clients and reviewing their documents are a gestoría's work.
    children: documentsGroup.children?.filter(
      (entry) => entry.key !== 'documents-share' && entry.key !== 'document-reviews',
    ),
  },
  bankingGroup,
  payrollGroup,
  verifactuGroup,
  {
    key: 'my-company',
    label: 'Mi empresa',
    icon: BankOutlined,
    path: ({ companyId }) => (companyId ? paths.app.company(companyId) : null),
  },
  { key: 'users', label: 'Usuarios', icon: TeamOutlined, path: paths.app.users, visible: notStarter },
  { key: 'subscription', label: 'Suscripción', icon: CrownOutlined, path: paths.app.subscription },
  { key: 'profile', label: 'Perfil', icon: UserOutlined, path: paths.app.profile },
];

/** The user menu of the header; 'Cerrar sesión' is an action, added by the header. */
export const userMenu: readonly MenuEntry[] = [
  { key: 'profile', label: 'Perfil', icon: UserOutlined, path: paths.app.profile },
  { key: 'companies', label: 'Empresas', icon: BankOutlined, path: paths.app.companies },
  { key: 'billing', label: 'Facturación', icon: CreditCardOutlined, path: paths.app.billing },
  { key: 'support', label: 'Ayuda y soporte', icon: CustomerServiceOutlined, path: paths.app.support },
];

export function sideMenuFor(role: Role, isAutonomous = false): readonly MenuEntry[] {
  if (role === 'ADMIN') return adminMenu;
  if (role === 'GESTOR') return gestorMenu;
  return isAutonomous ? ownerMenu : clientMenu;
}

/**
 * The entries the user sees: the rules applied, paths resolved, leaves that do not open a page
 * (no page in this SPA, or one whose access rules refuse this user: `opens`) dropped, and groups
 * left empty dropped with them. No entry leads to 'Página no encontrada' or 'Acceso restringido'.
 */
export function visibleMenu(
  entries: readonly MenuEntry[],
  context: MenuContext,
  opens: (path: string) => boolean,
): MenuItem[] {
  const items: MenuItem[] = [];
  for (const entry of entries) {
    if (entry.visible && !entry.visible(context)) continue;
    if (entry.children) {
      const children = visibleMenu(entry.children, context, opens);
      if (children.length > 0) items.push({ key: entry.key, label: entry.label, icon: entry.icon, children });
      continue;
    }
    const path = typeof entry.path === 'function' ? entry.path(context) : entry.path;
    if (path && opens(path)) items.push({ key: entry.key, label: entry.label, icon: entry.icon, path });
  }
  return items;
}

/** The client's and the staff's messages entries: the layout shows the unread count beside them. */
export const MESSAGES_MENU_KEY = 'messages';
export const MESSAGING_MENU_KEY = 'messaging';

/** The items with a count beside the entries named in `counts` (0 shows nothing). */
export function withBadges(items: readonly MenuItem[], counts: Record<string, number>): MenuItem[] {
  return items.map((item) => {
    const children = item.children ? withBadges(item.children, counts) : undefined;
    const badge = counts[item.key];
    return { ...item, ...(children ? { children } : {}), ...(badge ? { badge } : {}) };
  });
}

/** Every path of a visible menu, depth first (for tests and the selected-key lookup). */
export function menuPaths(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => (item.children ? menuPaths(item.children) : item.path ? [item.path] : []));
}
