import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo, notFound } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { account, page } from '../testing/fixtures';
import { category, settings, supplier } from '../testing/settings-fixtures';
import { SettingsPage } from './settings-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));
const denied = vi.hoisted(() => ({ routes: new Set<string>() }));
vi.mock('@web/lib/access', async (original) => ({
  ...(await original<typeof import('@web/lib/access')>()),
  useCanCall: () => (routeId: string) => !denied.routes.has(routeId),
}));

beforeEach(() => {
  denied.routes = new Set();
});
afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const NAMES: Record<string, string> = {
  '700': 'Ventas de mercaderías',
  '705': 'Prestaciones de servicios',
  '629': 'Otros servicios',
  '600': 'Compras de mercaderías',
  '219': 'Otro inmovilizado material',
  '572': 'Bancos e instituciones de crédito c/c vista, euros',
  '570': 'Caja, euros',
  '621': 'Arrendamientos y cánones',
  '623': 'Servicios de profesionales independientes',
  '628': 'Suministros',
};

const bank2 = account({
  accountCode: '5720001',
  accountName: 'Banco Sabadell',
  level: 'SUBACCOUNT',
  isPgc: false,
});

const answers = (over: ApiAnswers = {}): ApiAnswers => ({
  'accounting.getSettings': settings(),
  'accounting.getAccount': ({ params }: ApiRequestOptions) => {
    const code = params?.accountId ?? '';
    return NAMES[code] ? account({ accountCode: code, accountName: NAMES[code] }) : notFound();
  },
  'accounting.listAccounts': ({ query }: ApiRequestOptions) =>
    page(String(query?.codePrefix ?? '').startsWith('5720') ? [bank2] : [account()]),
  'expenseCategories.list': [
    category(),
    category({ categoryId: 'cat-phone', name: 'Teléfono e internet', pgcAccount: '629' }),
    category({ categoryId: 'cat-old', name: 'Asesoría antigua', isActive: false }),
    category({ categoryId: 'cat-gone', name: 'Viajes (borrada)', isActive: false }),
  ],
  'suppliers.list': page([
    supplier(),
    supplier({ supplierId: 's-agua', name: 'Aguas de Valencia SA', taxId: 'A46000002' }),
  ]),
  ...over,
});

const renderSettings = () =>
  renderRoutes(
    [
      { path: '/app/accounting/settings', element: <SettingsPage /> },
      { path: '/app/accounting/chart', element: <h1>Plan de cuentas</h1> },
    ],
    { path: '/app/accounting/settings' },
  );

/** The form item (label, control and its messages) of a single account. */
const item = (label: string) =>
  screen.getByRole('combobox', { name: label }).closest('.ant-form-item') as HTMLElement;

/** Opens a picker, types `search` and picks the option with that label. */
async function pick(label: string, search: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  const before = document.querySelectorAll('.ant-select-dropdown').length;
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: search } });
  const found = await waitFor(() => {
    // This picker's own dropdown: the newest (another picker's may still be in the document).
    const dropdowns = document.querySelectorAll('.ant-select-dropdown');
    if (dropdowns.length <= before) throw new Error(`The dropdown of ${label} is not open`);
    const o = [...dropdowns[dropdowns.length - 1]!.querySelectorAll('.ant-select-item-option')].find(
      (x) => x.getAttribute('title') === option,
    );
    if (!o) throw new Error(`No option ${option}`);
    return o;
  });
  fireEvent.click(found);
}

/** Clears a picker (antd's clear icon of its select). */
function clear(label: string) {
  const select = screen.getByRole('combobox', { name: label }).closest('.ant-select') as HTMLElement;
  fireEvent.mouseEnter(select);
  fireEvent.mouseDown(select.querySelector('.ant-select-clear') as HTMLElement);
  fireEvent.click(select.querySelector('.ant-select-clear') as HTMLElement);
}

