import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { describe, expect, it } from 'vitest';
import { byDueDate, monthsBetween, toObligationView, toOverdue, toUpcoming, versionsInYear } from './views';

/** Modelo 303 1T 2027 paid by direct debit: debit until 15 April, filing until 20 April. */
const o303: TaxObligation = {
  obligationId: '2027-303-1T',
  companyId: 'co-1',
  modelType: '303',
  period: '1T',
  year: 2027,
  periodicity: 'QUARTERLY',
  periodStart: '2027-01-01',
  periodEnd: '2027-03-31',
  windowStart: '2027-04-01',
  dueDate: '2027-04-20',
  domiciliationDueDate: '2027-04-15',
  paidByDomiciliation: true,
  alertDate: '2027-04-15',
  profileVersion: '2027-01-01',
  reason: 'Actividad sujeta a IVA',
  status: 'PENDING',
  modelId: null,
  submittedAt: null,
  createdAt: '2027-01-02T09:00:00.000Z',
  updatedAt: '2027-01-02T09:00:00.000Z',
};

describe('toObligationView', () => {
  it('counts down to the due date it shows and, apart, to the direct-debit deadline; names the model and period in Spanish', () => {
    expect(toObligationView(o303, '2027-04-10')).toEqual({
      ...o303,
      status: 'PENDING',
      modelName: 'IVA. Autoliquidación',
      periodLabel: '1T 2027',
      daysRemaining: 10, // 10 April → 20 April, the due date
      actionDaysRemaining: 5, // 10 April → 15 April, the direct-debit deadline (alertDate)
    });
  });

  it('counts both to the due date when not paid by direct debit', () => {
    const filed = { ...o303, paidByDomiciliation: false, alertDate: '2027-04-20' };
    expect(toObligationView(filed, '2027-04-10')).toMatchObject({
      daysRemaining: 10,
      actionDaysRemaining: 10,
    });
    expect(toUpcoming(filed, 'Panadería La Espiga SL', '2027-04-10')).toMatchObject({
      daysRemaining: 10,
      actionDaysRemaining: 10,
    });
  });

  it('reads OVERDUE the day after the due date, with the days since it', () => {
    expect(toObligationView(o303, '2027-04-20')).toMatchObject({
      status: 'PENDING',
      daysRemaining: 0,
      actionDaysRemaining: -5,
    });
    expect(toObligationView(o303, '2027-04-20')).not.toHaveProperty('daysOverdue');
    expect(toObligationView(o303, '2027-05-01')).toMatchObject({
      status: 'OVERDUE',
      daysOverdue: 11,
      daysRemaining: -11,
      actionDaysRemaining: -16,
    });
  });

  it('never turns a settled obligation OVERDUE', () => {
    const filed = { ...o303, status: 'SUBMITTED' as const, submittedAt: '2027-04-14T10:00:00.000Z' };
    expect(toObligationView(filed, '2027-06-01')).toMatchObject({ status: 'SUBMITTED' });
    expect(toObligationView(filed, '2027-06-01')).not.toHaveProperty('daysOverdue');
  });
});

describe('toUpcoming / toOverdue', () => {
  it('has the spec fields plus the company', () => {
    expect(toUpcoming(o303, 'Panadería La Espiga SL', '2027-04-01')).toEqual({
      id: '2027-303-1T',
      companyId: 'co-1',
      companyName: 'Panadería La Espiga SL',
      modelType: '303',
      modelName: 'IVA. Autoliquidación',
      period: '1T',
      periodLabel: '1T 2027',
      year: 2027,
      dueDate: '2027-04-20',
      domiciliationDueDate: '2027-04-15',
      paidByDomiciliation: true,
      daysRemaining: 19, // 1 April → 20 April, the due date
      actionDaysRemaining: 14, // 1 April → 15 April, the direct-debit deadline
      status: 'PENDING',
      createdAt: '2027-01-02T09:00:00.000Z',
    });
    expect(toOverdue(o303, 'Panadería La Espiga SL', '2027-04-23')).toMatchObject({
      status: 'OVERDUE',
      daysOverdue: 3,
    });
  });
});

describe('helpers', () => {
  it('orders by due date, then model, then period start', () => {
    const a = { dueDate: '2027-04-20', modelType: '303' as const, periodStart: '2027-01-01' };
    const b = { dueDate: '2027-04-20', modelType: '111' as const, periodStart: '2027-01-01' };
    const c = { dueDate: '2027-01-30', modelType: '390' as const, periodStart: '2026-01-01' };
    expect([a, b, c].sort(byDueDate)).toEqual([c, b, a]);
  });

  it('lists the versions in force during a year', () => {
    const versions = [
      { effectiveFrom: '2026-01-01' },
      { effectiveFrom: '2026-09-01' },
      { effectiveFrom: '2027-07-01' },
    ];
    expect(versionsInYear(versions, 2025)).toEqual([]);
    expect(versionsInYear(versions, 2026)).toEqual(['2026-01-01', '2026-09-01']);
    expect(versionsInYear(versions, 2027)).toEqual(['2026-09-01', '2027-07-01']);
    expect(versionsInYear(versions, 2028)).toEqual(['2027-07-01']);
  });

  it('lists the months between two months, across a year end', () => {
    expect(monthsBetween('2027-11', '2028-02')).toEqual(['2027-11', '2027-12', '2028-01', '2028-02']);
    expect(monthsBetween('2027-03', '2027-03')).toEqual(['2027-03']);
    expect(monthsBetween('2027-03', '2027-02')).toEqual([]);
  });
});
