import { obligationLabel, type TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { compliancePercentage } from '@shared/fiscal/fiscal-analysis';
import { describe, expect, it } from 'vitest';
import { obligation } from '../store/advisor-fixtures';
import {
  classifyOpen,
  factOf,
  mergeOpenObligations,
  OBLIGATION_ATTRIBUTES,
  type ObligationView,
  scoredYears,
  withFilingDays,
} from './advisor-obligations';

const TODAY = '2026-11-18';
const years = scoredYears(TODAY);

/** The obligation as the store's projection returns it: reading any other attribute throws. */
function projected(o: TaxObligation): ObligationView {
  const view = Object.fromEntries(OBLIGATION_ATTRIBUTES.map((a) => [a, o[a]])) as ObligationView;
  return new Proxy(view, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && !(OBLIGATION_ATTRIBUTES as readonly string[]).includes(prop))
        throw new Error(`${prop} is not projected`);
      return Reflect.get(target, prop, receiver);
    },
  });
}

const o = (over: Parameters<typeof obligation>[1]) => projected(obligation('co-a', over));

describe('scoredYears', () => {
  it('is the previous and the current tax year', () => {
    expect(scoredYears('2026-01-02')).toEqual({ from: 2025, to: 2026 });
  });
});

describe('mergeOpenObligations', () => {
  const filed = o({
    modelType: '303',
    period: '3T',
    year: 2026,
    dueDate: '2026-10-20',
    status: 'SUBMITTED',
    submittedAt: '2026-10-15T09:00:00.000Z',
  });
  const open2026 = o({
    modelType: '111',
    period: '3T',
    year: 2026,
    dueDate: '2026-10-20',
    status: 'PENDING',
  });
  const open2025 = o({
    modelType: '303',
    period: '4T',
    year: 2025,
    dueDate: '2026-01-30',
    status: 'PENDING',
  });
  const open2024 = o({
    modelType: '390',
    period: '0A',
    year: 2024,
    dueDate: '2025-01-30',
    status: 'PENDING',
  });
  const open2027 = o({
    modelType: '115',
    period: '1T',
    year: 2027,
    dueDate: '2027-04-20',
    status: 'PENDING',
  });

  it('takes the open ones of the scored years from the full read and the other years from the open index', () => {
    const open = mergeOpenObligations([filed, open2026, open2025], years, [open2024, open2027]);
    expect(open.map((x) => x.obligationId)).toEqual([
      '2024-390-0A',
      '2025-303-4T',
      '2026-111-3T',
      '2027-115-1T',
    ]);
  });

  it('ignores an open-index entry of a scored year (the full read answers for those) and settled entries', () => {
    // The open index still lists the 303 3T the full read already sees filed.
    const stale = o({ modelType: '303', period: '3T', year: 2026, dueDate: '2026-10-20', status: 'PENDING' });
    const settledOld = o({
      modelType: '111',
      period: '4T',
      year: 2024,
      dueDate: '2025-01-20',
      status: 'SUBMITTED',
      submittedAt: '2025-01-19',
    });
    expect(mergeOpenObligations([filed], years, [stale, settledOld])).toEqual([]);
  });

  it('keeps each obligation once', () => {
    expect(mergeOpenObligations([open2026, open2026], years, [open2024, open2024])).toHaveLength(2);
  });
});

describe('classifyOpen', () => {
  it('splits overdue from due within 7 days, counting down to the direct-debit date while it lasts', () => {
    const open = [
      o({ modelType: '111', period: '3T', year: 2026, dueDate: '2026-10-20', status: 'PENDING' }),
      o({ modelType: '349', period: '10', year: 2026, dueDate: '2026-11-20', status: 'PENDING' }),
      o({ modelType: '303', period: '4T', year: 2026, dueDate: '2027-01-30', status: 'PENDING' }),
      // Due in 10 days, its direct debit closes in 5: due soon, counting down to the debit.
      o({
        modelType: '303',
        period: '10',
        year: 2026,
        dueDate: '2026-11-28',
        alertDate: '2026-11-23',
        paidByDomiciliation: true,
        status: 'PENDING',
      }),
      // Due today: not overdue yet.
      o({ modelType: '115', period: '10', year: 2026, dueDate: TODAY, status: 'PENDING' }),
    ];
    const { overdue, dueSoon } = classifyOpen(open, TODAY);
    expect(overdue.map(factOf)).toEqual([
      { obligationId: '2026-111-3T', modelType: '111', period: '3T', year: 2026, dueDate: '2026-10-20' },
    ]);
    expect(dueSoon.map((d) => [d.obligationId, d.countdown])).toEqual([
      ['2026-349-10', '2026-11-20'],
      ['2026-303-10', '2026-11-23'],
      ['2026-115-10', TODAY],
    ]);
    expect(open.map(obligationLabel)).toContain('Modelo 111 · 3T 2026');
  });
});

describe('withFilingDays', () => {
  it('scores compliance as compliancePercentage does on the stored timestamps, projected attributes only', () => {
    const stored = [
      // 20 Oct 23:30 in Madrid (summer time): filed on its due date, on time.
      obligation('co-a', {
        modelType: '303',
        period: '3T',
        year: 2026,
        dueDate: '2026-10-20',
        status: 'SUBMITTED',
        submittedAt: '2026-10-20T21:30:00.000Z',
      }),
      // 21 Oct 00:30 in Madrid: one day late.
      obligation('co-a', {
        modelType: '111',
        period: '3T',
        year: 2026,
        dueDate: '2026-10-20',
        status: 'SUBMITTED',
        submittedAt: '2026-10-20T22:30:00.000Z',
      }),
      // A settled date (no time) is kept.
      obligation('co-a', {
        modelType: '115',
        period: '3T',
        year: 2026,
        dueDate: '2026-10-20',
        status: 'SUBMITTED',
        submittedAt: '2026-10-21',
      }),
      obligation('co-a', {
        modelType: '130',
        period: '3T',
        year: 2026,
        dueDate: '2026-10-20',
        status: 'PENDING',
      }),
    ];
    const days = withFilingDays(stored.map(projected));
    expect(days.map((d) => d.submittedAt)).toEqual(['2026-10-20', '2026-10-21', '2026-10-21', null]);
    expect(compliancePercentage(days as TaxObligation[], TODAY)).toBe(compliancePercentage(stored, TODAY));
    expect(compliancePercentage(days as TaxObligation[], TODAY)).toBe(25);
  });
});
