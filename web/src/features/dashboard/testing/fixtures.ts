/** A `dashboard.summary` answer with known figures, for the dashboard's tests. */
import type { DashboardAlert, DashboardSummary } from '@shared/schemas/dashboard';

export const alert = (id: string, severity: DashboardAlert['severity'], message: string): DashboardAlert => ({
  id,
  severity,
  message,
  description: `Descripción de ${message}`,
  dueDate: null,
  actionRequired: true,
  type: 'TAX',
  action: { label: 'Revisar', url: `/app/tax/dashboard?alert=${id}` },
});

export function summary(
  overrides: Partial<DashboardSummary> = {},
  generatedAt = new Date(),
): DashboardSummary {
  const live = { source: 'LIVE' as const, asOf: generatedAt.toISOString() };
  return {
    company: {
      companyId: 'c-1',
      name: 'Panadería La Espiga SL',
      nif: 'B46128732',
      companyType: 'SL',
      siiEnabled: false,
    },
    monthSummary: {
      month: '2026-03',
      income: 1_234_567,
      expenses: 456_789,
      pendingInvoices: { count: 4, amount: 302_500 },
      pendingObligations: 3,
    },
    taxData: {
      obligations: { pending: 2, overdue: 1, totalEstimatedAmount: 185_000 },
      obligationsByMonth: [],
      siiStatus: null,
      nextObligations: [
        {
          obligationId: 'o-1',
          model: '303',
          period: '4T',
          year: 2025,
          dueDate: '2026-01-30',
          estimatedAmount: 120_000,
          daysLeft: -2,
        },
        {
          obligationId: 'o-2',
          model: '130',
          period: '1T',
          year: 2026,
          dueDate: '2026-04-20',
          estimatedAmount: null,
          daysLeft: 20,
        },
      ],
    },
    financialData: {
      totalRevenue: 4_500_000,
      totalExpenses: 1_800_000,
      pendingPayments: 75_050,
      avgCollectionDays: 34,
      invoicesIssued: 1_250,
      invoicesReceived: 640,
      overdueInvoices: 2,
      revenueByMonth: [
        { month: '2026-01', value: 2_000_000 },
        { month: '2026-02', value: 2_500_000 },
      ],
      expensesByMonth: [
        { month: '2026-01', value: 800_000 },
        { month: '2026-02', value: 1_000_000 },
      ],
    },
    accountingData: {
      year: 2026,
      result: 2_700_000,
      income: 4_500_000,
      expenses: 1_800_000,
      cash: 1_520_033,
      entries: 312,
      closedThrough: '2026-02',
    },
    alerts: [
      alert('a-1', 'MEDIUM', 'VeriFacTu no configurado'),
      alert('a-2', 'CRITICAL', 'Modelo 303 vencido'),
    ],
    recentActivity: [
      {
        id: 'r-1',
        type: 'INVOICE_ISSUED',
        title: 'Factura F-2026-0012 emitida',
        description: 'Cliente Hornos del Sur SL',
        timestamp: new Date(generatedAt.getTime() - 3 * 3_600_000).toISOString(),
        actionUrl: null,
      },
    ],
    additionalData: { documentsToReview: 2, unreadNotifications: 1 },
    meta: {
      generatedAt: generatedAt.toISOString(),
      fallbackMode: false,
      sections: {
        month: live,
        tax: live,
        financial: live,
        accounting: live,
        alerts: live,
        activity: live,
      },
      itemsRead: 42,
    },
    ...overrides,
  };
}
