/** Test data of the models pages, shaped as the API answers (shared/schemas/tax-models.ts). */
import type { Page } from '@shared/api/envelope';
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
