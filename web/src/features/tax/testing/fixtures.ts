/** Test data of the tax pages, shaped as the API answers (shared/schemas/tax.ts). */
import type { CompanyEntry } from '@shared/schemas/companies';
import type {
  CalendarView,
  FiscalAlert,
  ObligationsSummary,
  ObligationView,
  OverdueObligation,
  UpcomingObligation,
} from '@shared/schemas/tax';
import type { FiscalAnalysisView } from '@web/lib/tax-api';

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

export const obligation = (overrides: Partial<ObligationView> = {}): ObligationView => ({
  obligationId: '2027-303-1T',
  companyId: 'c-1',
  modelType: '303',
  period: '1T',
  year: 2027,
  periodicity: 'QUARTERLY',
  periodStart: '2027-01-01',
  periodEnd: '2027-03-31',
  windowStart: '2027-04-01',
  dueDate: '2027-04-20',
  domiciliationDueDate: '2027-04-15',
  paidByDomiciliation: false,
  alertDate: '2027-04-20',
  profileVersion: '2027-01-01',
  reason: 'Sujeto pasivo de IVA en régimen general, trimestral',
  status: 'PENDING',
  modelId: null,
  submittedAt: null,
  createdAt: '2027-01-02T08:00:00Z',
  updatedAt: '2027-01-02T08:00:00Z',
  modelName: 'IVA. Autoliquidación',
  periodLabel: '1T 2027',
  daysRemaining: 20,
  // Not paid by direct debit: the action is the filing, due the same day.
  actionDaysRemaining: overrides.daysRemaining ?? 20,
  ...overrides,
});

export const calendar = (year: number, obligations: ObligationView[]): CalendarView => ({
  companyId: 'c-1',
  year,
  obligations,
  profileVersions: [`${year}-01-01`],
});

export const upcoming = (overrides: Partial<UpcomingObligation> = {}): UpcomingObligation => ({
  id: '2027-303-1T',
  companyId: 'c-1',
  companyName: 'Panadería La Espiga SL',
  modelType: '303',
  modelName: 'IVA. Autoliquidación',
  period: '1T',
  periodLabel: '1T 2027',
  year: 2027,
  dueDate: '2027-04-20',
  domiciliationDueDate: '2027-04-15',
  paidByDomiciliation: false,
  daysRemaining: 12,
  // Not paid by direct debit: the action is the filing, due the same day.
  actionDaysRemaining: overrides.daysRemaining ?? 12,
  status: 'PENDING',
  createdAt: '2027-01-02T08:00:00Z',
  ...overrides,
});

export const overdue = (overrides: Partial<OverdueObligation> = {}): OverdueObligation => ({
  ...upcoming({
    id: '2027-111-01',
    modelType: '111',
    modelName: 'Retenciones del trabajo y actividades profesionales',
    period: '4T',
    periodLabel: '4T 2026',
    year: 2026,
    dueDate: '2027-01-20',
    daysRemaining: -3,
    status: 'OVERDUE',
  }),
  daysOverdue: 3,
  ...overrides,
});

export const summary = (overrides: Partial<ObligationsSummary> = {}): ObligationsSummary => ({
  overdueObligations: 1,
  pendingObligations: 9,
  upcomingObligations: 2,
  nextDueDate: '2027-04-20',
  ...overrides,
});

export const alert = (id: string, overrides: Partial<FiscalAlert> = {}): FiscalAlert => ({
  id,
  companyId: 'c-1',
  type: 'deadline',
  title: `Alerta ${id}`,
  message: `Mensaje de ${id}`,
  priority: 'medium',
  actionUrl: '/app/tax/calendar?filter=pending',
  status: 'ACTIVE',
  obligationId: id,
  modelType: '303',
  dueDate: '2027-04-20',
  daysRemaining: 20,
  createdAt: '2027-04-01T06:00:00Z',
  updatedAt: '2027-04-01T06:00:00Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolvedBy: null,
  ...overrides,
});

export const analysis = (overrides: Partial<FiscalAnalysisView> = {}): FiscalAnalysisView => ({
  companyId: 'c-1',
  analysisType: 'BASIC',
  fiscalHealth: {
    status: 'GOOD',
    score: 75,
    description: 'Situación fiscal buena, con algún punto que vigilar.',
    reasons: ['Regla «Obligación vencida sin presentar» (−25 cada una): 1 → −25. Modelo 111 · 4T 2026.'],
  },
  recommendations: [],
  compliance: [],
  metrics: {
    compliancePercentage: 92,
    totalThresholdAlerts: 0,
    modelsAffected: 1,
    lastAnalysisDate: '2027-04-08',
  },
  ...overrides,
});
