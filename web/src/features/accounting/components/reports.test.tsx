import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { balanceSheet, incomeStatement, ledger, trialBalance } from '../testing/fixtures';
import { BalancePage } from './balance-page';
import { IncomeStatementPage } from './income-statement-page';
import { LedgerPage } from './ledger-page';
import { TrialBalancePage } from './trial-balance-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const dates = {
  firstEntryDate: '2026-01-10',
  lastEntryDate: '2026-03-25',
  dates: [
    { date: '2026-03-31', label: 'Marzo 2026', periodType: 'MONTHLY' },
    { date: '2026-02-28', label: 'Febrero 2026', periodType: 'MONTHLY' },
  ],
};

describe('/app/accounting/balance', { timeout: 30_000 }, () => {
  it('shows totals, Cuadrado, the sides by category with each account and its share, MONTHLY by default', async () => {
    answerApi(apiRequest, { 'accounting.balanceSheet': balanceSheet(), 'accounting.balanceDates': dates });
    renderRoutes([{ path: '/b', element: <BalancePage /> }], { path: '/b' });
    expect(await screen.findByText('Cuadrado')).toBeTruthy();
    expect(screen.getByText('A 31/03/2026')).toBeTruthy();
    expect(screen.getByTestId('total-Activo').textContent).toBe('2.210,00\u00a0€');
    expect(screen.getByTestId('total-Patrimonio neto y pasivo').textContent).toBe('2.210,00\u00a0€');
    const current = screen.getByRole('table', { name: 'Activo corriente' });
    expect(within(current).getByText('B.III Deudores comerciales y otras cuentas a cobrar')).toBeTruthy();
    const row = within(current)
      .getByText('B.III Deudores comerciales y otras cuentas a cobrar')
      .closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button'));
    expect(await screen.findByText('54,75 %')).toBeTruthy();
    expect(screen.getByText('430.00.001')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.balanceSheet')[0]).toMatchObject({
      query: { periodType: 'MONTHLY', layout: 'ABREVIADO' },
      companyId: 'c-1',
    });
  });

  it("says 'Descuadrado' and shows the legal lines; asks for the date chosen", async () => {
    answerApi(apiRequest, {
      'accounting.balanceSheet': balanceSheet({ isBalanced: false }),
      'accounting.balanceDates': dates,
    });
    renderRoutes([{ path: '/b', element: <BalancePage /> }], {
      path: '/b?balanceDate=2026-02-28&layout=PYMES',
    });
    expect(await screen.findByText('Descuadrado')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Modelo/ }));
    const lines = await screen.findByRole('table', { name: 'Partidas del balance' });
    expect(within(lines).getByText('B ACTIVO CORRIENTE')).toBeTruthy();
    expect(within(lines).getByTestId('line-B').style.fontWeight).toBe('600');
    expect(callsTo(apiRequest, 'accounting.balanceSheet')[0]?.query).toMatchObject({
      balanceDate: '2026-02-28',
      layout: 'PYMES',
    });
  });
});

describe('legal lines as the server labels them (with their own numbering)', { timeout: 30_000 }, () => {
  it("prints 'D) RESULTADO...' once, hides the totals' internal codes and links no ledger for the result", async () => {
    const line = (code: string, label: string, amountCents: number, level: number, isTotal = false) => ({
      code,
      label,
      level,
      amountCents,
      amount: amountCents / 100,
      isTotal,
    });
    const sheet = balanceSheet({
      lines: [
        line('B', 'B) ACTIVO CORRIENTE', 221000, 0, true),
        line('B.VII', 'VII. Efectivo y otros activos líquidos equivalentes', 100000, 1),
        line('TOTAL_ACTIVO', 'TOTAL ACTIVO (A + B)', 221000, 0, true),
      ],
    });
    sheet.equity.items = [
      {
        categoryCode: 'A-1.VII',
        categoryName: 'VII. Resultado del ejercicio',
        categoryType: 'EQUITY',
        accounts: [
          {
            accountId: 'PYG',
            accountCode: 'PYG',
            accountName: 'Pérdidas y ganancias del ejercicio',
            balanceCents: 100000,
            balance: 1000,
            percentage: 45.25,
          },
        ],
        subtotalCents: 100000,
        subtotal: 1000,
      },
    ];
    answerApi(apiRequest, { 'accounting.balanceSheet': sheet, 'accounting.balanceDates': dates });
    renderRoutes([{ path: '/b', element: <BalancePage /> }], { path: '/b' });
    const equity = await screen.findByRole('table', { name: 'Patrimonio neto' });
    const row = within(equity).getByText('A-1.VII Resultado del ejercicio').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button'));
    const result = await screen.findByText('Pérdidas y ganancias del ejercicio');
    expect(result.closest('a'), 'the result has no ledger').toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /Modelo/ }));
    const lines = await screen.findByRole('table', { name: 'Partidas del balance' });
    expect(within(lines).getByText('B) ACTIVO CORRIENTE')).toBeTruthy();
    expect(within(lines).getByText('VII. Efectivo y otros activos líquidos equivalentes')).toBeTruthy();
    expect(within(lines).getByText('TOTAL ACTIVO (A + B)')).toBeTruthy();
    expect(within(lines).queryByText(/TOTAL_ACTIVO|^B B\)/)).toBeNull();
  });
});

