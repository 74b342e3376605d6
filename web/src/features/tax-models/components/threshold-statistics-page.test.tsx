/**
 * 'Umbrales y estadísticas': the 347 (status in words, counterparties with their key and quarters)
 * and the year's thresholds; a client without invoice permission is not asked for the latter (its
 * route would refuse it: no 403 in the console).
 */
import type { ThresholdStatisticsView } from '@shared/schemas/tax-aggregates';
import type { Threshold347View } from '@shared/schemas/tax-models';
import { screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership, profileStatus } from '../testing/fixtures';
import { ThresholdStatisticsPage } from './threshold-statistics-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const t347: Threshold347View = {
  year: 2026,
  thresholdCents: 300_506,
  status: 'REQUIRED',
  counterparties: [
    {
      counterpartyKey: 'B12345674',
      name: 'Hostelería Levante SL',
      key: 'B',
      amountCents: 726_000,
      quarterAmountsCents: [726_000, 0, 0, 0],
    },
  ],
  nearThreshold: [
    { counterpartyKey: 'A11111111', name: 'Harinas del Turia SA', key: 'A', amountCents: 250_000 },
  ],
};

const figure = (label: string, valueCents: number, thresholdCents: number | null, exceeded = false) => ({
  label,
  valueCents,
  thresholdCents,
  exceeded,
});

const stats: ThresholdStatisticsView = {
  year: '2026',
  turnover: figure('Volumen de operaciones del año', 1_000_000, 601_012_104),
  modelo347: {
    threshold: {
      ...figure('Clientes y proveedores por encima de 3.005,06 €', 726_000, 300_506, true),
      count: 1,
    },
    customers: [],
    suppliers: [],
  },
  simplifiedInvoices: { ...figure('Facturas simplificadas emitidas en el año', 4_400, null), count: 2 },
  intraEu: {
    issued: figure('Entregas y servicios intracomunitarios del año', 0, null),
    received: figure('Adquisiciones intracomunitarias del año', 0, null),
    largestQuarter: {
      ...figure('Operaciones intracomunitarias del trimestre mayor', 0, 5_000_000),
      quarter: null,
    },
  },
  itemsRead: 5,
};

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxModels.threshold347': t347,
  'invoices.thresholdStatistics': stats,
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = () => {
  rendered = renderRoutes([{ path: '/app/tax/threshold-statistics', element: <ThresholdStatisticsPage /> }], {
    path: '/app/tax/threshold-statistics?year=2026',
  });
  return rendered;
};

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('ThresholdStatisticsPage', { timeout: 20_000 }, () => {
  it("shows the 347 and the year's thresholds", async () => {
    answerApi(apiRequest, answers());
    renderPage();
    expect(await screen.findByText('Obligada a presentar el modelo 347')).toBeTruthy();
    const row = screen.getByRole('row', { name: 'Hostelería Levante SL · Ventas (entregas)' });
    expect(within(row).getAllByText('7.260,00 €').length).toBeGreaterThan(0);
    expect(screen.getByText('Harinas del Turia SA · Compras (adquisiciones): 2.500,00 €')).toBeTruthy();
    expect(await screen.findByText('Volumen de operaciones del año')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.threshold347')[0]).toMatchObject({ query: { year: 2026 } });
    expect(callsTo(apiRequest, 'invoices.thresholdStatistics')[0]).toMatchObject({ query: { year: '2026' } });
    expect(screen.queryByText('REQUIRED')).toBeNull();
  });

  it("a client who may not read invoices sees the 347 and is not asked for the invoices' figures", async () => {
    answerApi(apiRequest, answers({ 'companies.get': membership('CLIENTE') }));
    renderPage();
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    expect(await screen.findByText('Obligada a presentar el modelo 347')).toBeTruthy();
    expect(callsTo(apiRequest, 'invoices.thresholdStatistics')).toEqual([]);
    expect(screen.queryByText('Umbrales del año')).toBeNull();
  });
});
