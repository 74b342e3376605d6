/** Test data of the models pages, shaped as the API answers (shared/schemas/tax-models.ts). */
import type { Page } from '@shared/api/envelope';
import type { BoxDef } from '@shared/fiscal/models/types';
import type { CompanyEntry } from '@shared/schemas/companies';
import type { AssistantStatus } from '@shared/schemas/tax';
import type { SubmissionDetail } from '@shared/schemas/tax-filing';
import type { BoxSourceRow, BoxSourcesView, ModelPreview, TaxModelView } from '@shared/schemas/tax-models';

export const espiga: CompanyEntry = {
  companyId: 'c-1',
  name: 'Panadería La Espiga SL',
  nif: 'B46128732',
  companyType: 'SL',
  isActive: true,
  isDefault: true,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-03-05T10:00:00Z',
};

/** `GET companies.get` of the selected company: a GESTOR may write, a CLIENTE only reads. */
export const membership = (role: 'GESTOR' | 'CLIENTE' = 'GESTOR') => ({
  ...espiga,
  myRole: role,
  myPermissions: role === 'CLIENTE' ? ['VIEW_TAX_DOCUMENTS'] : [],
  canManage: role === 'GESTOR',
});

export const profileStatus = (hasProfile: boolean): AssistantStatus => ({
  hasProfile,
  status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: hasProfile ? '2026-01-02T08:00:00Z' : null,
});

export const page = <T>(content: T[]): Page<T> => ({
  content,
  page: 0,
  size: Math.max(content.length, 20),
  totalElements: content.length,
  totalPages: 1,
});

/**
 * A 303 of 1T 2026 (design 303-2026): 10.000,00 € at 21 % charged, 2.000,00 € at 21 % deductible;
 * [71] 1.680,00 € to pay.
 */
export const preview303 = (overrides: Partial<ModelPreview> = {}): ModelPreview => ({
  modelType: '303',
  year: 2026,
  period: '1T',
  design: '303-2026',
  boxes: {
    '07': 1_000_000,
    '08': 2100,
    '09': 210_000,
    '27': 210_000,
    '28': 200_000,
    '29': 42_000,
    '45': 42_000,
    '46': 168_000,
    '110': 0,
    '71': 168_000,
  },
  result: { type: 'I', amountCents: 168_000 },
  allowedResultTypes: ['I', 'U', 'G'],
  records: [],
  issues: [
    {
      code: 'IBAN_RECOMMENDED',
      field: 'iban',
      message: 'Indica un IBAN para domiciliar el pago.',
      severity: 'WARNING',
    },
  ],
  sources: {
    '07': ['ISSUED:S1|2100|0|ES|0|G'],
    '09': ['ISSUED:S1|2100|0|ES|0|G'],
    '28': ['RECEIVED:DOMESTIC|2100|0|C|0'],
    '29': ['RECEIVED:DOMESTIC|2100|0|C|0'],
  },
  itemsRead: 3,
  ...overrides,
});

export const model303 = (overrides: Partial<TaxModelView> = {}): TaxModelView => ({
  ...preview303(),
  modelId: '2026-303-1T',
  companyId: 'c-1',
  status: 'MODEL_GENERATED',
  adjustments: {},
  generatedAt: '2026-04-05T09:00:00Z',
  generatedBy: 'u-gestor',
  updatedAt: '2026-04-05T09:00:00Z',
  version: 1,
  approvedAt: null,
  approvedBy: null,
  submittedAt: null,
  reference: null,
  submissionId: null,
  publishedAt: null,
  ...overrides,
});

export const sourceRow = (overrides: Partial<BoxSourceRow> = {}): BoxSourceRow => ({
  book: 'ISSUED',
  id: 'inv-1',
  number: 'F-2026-0001',
  date: '2026-02-10',
  counterpartyName: 'Hostelería Levante SL',
  counterpartyTaxId: 'B12345674',
  keys: ['ISSUED:S1|2100|0|ES|0|G'],
  baseCents: 600_000,
  vatCents: 126_000,
  recargoCents: 0,
  deductibleVatCents: 0,
  totalCents: 726_000,
  ...overrides,
});

export const boxSources = (box: string, rows: BoxSourceRow[]): BoxSourcesView => ({
  modelType: '303',
  year: 2026,
  period: '1T',
  box,
  label: null,
  valueCents: rows.reduce((s, r) => s + r.baseCents, 0),
  sources: ['ISSUED:S1|2100|0|ES|0|G'],
  ...page(rows),
});

export const submission = (overrides: Partial<SubmissionDetail> = {}): SubmissionDetail => ({
  submissionId: 's-1',
  companyId: 'c-1',
  modelId: '2026-303-1T',
  modelType: '303',
  year: 2026,
  period: '1T',
  mode: 'CERTIFICATE',
  state: 'ACCEPTED',
  csv: 'ABCD1234EFGH5678',
  receiptNumber: '3030000000001',
  errors: [],
  attempts: 1,
  submittedBy: 'u-gestor',
  createdAt: '2026-04-10T10:00:00Z',
  updatedAt: '2026-04-10T10:00:05Z',
  companyName: 'Panadería La Espiga SL',
  companyNif: 'B46128732',
  collaboratorNif: null,
  authorizationId: null,
  presentedAt: null,
  modelVersion: 1,
  result: { type: 'I', amountCents: 168_000 },
  fileName: 'B46128732_2026_1T.303',
  hasReceipt: true,
  retryable: false,
  ambiguous: false,
  lastAttemptAt: '2026-04-10T10:00:00Z',
  ...overrides,
});

