import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { financialReport, validation } from '../testing/settings-fixtures';
import { FinancialReportPage } from './financial-report-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));
// The current year is 2026 in these tests.
vi.mock('@web/lib/spanish-today', () => ({ spanishToday: () => '2026-05-20' }));

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const renderReport = (path = '/app/accounting/financial-report?year=2025') =>
  renderRoutes([{ path: '/app/accounting/financial-report', element: <FinancialReportPage /> }], { path });

/** The value of the statistic with that title. */
const statistic = (title: string) => {
  const titled = screen.getAllByText(title).find((e) => e.closest('.ant-statistic'));
  return titled?.closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent;
};

describe('/app/accounting/financial-report', { timeout: 30_000 }, () => {
  it('shows the year’s figures, the ratios es-ES with — for none, and the monthly result', async () => {
    answerApi(apiRequest, { 'accounting.financialReport': financialReport() });
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Informe financiero' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Resultado mensual' });
    expect(callsTo(apiRequest, 'accounting.financialReport')[0]).toMatchObject({
      query: { year: 2025 },
      companyId: 'c-1',
    });
    expect(statistic('Ingresos')).toBe('120.000,00\u00a0€');
    expect(statistic('Gastos')).toBe('90.000,00\u00a0€');
    expect(statistic('Resultado')).toBe('30.000,00\u00a0€');
    expect(statistic('Activo total')).toBe('200.000,00\u00a0€');
    expect(statistic('Patrimonio neto')).toBe('80.000,00\u00a0€');
    expect(statistic('Pasivo')).toBe('120.000,00\u00a0€');
    expect(screen.getByTestId('ratio-liquidity').textContent).toBe('1,52');
    expect(screen.getByTestId('ratio-solvency').textContent).toBe('1,67');
    expect(screen.getByTestId('ratio-debtRatio').textContent).toBe('60,00\u00a0%');
    expect(screen.getByTestId('ratio-returnOnEquity').textContent).toBe('37,50\u00a0%');
    expect(screen.getByTestId('ratio-returnOnAssets').textContent).toBe('15,00\u00a0%');
    expect(screen.getByTestId('ratio-netMargin').textContent).toBe('—');

    const months = screen.getByRole('table', { name: 'Resultado mensual' });
    const february = within(months).getByText('Febrero 2025').closest('tr') as HTMLElement;
    expect(within(february).getByText('10.000,00 €')).toBeTruthy();
    expect(within(february).getByText('12.500,00 €')).toBeTruthy();
    expect(within(february).getByText('-2.500,00 €')).toBeTruthy();
    expect(within(months).getByText('Total 2025')).toBeTruthy();
    expect(within(months).getAllByRole('row')).toHaveLength(1 + 12 + 1);
  });

  it('asks for another year from the year selector', async () => {
    answerApi(apiRequest, {
      'accounting.financialReport': ({ query }: ApiRequestOptions) =>
        financialReport({ year: Number(query?.year) }),
    });
    renderReport('/app/accounting/financial-report');
    await screen.findByRole('table', { name: 'Resultado mensual' });
    expect(callsTo(apiRequest, 'accounting.financialReport')[0]).toMatchObject({ query: { year: 2026 } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Año' }));
    fireEvent.click(await screen.findByTitle('2024'));
    await waitFor(() =>
      expect(callsTo(apiRequest, 'accounting.financialReport').at(-1)).toMatchObject({
        query: { year: 2024 },
      }),
    );
  });

  it("'Validar balance' checks the year’s end and shows a balanced result without issues", async () => {
    answerApi(apiRequest, {
      'accounting.financialReport': financialReport(),
      'accounting.validateBalance': validation(),
    });
    renderReport();
    expect(callsTo(apiRequest, 'accounting.validateBalance')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Validar balance' }));
    const result = await screen.findByRole('region', { name: 'Resultado de la validación' });
    expect(callsTo(apiRequest, 'accounting.validateBalance')[0]).toMatchObject({
      query: { balanceDate: '2025-12-31' },
      companyId: 'c-1',
    });
    expect(within(result).getByText('Cuadrado')).toBeTruthy();
    expect(within(result).getByText('Coinciden')).toBeTruthy();
    expect(within(result).getByText('31/12/2025')).toBeTruthy();
    expect(within(result).getByTestId('validation-difference').textContent).toBe('0,00\u00a0€');
    expect(within(result).getByText('Sin incidencias')).toBeTruthy();
  });

  it('shows an unbalanced result with its difference and every issue; the current year is checked today', async () => {
    answerApi(apiRequest, {
      'accounting.financialReport': financialReport({ year: 2026 }),
      'accounting.validateBalance': validation({
        balanceDate: '2026-05-20',
        isBalanced: false,
        totalCreditCents: 4_999_000,
        differenceCents: 1_000,
        aggregatesMatchEntries: false,
        issues: [
          { code: 'UNBALANCED', message: 'El debe y el haber difieren en 10,00 €.' },
          { code: 'AGGREGATE_MISMATCH', message: 'Los saldos de 572 no coinciden con sus asientos.' },
        ],
      }),
    });
    renderReport('/app/accounting/financial-report');
    fireEvent.click(await screen.findByRole('button', { name: 'Validar balance' }));
    const result = await screen.findByRole('region', { name: 'Resultado de la validación' });
    expect(callsTo(apiRequest, 'accounting.validateBalance')[0]?.query?.balanceDate).toBeUndefined();
    expect(within(result).getByText('Descuadrado')).toBeTruthy();
    expect(within(result).getByText('No coinciden')).toBeTruthy();
    expect(within(result).getByTestId('validation-difference').textContent).toBe('10,00\u00a0€');
    expect(within(result).getByText('El debe y el haber difieren en 10,00 €.')).toBeTruthy();
    expect(within(result).getByText('Los saldos de 572 no coinciden con sus asientos.')).toBeTruthy();
    expect(within(result).queryByText('Sin incidencias')).toBeNull();
  });

  it('says when the validation fails, and keeps the report', async () => {
    answerApi(apiRequest, {
      'accounting.financialReport': financialReport(),
      'accounting.validateBalance': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderReport();
    fireEvent.click(await screen.findByRole('button', { name: 'Validar balance' }));
    expect(await screen.findByText('Error validando el balance')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Resultado mensual' })).toBeTruthy();
  });

  it("gives the load error with 'Reintentar' when the report fails", async () => {
    answerApi(apiRequest, {
      'accounting.financialReport': () => {
        throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
      },
    });
    renderReport();
    expect(await screen.findByText('Error obteniendo el informe financiero')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