describe('/app/accounting/income-statement', { timeout: 30_000 }, () => {
  it('shows revenue, expense, result and the legal lines with the totals in bold', async () => {
    answerApi(apiRequest, { 'accounting.incomeStatement': incomeStatement() });
    renderRoutes([{ path: '/p', element: <IncomeStatementPage /> }], {
      path: '/p?fromDate=2026-01-01&toDate=2026-03-31',
    });
    expect(await screen.findByText('Del 01/01/2026 al 31/03/2026')).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Partidas de la cuenta de resultados' });
    expect(within(lines).getByText('1 Importe neto de la cifra de negocios')).toBeTruthy();
    expect(within(lines).getByTestId('line-7').textContent).toBe('-500,00\u00a0€');
    expect(within(lines).getByTestId('line-D').style.fontWeight).toBe('600');
    expect(within(lines).getByTestId('line-1').style.fontWeight).toBe('');
    expect(callsTo(apiRequest, 'accounting.incomeStatement')[0]?.query).toMatchObject({
      fromDate: '2026-01-01',
      toDate: '2026-03-31',
    });
  });
});

describe('/app/accounting/ledger/:accountId', { timeout: 30_000 }, () => {
  it('shows the opening balance, each movement with its running balance and a link to its entry', async () => {
    answerApi(apiRequest, { 'accounting.ledger': ledger(), 'accounting.listAccounts': { content: [] } });
    renderRoutes([{ path: '/app/accounting/ledger/:accountId', element: <LedgerPage accountId="572" /> }], {
      path: '/app/accounting/ledger/572',
    });
    const movements = await screen.findByRole('table', { name: 'Movimientos' });
    expect(within(movements).getByText('1.710,00 € D')).toBeTruthy();
    expect(within(movements).getByText('790,00 € H')).toBeTruthy();
    expect(within(movements).getByRole('link', { name: '8' }).getAttribute('href')).toBe(
      '/app/accounting/journal?fromDate=2026-03-20&toDate=2026-03-20&accountId=572',
    );
    expect(screen.getByText('500,00 € D')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.ledger')[0]).toMatchObject({ params: { accountId: '572' } });
  });

  it('asks for an account first', async () => {
    answerApi(apiRequest, { 'accounting.listAccounts': { content: [] } });
    renderRoutes([{ path: '/l', element: <LedgerPage /> }], { path: '/l' });
    expect(await screen.findByText('Elige una cuenta para ver sus movimientos.')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.ledger')).toHaveLength(0);
  });
});

describe('/app/accounting/trial-balance', { timeout: 30_000 }, () => {
  it('shows sums and balances per account, the totals and whether they agree; the level is asked', async () => {
    answerApi(apiRequest, { 'accounting.trialBalance': trialBalance() });
    renderRoutes([{ path: '/t', element: <TrialBalancePage /> }], { path: '/t?level=3' });
    const table = await screen.findByRole('table', { name: 'Sumas y saldos' });
    expect(within(table).getByText('430.00.001')).toBeTruthy();
    expect(screen.getByTestId('total-debit').textContent).toBe('1.210,00\u00a0€');
    expect(screen.getByTestId('total-credit').textContent).toBe('1.210,00\u00a0€');
    expect(screen.getByText('Cuadrado')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.trialBalance')[0]?.query).toMatchObject({ level: '3' });
    fireEvent.click(screen.getByRole('switch', { name: 'Incluir cuentas sin saldo' }));
    await waitFor(() =>
      expect(callsTo(apiRequest, 'accounting.trialBalance').at(-1)?.query).toMatchObject({
        includeZero: 'true',
      }),
    );
  });
});
