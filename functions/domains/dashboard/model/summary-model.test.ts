/**
 * The pure parts of the company dashboard's summary: months and days left, the alert rules and
 * their order, the sections' edge cases, and what each caller may see.
 */

import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import type { DashboardAlert, RecentActivityItem } from '@shared/schemas/dashboard';
import { describe, expect, it } from 'vitest';
import { type AlertFacts, buildAlerts, sortDashboardAlerts } from './summary-alerts';
import {
  addMonths,
  daysLeft,
  lastDayOf,
  madridToday,
  monthsEndingAt,
  monthsStartingAt,
} from './summary-dates';
import { averageCollectionDays, buildAccountingData, buildActivity, buildTaxData } from './summary-sections';
import { sectionVisible, summaryVisibility, visibleActivity, visibleAlerts } from './summary-visibility';

const obligation = (over: Partial<TaxObligation> & Pick<TaxObligation, 'dueDate'>): TaxObligation => ({
  obligationId: `2026-303-${over.dueDate}`,
  companyId: 'c',
  modelType: '303',
  period: '4T',
  year: 2026,
  periodicity: 'QUARTERLY',
  periodStart: '2026-10-01',
  periodEnd: '2026-12-31',
  windowStart: over.dueDate,
  domiciliationDueDate: null,
  paidByDomiciliation: false,
  alertDate: over.dueDate,
  profileVersion: '1',
  reason: '',
  status: 'PENDING',
  modelId: null,
  submittedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const facts = (over: Partial<AlertFacts> = {}): AlertFacts => ({
  today: '2026-11-27',
  companyName: 'Talleres Ebro SL',
  hasTaxProfile: true,
  siiEnabled: false,
  verifactuConfigured: true,
  verifactuErrors: 0,
  obligations: [],
  siiRejected: null,
  documentsToReview: 0,
  overdueInvoices: { count: 0, amountCents: 0 },
  ...over,
});

describe('summary dates', () => {
  it('moves across years and ends months', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthsEndingAt('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthsStartingAt('2026-11', 3)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(daysLeft('2026-11-27', '2026-12-01')).toBe(4);
    expect(daysLeft('2026-11-27', '2026-11-20')).toBe(-7);
  });
  it('takes today in Madrid (23:30 UTC on 31 December is already 1 January there)', () => {
    expect(madridToday(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
  });
});

describe('buildAlerts', () => {
  it('is empty for a configured company with nothing pending', () => {
    expect(buildAlerts(facts())).toEqual([]);
  });
  it('obligations: overdue and ≤ 3 days CRITICAL, ≤ 7 days HIGH, later ones no alert', () => {
    const alerts = buildAlerts(
      facts({
        obligations: [
          obligation({ dueDate: '2026-12-04', obligationId: 'seven' }),
          obligation({ dueDate: '2026-12-05', obligationId: 'eight' }),
          obligation({ dueDate: '2026-11-30', obligationId: 'three' }),
          obligation({ dueDate: '2026-11-26', obligationId: 'late' }),
        ],
      }),
    );
    expect(alerts.map((a) => [a.id, a.severity, a.dueDate])).toEqual([
      ['obligation-late', 'CRITICAL', '2026-11-26'],
      ['obligation-three', 'CRITICAL', '2026-11-30'],
      ['obligation-seven', 'HIGH', '2026-12-04'],
    ]);
    expect(alerts[0]!.message).toBe('Modelo 303 · 4T 2026 venció el 26/11/2026 (hace 1 día)');
    expect(alerts.every((a) => a.type === 'TAX' && a.action?.url.startsWith('/app/tax/calendar'))).toBe(true);
  });
  it('configuration: no profile HIGH; VeriFacTu prompt only outside the SII; errors HIGH', () => {
    const out = buildAlerts(facts({ hasTaxProfile: false, verifactuConfigured: false, verifactuErrors: 1 }));
    expect(out.map((a) => [a.message, a.severity])).toEqual([
      ['Configuración fiscal incompleta', 'HIGH'],
      ['1 envíos VeriFacTu con errores', 'HIGH'],
      ['VeriFacTu no configurado', 'MEDIUM'],
    ]);
    expect(buildAlerts(facts({ siiEnabled: true, verifactuConfigured: false, siiRejected: 0 }))).toEqual([]);
  });
  it('sorts by severity, then due date (none last), then id', () => {
    const a = (id: string, severity: DashboardAlert['severity'], dueDate: string | null): DashboardAlert => ({
      id,
      severity,
      dueDate,
      message: id,
      description: '',
      actionRequired: true,
      type: 'TAX',
      action: null,
    });
    expect(
      sortDashboardAlerts([
        a('x', 'LOW', null),
        a('b', 'HIGH', null),
        a('c', 'HIGH', '2026-01-01'),
        a('d', 'CRITICAL', null),
      ]).map((x) => x.id),
    ).toEqual(['d', 'c', 'b', 'x']);
  });
  it('formats the overdue amount in euros, es-ES', () => {
    const [alert] = buildAlerts(facts({ overdueInvoices: { count: 3, amountCents: 123_456 } }));
    expect(alert!.message).toBe('3 facturas vencidas sin cobrar');
    expect(alert!.description).toBe('Pendiente de cobro vencido: 1.234,56 €.');
  });
});

describe('sections', () => {
  it('tax: estimated amounts from generated models, next obligations capped at 5 within 30 days', () => {
    const obligations = [
      '2026-11-28',
      '2026-11-29',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2027-02-01',
    ].map((dueDate) => obligation({ dueDate }));
    const t = buildTaxData({
      today: '2026-11-27',
      obligations,
      estimated: new Map([[obligations[0]!.obligationId, 45_000]]),
      sii: null,
    });
    expect(t.obligations).toEqual({ pending: 7, overdue: 0, totalEstimatedAmount: 45_000 });
    expect(t.nextObligations.map((o) => o.dueDate)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    expect(t.nextObligations[0]!.estimatedAmount).toBe(45_000);
    expect(t.obligationsByMonth.find((m) => m.month === '2027-02')).toEqual({
      month: '2027-02',
      pending: 1,
      overdue: 0,
    });
  });
  it('accounting: regularisation and closing entries do not empty the year; opening counts for cash', () => {
    const a = buildAccountingData({
      year: 2026,
      entries: 3,
      closedThrough: null,
      sums: [
        { accountCode: '705', kind: 'N', debitCents: 0, creditCents: 1_000 },
        { accountCode: '705', kind: 'R', debitCents: 1_000, creditCents: 0 },
        { accountCode: '629', kind: 'N', debitCents: 300, creditCents: 0 },
        { accountCode: '572', kind: 'O', debitCents: 5_000, creditCents: 0 },
        { accountCode: '570', kind: 'N', debitCents: 100, creditCents: 0 },
        { accountCode: '572', kind: 'C', debitCents: 0, creditCents: 5_100 },
      ],
    });
    expect(a).toMatchObject({ income: 1_000, expenses: 300, result: 700, cash: 5_100 });
  });
  it('average collection days: weighted by amount over the months, whole days; null without collections', () => {
    // 500 € after 20 days and 710 € after 65 days, a month summed back to zero: 46,40 → 46.
    expect(
      averageCollectionDays([
        { month: '2026-03', collectedCents: 50_000, collectedCentsDays: 1_000_000 },
        { month: '2026-04', collectedCents: 71_000, collectedCentsDays: 4_615_000 },
        { month: '2026-05', collectedCents: 0, collectedCentsDays: 0 },
      ]),
    ).toBe(46);
    // 1.000 € at 10 days and 1.000 € at 11 days: 10,5 rounds up to 11.
    expect(
      averageCollectionDays([
        { month: '2026-03', collectedCents: 100_000, collectedCentsDays: 1_000_000 },
        { month: '2026-04', collectedCents: 100_000, collectedCentsDays: 1_100_000 },
      ]),
    ).toBe(11);
    expect(averageCollectionDays([])).toBeNull();
    expect(
      averageCollectionDays([{ month: '2026-03', collectedCents: 0, collectedCentsDays: 0 }]),
    ).toBeNull();
  });
  it('activity: newest first, at most ten', () => {
    const item = (i: number): RecentActivityItem => ({
      id: `a${i}`,
      type: 'INVOICE_ISSUED',
      title: '',
      description: '',
      timestamp: `2026-11-${String(i).padStart(2, '0')}T00:00:00.000Z`,
      actionUrl: null,
    });
    const out = buildActivity([[1, 3, 5, 7, 9, 11].map(item), [2, 4, 6, 8, 10, 12].map(item)]);
    expect(out.map((x) => x.id)).toEqual(['a12', 'a11', 'a10', 'a9', 'a8', 'a7', 'a6', 'a5', 'a4', 'a3']);
  });
});

describe('visibility', () => {
  const client = (permissions: ('VIEW_INVOICES' | 'VIEW_TAX_DOCUMENTS' | 'VIEW_ACCOUNTING_DATA')[]) =>
    summaryVisibility({ isAdmin: false, membership: { companyRole: 'CLIENTE', permissions } });
  it('staff see everything; an ADMIN too; a CLIENTE by its permissions, never documents to review', () => {
    const all = { invoices: true, tax: true, accounting: true, documents: true };
    expect(
      summaryVisibility({ isAdmin: false, membership: { companyRole: 'MEMBER', permissions: [] } }),
    ).toEqual(all);
    expect(summaryVisibility({ isAdmin: true })).toEqual(all);
    expect(client(['VIEW_TAX_DOCUMENTS'])).toEqual({
      invoices: false,
      tax: true,
      accounting: false,
      documents: false,
    });
  });
  it('filters sections, alerts and activity by subject', () => {
    const v = client(['VIEW_INVOICES']);
    expect(sectionVisible('tax', v)).toBe(false);
    expect(sectionVisible('financial', v)).toBe(true);
    const alert = (type: string) => ({ type }) as DashboardAlert;
    expect(
      visibleAlerts(['TAX', 'INVOICES', 'DOCUMENTS', 'SOMETHING'].map(alert), v).map((a) => a.type),
    ).toEqual(['INVOICES']);
    const act = (type: string) => ({ type }) as RecentActivityItem;
    expect(visibleActivity(['DOCUMENT_UPLOADED', 'INVOICE_RECEIVED'].map(act), v).map((a) => a.type)).toEqual(
      ['INVOICE_RECEIVED'],
    );
  });
});
