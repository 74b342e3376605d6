/** Cockpit answers for the tests: a row per company with the contract's every field. */
import type { CockpitRow, CockpitView } from '@shared/schemas/tax-models';

export const cockpitRow = (overrides: Partial<CockpitRow> = {}): CockpitRow => ({
  companyId: 'c-1',
  companyName: 'Panadería La Espiga SL',
  nif: 'B46128732',
  period: '1T',
  applicable: true,
  obligationId: '2026-303-1T',
  dueDate: '2026-04-20',
  modelId: '2026-303-1T',
  status: 'MODEL_GENERATED',
  approved: false,
  published: false,
  result: { type: 'I', amountCents: 123_456 },
  previousPeriodResult: { type: 'I', amountCents: 45_000 },
  lastYearResult: { type: 'C', amountCents: -20_000 },
  anomalies: [],
  issues: 0,
  ...overrides,
});

/** Four clients: one generated with an anomaly, one still to generate, one filed, one that does not file the 303. */
export const cockpitRows = (): CockpitRow[] => [
  cockpitRow({
    anomalies: [
      {
        code: 'CHANGE_VS_PREVIOUS_PERIOD',
        message: 'El resultado cambia un +174 % (450,00 € → 1.234,56 €) respecto al periodo anterior.',
      },
    ],
    issues: 2,
  }),
  cockpitRow({
    companyId: 'c-2',
    companyName: 'Javier Romero Gil',
    nif: '12345678Z',
    modelId: null,
    status: 'NOT_GENERATED',
    result: null,
    previousPeriodResult: null,
    lastYearResult: null,
  }),
  cockpitRow({
    companyId: 'c-3',
    companyName: 'Transportes Levante Norte SA',
    nif: 'A46000001',
    status: 'SUBMITTED',
    approved: true,
    published: true,
    result: { type: 'C', amountCents: -80_000 },
  }),
  cockpitRow({
    companyId: 'c-4',
    companyName: 'Estudio Nuevo SL',
    nif: 'B46000002',
    applicable: false,
    obligationId: null,
    dueDate: null,
    modelId: null,
    status: 'NOT_GENERATED',
    result: null,
    previousPeriodResult: null,
    lastYearResult: null,
  }),
];

export const cockpitView = (rows: CockpitRow[] = cockpitRows()): CockpitView => ({
  modelType: '303',
  year: 2026,
  period: '1T',
  rows,
  totals: {
    companies: rows.length,
    generated: rows.filter((r) => r.modelId !== null).length,
    approved: rows.filter((r) => r.approved).length,
    submitted: rows.filter((r) => r.status === 'SUBMITTED').length,
    withAnomalies: rows.filter((r) => r.anomalies.length > 0).length,
  },
});
