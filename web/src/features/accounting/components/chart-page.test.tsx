import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { account, page, stats } from '../testing/fixtures';
import { ChartPage } from './chart-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));
const allowed = vi.hoisted(() => ({ routes: null as Set<string> | null }));
vi.mock('@web/lib/access', async (original) => ({
  ...(await original<typeof import('@web/lib/access')>()),
  useCanCall: () => (routeId: string) => allowed.routes === null || allowed.routes.has(routeId),
}));

beforeEach(() => {
  allowed.routes = null;
});
afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const renderChart = () =>
  renderRoutes([{ path: '/app/accounting/chart', element: <ChartPage /> }], {
    path: '/app/accounting/chart',
  });

const accounts = [
  account({
    accountCode: '57',
    accountName: 'Tesorería',
    level: 'SUBGROUP',
    acceptsEntries: false,
    parentCode: '5',
  }),
  account(),
  account({
    accountCode: '5720001',
    accountName: 'Banco Sabadell',
    level: 'SUBACCOUNT',
    isPgc: false,
    parentCode: '572',
    hasEntries: false,
  }),
  account({
    accountCode: '700',
    accountName: 'Ventas de mercaderías',
    type: 'REVENUE',
    typeLabel: 'Ingresos',
  }),
];

describe('/app/accounting/chart', { timeout: 30_000 }, () => {
  it('shows the counts, the accounts with code, type and ledger link, and PGC accounts read-only', async () => {
    answerApi(apiRequest, {
      'accounting.accountStats': stats(),
      'accounting.listAccounts': page(accounts),
      'accounting.categories': [
        {
          categoryCode: '5',
          categoryName: 'Cuentas financieras',
          level: 'GROUP',
          parentCode: null,
          type: 'ASSET',
          typeLabel: 'Activo',
          accountCount: 40,
        },
      ],
    });
    renderChart();
    expect(within(await screen.findByLabelText('Total de cuentas')).getByText('812')).toBeTruthy();
    expect(within(screen.getByLabelText('Con movimientos')).getByText('14')).toBeTruthy();
    expect(within(screen.getByLabelText('Cuentas padre')).getByText('240')).toBeTruthy();
    expect(within(screen.getByLabelText('Admiten asientos')).getByText('572')).toBeTruthy();
    const table = await screen.findByRole('table');
    // Spec part 2 §9: codes of 6 digits or more as 3.2.rest.
    expect(await within(table).findByText('572.00.01')).toBeTruthy();
    expect(within(table).getByText('Ingresos')).toBeTruthy();
    expect(within(table).getAllByText('Activo').length).toBeGreaterThan(0);
    const pgcRow = within(table).getByText('Ventas de mercaderías').closest('tr') as HTMLElement;
    expect(within(pgcRow).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(pgcRow).getByRole('link', { name: 'Libro mayor' }).getAttribute('href')).toBe(
      '/app/accounting/ledger/700',
    );
    const subRow = within(table).getByText('Banco Sabadell').closest('tr') as HTMLElement;
    expect(within(subRow).getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(within(subRow).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.listAccounts')[0]).toMatchObject({
      query: { page: 0, size: 100 },
      companyId: 'c-1',
    });
  });

  it('filters by text, type and only the accounts that accept entries', async () => {
    answerApi(apiRequest, {
      'accounting.accountStats': stats(),
      'accounting.listAccounts': page(accounts),
      'accounting.categories': [],
    });
    renderChart();
    fireEvent.change(await screen.findByLabelText('Buscar cuenta'), { target: { value: 'banco' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Solo cuentas que admiten asientos' }));
    await waitFor(() =>
      expect(callsTo(apiRequest, 'accounting.listAccounts').at(-1)).toMatchObject({
        query: { search: 'banco', onlyAcceptingEntries: 'true' },
      }),
    );
  });

  it("offers 'Inicializar plan de cuentas' while there is none, PYMES by default", async () => {
    answerApi(apiRequest, {
      'accounting.accountStats': stats({ chartType: null, initializedAt: null, totalAccounts: 0 }),
      'accounting.initializeChart': {
        chartType: 'PYMES',
        created: 812,
        totalAccounts: 812,
        alreadyInitialized: false,
        backfillQueued: true,
      },
    });
    renderChart();
    fireEvent.click(await screen.findByRole('button', { name: 'Inicializar plan de cuentas' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.initializeChart')).toHaveLength(1));
    expect(callsTo(apiRequest, 'accounting.initializeChart')[0]).toMatchObject({
      body: { chartType: 'PYMES' },
      companyId: 'c-1',
    });
    expect(await screen.findByText(/Plan de cuentas inicializado \(812 cuentas\)/)).toBeTruthy();
  });

  it('hides the write actions from who may not take them', async () => {
    allowed.routes = new Set(['accounting.listAccounts', 'accounting.accountStats']);
    answerApi(apiRequest, {
      'accounting.accountStats': stats(),
      'accounting.listAccounts': page(accounts),
      'accounting.categories': [],
    });
    renderChart();
    expect(await screen.findByText('Banco Sabadell')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva subcuenta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Crear subcuenta' })).toBeNull();
  });

  it('creates a sub-account with a generated code', async () => {
    answerApi(apiRequest, {
      'accounting.accountStats': stats(),
      'accounting.listAccounts': page(accounts),
      'accounting.categories': [],
      'accounting.generateCode': { parentCode: '572', accountCode: '5720002', displayCode: '572.00.02' },
      'accounting.createAccount': account({ accountCode: '5720002', isPgc: false, level: 'SUBACCOUNT' }),
    });
    renderChart();
    const row = (await screen.findByText('Bancos e instituciones de crédito c/c vista, euros')).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Crear subcuenta' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Generar código' }));
    await waitFor(() =>
      expect((within(drawer).getByLabelText('Código') as HTMLInputElement).value).toBe('5720002'),
    );
    fireEvent.change(within(drawer).getByLabelText('Nombre'), { target: { value: 'Banco Santander' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.createAccount')).toHaveLength(1));
    expect(callsTo(apiRequest, 'accounting.createAccount')[0]?.body).toEqual({
      parentCode: '572',
      accountCode: '5720002',
      accountName: 'Banco Santander',
    });
    expect(callsTo(apiRequest, 'accounting.generateCode')[0]?.body).toEqual({ parentCode: '572' });
  });

  it("says 'Error obteniendo cuentas' when the accounts cannot be read", async () => {
    answerApi(apiRequest, {
      'accounting.accountStats': stats(),
      'accounting.listAccounts': () => {
        throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
      },
      'accounting.categories': [],
    });
    renderChart();
    expect(await screen.findByText('Error obteniendo cuentas')).toBeTruthy();
    expect(screen.getByText('Servicio no disponible')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
