import { describe, expect, it } from 'vitest';
import type { OpenItem } from '../store/items';
import { clientDelays, collectionMetrics, settlementChunks } from './collection-metrics';

const item = (over: Partial<OpenItem>): OpenItem => ({
  entity: 'OpenItem',
  schemaVersion: 1,
  companyId: 'c',
  kind: 'INV',
  direction: 'RECEIVABLE',
  documentId: 'i1',
  number: 'F-1',
  issueDate: '2026-01-01',
  partyId: 'cu-1',
  partyName: 'Cliente',
  partyNif: null,
  partyIban: null,
  partyEmail: null,
  totalCents: 1_000,
  paidCents: 1_000,
  outstandingCents: 0,
  dueDates: [{ dueDate: '2026-01-31', amountCents: 1_000, paidCents: 1_000 }],
  nextDueDate: null,
  payments: [{ paymentId: 'p', date: '2026-02-10', amountCents: 1_000, method: 'TRANSFER' }],
  paymentMethod: null,
  status: 'PAID',
  settledDate: '2026-02-10',
  version: 1,
  updatedAt: '',
  ...over,
});

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
