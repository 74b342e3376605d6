import { describe, expect, it } from 'vitest';
import { openItemFixture } from '../testing/open-item-fixture';
import {
  clientDelays,
  collectionMetrics,
  collectionMonths,
  collectionsOf,
  settlementChunks,
} from './collection-metrics';

const item = openItemFixture;

describe('collection metrics (by hand)', () => {
  // i1: 1.000 due 31 Jan paid 10 Feb (10 days late); i2: two instalments of 500 due 15 Feb and 15 Mar,
  // one payment of 1.000 on 1 Mar: 500 is 14 days late, 500 is 14 days early. i3: open 3.000, issued 1 Mar.
  const items = [
    item({}),
    item({
      documentId: 'i2',
      issueDate: '2026-01-15',
      dueDates: [
        { dueDate: '2026-02-15', amountCents: 500, paidCents: 500 },
        { dueDate: '2026-03-15', amountCents: 500, paidCents: 500 },
      ],
      payments: [{ paymentId: 'q', date: '2026-03-01', amountCents: 1_000, method: 'TRANSFER' }],
    }),
    item({
      documentId: 'i3',
      issueDate: '2026-03-01',
      totalCents: 3_000,
      paidCents: 0,
      outstandingCents: 3_000,
      status: 'OPEN',
      dueDates: [{ dueDate: '2026-03-05', amountCents: 3_000, paidCents: 0 }],
      payments: [],
    }),
  ];

  it('splits payments over instalments oldest first', () => {
    expect(settlementChunks(items[1]!).map((c) => [c.dueDate, c.amountCents, c.paidDate])).toEqual([
      ['2026-02-15', 500, '2026-03-01'],
      ['2026-03-15', 500, '2026-03-01'],
    ]);
  });

  it('DSO, collected this month, average days and on-time share', () => {
    const m = collectionMetrics(items, '2026-03-11');
    // Outstanding 3.000 / sales of 90 days (5.000) × 90 = 54 days.
    expect(m.dsoDays).toBe(54);
    expect(m.collectedThisMonthCents).toBe(1_000);
    // (1.000 × 40 + 1.000 × 45) / 2.000 = 42,5 days from issue to payment.
    expect(m.averageCollectionDays).toBe(42.5);
    // Instalments settled: i1 late, i2#1 late, i2#2 on time -> 1/3.
    expect([m.paidOnTimeCount, m.paidLateCount, m.paidOnTimeBp]).toEqual([1, 2, 3_333]);
  });

  it('per-client delay weighted by amount, with what is overdue', () => {
    const [row] = clientDelays(items, '2026-03-11');
    // (1.000 × 10 + 500 × 14 + 500 × −14) / 2.000 = 5 days.
    expect(row).toMatchObject({
      invoices: 3,
      averageDelayDays: 5,
      paidCents: 2_000,
      overdueCents: 3_000,
      overdueCount: 1,
    });
  });
});

describe('collections per payment month (the dashboard summary)', () => {
  it('sums céntimos and céntimos × days from issue to payment per payment month, oldest first', () => {
    const months = collectionMonths([
      // 1.000 issued 1 Jan, paid 10 Feb: 40 days.
      item({}),
      // 600 on 5 Feb (35 days after 1 Jan) and 400 on 2 Mar (60 days).
      item({
        documentId: 'i2',
        payments: [
          { paymentId: 'a', date: '2026-03-02', amountCents: 400, method: 'TRANSFER' },
          { paymentId: 'b', date: '2026-02-05', amountCents: 600, method: 'CASH' },
        ],
      }),
    ]);
    expect(months).toEqual([
      { month: '2026-02', collectedCents: 1_600, collectedCentsDays: 1_000 * 40 + 600 * 35 },
      { month: '2026-03', collectedCents: 400, collectedCentsDays: 400 * 60 },
    ]);
  });

  it('collects nothing from payables, cancelled invoices, credit notes or applied credit notes', () => {
    const paid = { paymentId: 'p', date: '2026-02-10', amountCents: 1_000, method: 'TRANSFER' };
    expect(collectionsOf(item({ kind: 'REC', direction: 'PAYABLE' }))).toEqual([]);
    expect(collectionsOf(item({ status: 'CANCELLED' }))).toEqual([]);
    expect(collectionsOf(item({ totalCents: -1_000, payments: [paid] }))).toEqual([]);
    expect(
      collectionsOf(
        item({
          payments: [
            { ...paid, method: 'CREDIT_NOTE' },
            { ...paid, paymentId: 'q' },
          ],
        }),
      ),
    ).toEqual([{ amountCents: 1_000, date: '2026-02-10', days: 40 }]);
    expect(collectionMonths([item({ status: 'CANCELLED' }), item({ direction: 'PAYABLE' })])).toEqual([]);
  });
});