// --- income-tax models (issue 15) ---------------------------------------------------------------

const box = (n: string, label: string, section: string, extra: Partial<BoxDef> = {}): BoxDef => ({
  box: n,
  label,
  unit: 'CENTS',
  signed: false,
  section,
  ...extra,
});

/**
 * Designs of the tests (their own ids, so they stand whatever the model definitions hold): the 130
 * page 01 and the 115 page 01 as the reference digests them (../shared/reference/tax-models.md §2.3,
 * §2.5). The page tests read them through a mocked `designBoxes`.
 */
export const FIXTURE_DESIGNS: Record<string, readonly BoxDef[]> = {
  '130-fixture': [
    box('01', 'Ingresos computables', 'Actividades económicas en estimación directa'),
    box('02', 'Gastos fiscalmente deducibles', 'Actividades económicas en estimación directa'),
    box('03', 'Rendimiento neto', 'Actividades económicas en estimación directa', { signed: true }),
    box('04', '20 % del rendimiento neto', 'Actividades económicas en estimación directa'),
    box('05', 'Pagos fraccionados de trimestres anteriores', 'Actividades económicas en estimación directa'),
    box('06', 'Retenciones e ingresos a cuenta', 'Actividades económicas en estimación directa'),
    box('07', 'Pago fraccionado previo del trimestre', 'Actividades económicas en estimación directa', {
      signed: true,
    }),
    box('12', 'Suma de pagos fraccionados previos', 'Total liquidación'),
    box('13', 'Minoración por el art. 110.3.c) del Reglamento', 'Total liquidación'),
    box('14', 'Diferencia', 'Total liquidación'),
    box('15', 'Resultados negativos de trimestres anteriores', 'Total liquidación'),
    box('16', 'Deducción por préstamos para la vivienda habitual', 'Total liquidación'),
    box('17', 'Total', 'Total liquidación', { signed: true }),
    box('18', 'Resultado de la declaración anterior (complementaria)', 'Total liquidación', { manual: true }),
    box('19', 'Resultado de la declaración', 'Total liquidación', { signed: true }),
  ],
  '115-fixture': [
    box('01', 'Número de perceptores', 'Retenciones e ingresos a cuenta', { unit: 'COUNT' }),
    box('02', 'Base de las retenciones', 'Retenciones e ingresos a cuenta'),
    box('03', 'Retenciones e ingresos a cuenta', 'Retenciones e ingresos a cuenta'),
    box('04', 'Resultado de la declaración anterior (complementaria)', 'Resultado', { manual: true }),
    box('05', 'Resultado a ingresar', 'Resultado'),
  ],
};

/**
 * A 130 of 2T 2026: 6.000,00 € of income and 9.000,00 € of expenses from January, a net loss of
 * 3.000,00 €; the customers withheld 900,00 €: nothing to pay, [19] −900,00 € 'a deducir' (B).
 */
export const preview130 = (overrides: Partial<ModelPreview> = {}): ModelPreview => ({
  modelType: '130',
  year: 2026,
  period: '2T',
  design: '130-fixture',
  boxes: {
    '01': 600_000,
    '02': 900_000,
    '03': -300_000,
    '04': 0,
    '05': 0,
    '06': 90_000,
    '07': -90_000,
    '12': 0,
    '13': 0,
    '14': 0,
    '15': 0,
    '16': 0,
    '17': -90_000,
    '18': 0,
    '19': -90_000,
  },
  result: { type: 'B', amountCents: -90_000 },
  allowedResultTypes: ['B'],
  records: [],
  issues: [],
  sources: {
    '01': ['ISSUED:S1|2100|0|ES|0|G'],
    '02': ['RECEIVED:DOMESTIC|2100|0|C|0'],
    '06': ['ISSUED:IRPF'],
  },
  itemsRead: 4,
  ...overrides,
});

/** A 115 of 2T 2026: one landlord from the books, 1.000,00 € of rent, 190,00 € withheld to pay. */
export const preview115 = (overrides: Partial<ModelPreview> = {}): ModelPreview => ({
  modelType: '115',
  year: 2026,
  period: '2T',
  design: '115-fixture',
  boxes: { '01': 1, '02': 100_000, '03': 19_000, '04': 0, '05': 19_000 },
  result: { type: 'I', amountCents: 19_000 },
  allowedResultTypes: ['I', 'U', 'G'],
  records: [],
  issues: [],
  sources: {
    '01': ['RECEIVED:W|RENT|-'],
    '02': ['RECEIVED:IRPF|RENT|-'],
    '03': ['RECEIVED:IRPF|RENT|-'],
  },
  itemsRead: 2,
  ...overrides,
});

/** A stored model of a preview (generated, not filed). */
export const storedModel = (preview: ModelPreview, overrides: Partial<TaxModelView> = {}): TaxModelView => ({
  ...model303(),
  ...preview,
  modelId: `${preview.year}-${preview.modelType}-${preview.period}`,
  ...overrides,
});
