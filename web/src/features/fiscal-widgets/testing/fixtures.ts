/** Test data of the fiscal widgets and 'Mis obligaciones', shaped as the tax API answers them. */
import type { FiscalAlert, ObligationView, OverdueObligation, UpcomingObligation } from '@shared/schemas/tax';
import type {
  FiscalAnalysisView,
  OverdueObligationsAnswer,
  UpcomingObligationsAnswer,
} from '@web/lib/tax-api';

export const COMPANY_ID = 'c-1';

export const upcoming = (overrides: Partial<UpcomingObligation> = {}): UpcomingObligation => ({
  id: '2027-303-1T',
  companyId: COMPANY_ID,
  companyName: 'Panadería La Espiga SL',
  modelType: '303',
  modelName: 'IVA. Autoliquidación',
  period: '1T',
  periodLabel: '1.er trimestre 2027',
  year: 2027,
  dueDate: '2027-04-20',
  domiciliationDueDate: '2027-04-15',
  paidByDomiciliation: false,
  daysRemaining: 10,
  // Not paid by direct debit: the action is the filing, due the same day.
  actionDaysRemaining: overrides.daysRemaining ?? 10,
  status: 'PENDING',
  createdAt: '2027-01-01T00:00:00Z',
  ...overrides,
});

export const overdue = (overrides: Partial<OverdueObligation> = {}): OverdueObligation => ({
  ...upcoming({ id: '2026-111-4T', modelType: '111', period: '4T', year: 2026, dueDate: '2027-01-20' }),
  modelName: 'Retenciones del trabajo y actividades profesionales',
  periodLabel: '4.º trimestre 2026',
  status: 'OVERDUE',
  daysRemaining: -5,
  actionDaysRemaining: overrides.daysRemaining ?? -5,
  daysOverdue: 5,
  ...overrides,
});

/** The global upcoming / overdue calls' answers (functions/domains/tax/actions/global-obligations.ts). */
export const upcomingAnswer = (obligations: UpcomingObligation[]): UpcomingObligationsAnswer => ({
  from: '2027-04-10',
  to: '2027-05-10',
  obligations,
});
export const overdueAnswer = (obligations: OverdueObligation[]): OverdueObligationsAnswer => ({
  today: '2027-04-10',
  obligations,
});

export const fiscalAlert = (overrides: Partial<FiscalAlert> = {}): FiscalAlert => ({
  id: 'a-1',
  companyId: COMPANY_ID,
  type: 'deadline',
  title: 'Modelo 303 vence en 10 días',
  message: 'IVA del 1.er trimestre 2027: presentar hasta el 20/04/2027.',
  priority: 'medium',
  actionUrl: '/app/tax/calendar?filter=pending',
  status: 'ACTIVE',
  obligationId: '2027-303-1T',
  modelType: '303',
  dueDate: '2027-04-20',
  daysRemaining: 10,
  createdAt: '2027-04-01T06:00:00Z',
  updatedAt: '2027-04-01T06:00:00Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolvedBy: null,
  ...overrides,
});

export const analysis = (overrides: Partial<FiscalAnalysisView> = {}): FiscalAnalysisView => ({
  companyId: COMPANY_ID,
  analysisType: 'BASIC',
  fiscalHealth: {
    status: 'GOOD',
    score: 85,
    description: 'Las obligaciones están al día salvo una presentada fuera de plazo.',
    reasons: ['Presentada fuera de plazo en los últimos 12 meses (-10)'],
  },
  recommendations: [],
  compliance: [{ model: '303', status: 'COMPLIANT', description: 'Al día', nextDeadline: '2027-04-20' }],
  metrics: {
    compliancePercentage: 95,
    totalThresholdAlerts: 0,
    modelsAffected: 0,
    lastAnalysisDate: '2027-04-10',
  },
  ...overrides,
});

export const obligationView = (overrides: Partial<ObligationView> = {}): ObligationView => ({
  obligationId: '2027-303-1T',
  companyId: COMPANY_ID,
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
  reason: 'Actividad sujeta a IVA',
  status: 'PENDING',
  modelId: null,
  submittedAt: null,
  createdAt: '2027-01-01T00:00:00Z',
  updatedAt: '2027-01-01T00:00:00Z',
  modelName: 'IVA. Autoliquidación',
  periodLabel: '1.er trimestre 2027',
  daysRemaining: 10,
  // Not paid by direct debit: the action is the filing, due the same day.
  actionDaysRemaining: overrides.daysRemaining ?? 10,
  ...overrides,
});
