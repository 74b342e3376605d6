/** Test data of the fiscal tab, shaped as the tax API answers it (shared/schemas/tax*.ts). */
import type { AssistantProposal, AssistantStatus } from '@shared/schemas/tax';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import type { TaxProfileView } from '@web/lib/tax-api';

export const COMPANY_ID = 'c-1';

/** `GET companies.get` for the fiscal tab: a gestor of an SL, or a client who may read tax documents. */
export const membership = (role: 'GESTOR' | 'CLIENTE' = 'GESTOR', companyType: 'SL' | 'AUTONOMO' = 'SL') => ({
  companyId: COMPANY_ID,
  name: 'Panadería La Espiga SL',
  nif: 'B46128732',
  companyType,
  isActive: true,
  isDefault: true,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-03-05T10:00:00Z',
  myRole: role,
  myPermissions: role === 'CLIENTE' ? ['VIEW_TAX_DOCUMENTS'] : [],
  canManage: role !== 'CLIENTE',
});

export const slFacts = (overrides: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  hasEmployees: true,
  rentsPremises: true,
  ...overrides,
});

export const profileView = (overrides: Partial<TaxProfileView> = {}): TaxProfileView => ({
  companyId: COMPANY_ID,
  revision: 2,
  companyType: 'SL',
  taxYear: 2026,
  facts: slFacts(),
  versions: [
    {
      effectiveFrom: '2026-01-01',
      facts: slFacts({ rentsPremises: false }),
      changedAt: '2026-01-10T09:00:00Z',
      changedBy: 'u-1',
    },
    { effectiveFrom: '2026-07-01', facts: slFacts(), changedAt: '2026-06-15T09:00:00Z', changedBy: 'u-1' },
  ],
  createdAt: '2026-01-10T09:00:00Z',
  updatedAt: '2026-06-15T09:00:00Z',
  requiredModels: [
    { model: '303', periodicity: 'QUARTERLY', reason: 'Actividad sujeta a IVA' },
    {
      model: '111',
      periodicity: 'QUARTERLY',
      reason: 'Tiene trabajadores o paga a profesionales con retención',
    },
    { model: '115', periodicity: 'QUARTERLY', reason: 'Alquila un local de negocio con retención' },
  ],
  nextEffectiveFrom: '2027-05-01',
  ...overrides,
});

export const notStarted: AssistantStatus = {
  hasProfile: false,
  status: 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: null,
};

/** The status of a company with a profile and no draft. */
export const applied: AssistantStatus = {
  hasProfile: true,
  status: 'APPLIED',
  draft: null,
  profileUpdatedAt: '2026-07-01T09:00:00Z',
};

export const proposal = (overrides: Partial<AssistantProposal> = {}): AssistantProposal => ({
  facts: slFacts({ rentsPremises: false }),
  requiredModels: [
    { model: '303', periodicity: 'QUARTERLY', reason: 'Actividad sujeta a IVA' },
    {
      model: '111',
      periodicity: 'QUARTERLY',
      reason: 'Tiene trabajadores o paga a profesionales con retención',
    },
    {
      model: '202',
      periodicity: 'INSTALMENTS',
      reason: 'Sociedad sujeta al Impuesto sobre Sociedades: pagos fraccionados',
    },
  ],
  issues: [],
  ...overrides,
});