describe('/app/accounting/settings', { timeout: 30_000 }, () => {
  it('shows each account with its name, the category and supplier tables, and the chart and periods read-only', async () => {
    answerApi(apiRequest, answers());
    renderSettings();
    expect(await screen.findByRole('heading', { name: 'Configuración contable' })).toBeTruthy();
    await waitFor(() =>
      expect(
        within(item('Bancos')).getByText('572 Bancos e instituciones de crédito c/c vista, euros'),
      ).toBeTruthy(),
    );
    expect(within(item('Ventas de mercaderías')).getByText('700 Ventas de mercaderías')).toBeTruthy();
    expect(within(item('Caja')).getByText('570 Caja, euros')).toBeTruthy();
    expect(screen.getByText('PGC de PYMES')).toBeTruthy();
    expect(screen.getByText('01/01/2026')).toBeTruthy();
    expect(screen.getByText('Febrero 2026')).toBeTruthy();
    expect(screen.getByText('2025')).toBeTruthy();

    const categories = screen.getByRole('table', { name: 'Cuentas por categoría de gasto' });
    // Active categories, and a deleted one only while it still has an account.
    expect(within(categories).getByText('Alquileres')).toBeTruthy();
    expect(within(categories).getByText('Teléfono e internet')).toBeTruthy();
    expect(within(categories).getByText('Asesoría antigua')).toBeTruthy();
    expect(within(categories).queryByText('Viajes (borrada)')).toBeNull();
    expect(within(categories).getByText('621 Arrendamientos y cánones')).toBeTruthy();

    const suppliers = screen.getByRole('table', { name: 'Cuentas por proveedor' });
    expect(within(suppliers).getByText('Eléctrica del Turia SA')).toBeTruthy();
    expect(within(suppliers).getByText('628 Suministros')).toBeTruthy();
    expect(screen.getByText('2 proveedores con cuenta')).toBeTruthy();
    expect(callsTo(apiRequest, 'suppliers.list')[0]).toMatchObject({
      companyId: 'c-1',
      query: { page: 0, size: 20, sort: 'name,asc' },
    });
    expect(screen.getByRole('button', { name: 'Guardar configuración' })).toBeTruthy();
  });

  it('saves the whole mapping: a new bank sub-account, a category cleared, the suppliers of other pages kept', async () => {
    answerApi(
      apiRequest,
      answers({
        'accounting.updateSettings': ({ body }: ApiRequestOptions) => ({
          ...settings(),
          ...(body as object),
          updatedAt: '2026-03-02T10:00:00.000Z',
        }),
      }),
    );
    renderSettings();
    await screen.findByRole('table', { name: 'Cuentas por categoría de gasto' });
    await pick('Bancos', '5720', '572.00.01 Banco Sabadell');
    // Only accounts that accept entries are offered.
    expect(callsTo(apiRequest, 'accounting.listAccounts').at(-1)).toMatchObject({
      query: { onlyAcceptingEntries: 'true', codePrefix: '5720' },
    });
    await waitFor(() => expect(screen.getByText('621 Arrendamientos y cánones')).toBeTruthy());
    clear('Cuenta de Alquileres');
    await pick('Cuenta de Aguas de Valencia SA', '5720', '572.00.01 Banco Sabadell');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.updateSettings')).toHaveLength(1));
    expect(callsTo(apiRequest, 'accounting.updateSettings')[0]).toEqual(
      expect.objectContaining({
        companyId: 'c-1',
        body: {
          revenueGoodsAccount: '700',
          revenueServicesAccount: '705',
          defaultExpenseAccount: '629',
          goodsPurchaseAccount: '600',
          investmentGoodsAccount: '219',
          bankAccount: '5720001',
          cashAccount: '570',
          categoryAccounts: { 'cat-old': '623' },
          supplierAccounts: { 's-luz': '628', 's-elsewhere': '629', 's-agua': '5720001' },
        },
      }),
    );
    expect(await screen.findByText('Configuración contable guardada')).toBeTruthy();
  });

  it("shows the server's messages under the fields they name, and a toast for a row not on screen", async () => {
    let reply: ApiError = new ApiError({
      code: 'CORE_004',
      message: 'La cuenta 572 no admite asientos: elige una cuenta de detalle o una subcuenta.',
      status: 400,
      field: 'bankAccount',
    });
    answerApi(
      apiRequest,
      answers({
        'accounting.updateSettings': () => {
          throw reply;
        },
      }),
    );
    renderSettings();
    await screen.findByRole('table', { name: 'Cuentas por proveedor' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(
      await within(item('Bancos')).findByText(
        'La cuenta 572 no admite asientos: elige una cuenta de detalle o una subcuenta.',
      ),
    ).toBeTruthy();

    reply = new ApiError({
      code: 'CORE_004',
      message: 'Datos no válidos',
      status: 400,
      details: {
        issues: [
          { field: 'supplierAccounts.s-luz', message: 'La cuenta 628 no existe en el plan de cuentas.' },
          { field: 'categoryAccounts.cat-rent', message: 'La cuenta 621 no existe en el plan de cuentas.' },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    const luz = screen
      .getByRole('combobox', { name: 'Cuenta de Eléctrica del Turia SA' })
      .closest('tr') as HTMLElement;
    expect(await within(luz).findByText('La cuenta 628 no existe en el plan de cuentas.')).toBeTruthy();
    const rent = screen.getByRole('combobox', { name: 'Cuenta de Alquileres' }).closest('tr') as HTMLElement;
    expect(within(rent).getByText('La cuenta 621 no existe en el plan de cuentas.')).toBeTruthy();

    reply = new ApiError({
      code: 'CORE_004',
      message: 'La cuenta 629 no existe en el plan de cuentas.',
      status: 400,
      field: 'supplierAccounts.s-elsewhere',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(
      await screen.findByText('La cuenta 629 no existe en el plan de cuentas.', {
        selector: '.ant-notification *',
      }),
    ).toBeTruthy();
  });

  it('refuses to save a single account left empty', async () => {
    answerApi(apiRequest, answers());
    renderSettings();
    await waitFor(() => expect(within(item('Caja')).getByText('570 Caja, euros')).toBeTruthy());
    clear('Caja');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(await within(item('Caja')).findByText('Elige una cuenta.')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.updateSettings')).toHaveLength(0);
  });

  it('is read-only without accounting.updateSettings: no save button, the pickers disabled', async () => {
    denied.routes = new Set(['accounting.updateSettings']);
    answerApi(apiRequest, answers());
    renderSettings();
    await screen.findByRole('table', { name: 'Cuentas por proveedor' });
    await screen.findByRole('combobox', { name: 'Cuenta de Alquileres' });
    expect(screen.queryByRole('button', { name: 'Guardar configuración' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Descartar cambios' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Bancos' }) as HTMLInputElement).disabled).toBe(true);
    expect(
      (screen.getByRole('combobox', { name: 'Cuenta de Alquileres' }) as HTMLInputElement).disabled,
    ).toBe(true);
    // Reading still works: the suppliers can be searched.
    expect((screen.getByRole('searchbox', { name: 'Buscar proveedor' }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it('does not ask for categories or suppliers the member may not read', async () => {
    denied.routes = new Set(['expenseCategories.list', 'suppliers.list']);
    answerApi(apiRequest, answers());
    renderSettings();
    expect(await screen.findByText('No tienes acceso a las categorías de gasto de la empresa.')).toBeTruthy();
    expect(screen.getByText('No tienes acceso a los proveedores de la empresa.')).toBeTruthy();
    expect(callsTo(apiRequest, 'expenseCategories.list')).toHaveLength(0);
    expect(callsTo(apiRequest, 'suppliers.list')).toHaveLength(0);
  });

  it('sends to the chart when the accounting was never initialised', async () => {
    answerApi(apiRequest, {
      'accounting.getSettings': () =>
        notFound('La contabilidad de la empresa no está inicializada: inicializa el plan de cuentas.'),
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('link', { name: 'Ir al plan de cuentas' }));
    expect(await screen.findByRole('heading', { name: 'Plan de cuentas' })).toBeTruthy();
  });
});
