import { daysUntilDeadline } from '@shared/fiscal/sii-deadlines';
import { SII_BOOKS, type SiiBook, type SiiStatus } from '@shared/schemas/sii';
import { describe, expect, it } from 'vitest';
import {
  buildStatistics,
  DEADLINE_LIST_SIZE,
  emptyStatistics,
  needsReconciliation,
  periodStart,
  type StatEntry,
} from './statistics';

// Wednesday 17 March 2027, 10:00 in Madrid.
const NOW = new Date('2027-03-17T09:00:00.000Z');
const TODAY = '2027-03-17';

let n = 0;
function entry(over: Partial<StatEntry> & { status: SiiStatus }): StatEntry {
  const id = over.documentId ?? `inv-${++n}`;
  const book: SiiBook = over.book ?? 'FE';
  return {
    entryId: `${book}:${id}`,
    book,
    documentId: id,
    source: { type: 'INVOICE', id, invoiceId: id },
    documentNumber: over.documentNumber ?? `F-${String(n).padStart(4, '0')}`,
    counterpartyName: 'Cliente SA',
    issueDate: TODAY,
    totalCents: 12_100,
    pendingOperation: over.status === 'ACCEPTED' ? null : 'A0',
    registered: over.status === 'ACCEPTED',
    withdrawn: false,
    deadline: '2027-03-23',
    lastSentAt: null,
    acceptedAt: null,
    lastError: null,
    reconciliation: null,
    updatedAt: NOW.toISOString(),
    ...over,
  };
}

const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000).toISOString();

describe('periodStart and daysUntilDeadline', () => {
  it('starts each period on its Spanish calendar day', () => {
    expect(periodStart('CURRENT_MONTH', TODAY)).toBe('2027-03-01');
    expect(periodStart('CURRENT_QUARTER', TODAY)).toBe('2027-01-01');
    expect(periodStart('CURRENT_QUARTER', '2027-11-30')).toBe('2027-10-01');
    expect(periodStart('LAST_7_DAYS', TODAY)).toBe('2027-03-11');
    expect(periodStart('LAST_30_DAYS', TODAY)).toBe('2027-02-16');
  });

  it('counts calendar days to the last day to send, negative once overdue', () => {
    expect(daysUntilDeadline('2027-03-17', TODAY)).toBe(0);
    expect(daysUntilDeadline('2027-03-18', TODAY)).toBe(1);
    expect(daysUntilDeadline('2027-03-15', TODAY)).toBe(-2);
  });
});

describe('needsReconciliation', () => {
  it('is due for a SENT record without an answer, and for a difference found since the last acceptance', () => {
    const accepted = { status: 'ACCEPTED' as const, acceptedAt: hoursAgo(5) };
    // The AEAT accepted it in its own per-record answer: nothing to reconcile.
    expect(needsReconciliation({ ...accepted, reconciliation: null })).toBe(false);
    expect(
      needsReconciliation({
        ...accepted,
        reconciliation: { checkedAt: hoursAgo(1), aeatState: 'Correcta', matches: true },
      }),
    ).toBe(false);
    // A ConsultaLR found the AEAT's copy different after the acceptance.
    expect(
      needsReconciliation({
        ...accepted,
        reconciliation: { checkedAt: hoursAgo(1), aeatState: 'AceptadaConErrores', matches: false },
      }),
    ).toBe(true);
    // A difference found before a later acceptance (a corrected record) is settled.
    expect(
      needsReconciliation({
        ...accepted,
        reconciliation: { checkedAt: hoursAgo(9), aeatState: null, matches: false },
      }),
    ).toBe(false);
    expect(
      needsReconciliation({
        status: 'QUEUED',
        acceptedAt: null,
        reconciliation: { checkedAt: hoursAgo(1), aeatState: null, matches: false },
      }),
    ).toBe(true);
    expect(needsReconciliation({ status: 'SENT', acceptedAt: null, reconciliation: null })).toBe(true);
    expect(needsReconciliation({ status: 'QUEUED', acceptedAt: null, reconciliation: null })).toBe(false);
  });
});

describe('buildStatistics', () => {
  const fixture = (): StatEntry[] => [
    // pending: NOT_SENT, QUEUED, SENT (one FR)
    entry({ status: 'NOT_SENT', deadline: '2027-03-18' }),
    entry({ status: 'QUEUED', deadline: '2027-03-21' }),
    entry({ status: 'SENT', book: 'FR', deadline: '2027-03-30', lastSentAt: hoursAgo(1) }),
    // pending and overdue (an earlier month's invoice): a problem, outside CURRENT_MONTH's books
    entry({ status: 'QUEUED', issueDate: '2027-02-20', deadline: '2027-02-26', documentNumber: 'F-OLD' }),
    // accepted: two within 7 days (one never reconciled, one reconciled after), one older
    entry({ status: 'ACCEPTED', acceptedAt: hoursAgo(24) }),
    entry({
      status: 'ACCEPTED',
      acceptedAt: hoursAgo(30),
      reconciliation: { checkedAt: hoursAgo(2), aeatState: 'Correcta', matches: true },
    }),
    entry({
      status: 'ACCEPTED',
      issueDate: '2027-03-01',
      acceptedAt: hoursAgo(24 * 10),
      reconciliation: { checkedAt: hoursAgo(24 * 9), aeatState: 'Correcta', matches: true },
    }),
    // rejected within 7 days (REJECTED, PENDING_CORRECTION) and one 8 days ago
    entry({
      status: 'REJECTED',
      issueDate: '2027-03-12',
      lastSentAt: hoursAgo(3),
      lastError: { code: '1117', message: 'El NIF no está identificado en el censo de la AEAT' },
    }),
    entry({ status: 'PENDING_CORRECTION', book: 'FR', issueDate: '2027-03-10', lastSentAt: hoursAgo(48) }),
    entry({
      status: 'REJECTED',
      issueDate: '2027-03-02',
      lastSentAt: hoursAgo(24 * 8),
      deadline: '2027-03-08',
    }),
    // technical error
    entry({
      status: 'ERROR',
      issueDate: '2027-03-15',
      deadline: '2027-03-19',
      lastError: { code: 'TIMEOUT', message: 'La AEAT no ha respondido' },
    }),
    // a cancelled draft-like record the AEAT never had: counts nowhere
    entry({ status: 'NOT_SENT', withdrawn: true, pendingOperation: null, deadline: '2027-03-01' }),
    // an accepted record the AEAT's copy does not match
    entry({
      status: 'ACCEPTED',
      book: 'RECC',
      acceptedAt: hoursAgo(24 * 20),
      issueDate: '2027-02-01',
      reconciliation: { checkedAt: hoursAgo(1), aeatState: null, matches: false },
    }),
  ];

  it('counts every counter over the whole book filter, and the 7-day windows by answer time', () => {
    const s = buildStatistics({ entries: fixture(), now: NOW, period: 'CURRENT_MONTH', enabled: true });
    expect(s.totalPending).toBe(4);
    expect(s.acceptedLast7Days).toBe(2);
    expect(s.rejectedLast7Days).toBe(2);
    expect(s.errors).toBe(1);
    // the accepted record never checked against the AEAT + the RECC record whose copy differs
    expect(s.reconciliationPending).toBe(2);
    expect(s.enabled).toBe(true);
    expect(s.period).toBe('CURRENT_MONTH');
  });

  it("breaks this period's documents down per book, every book listed", () => {
    const s = buildStatistics({ entries: fixture(), now: NOW, period: 'CURRENT_MONTH', enabled: true });
    expect(s.books.map((b) => b.bookType)).toEqual([...SII_BOOKS]);
    const fe = s.books.find((b) => b.bookType === 'FE')!;
    expect(fe).toEqual({
      bookName: 'Libro registro de facturas expedidas',
      bookType: 'FE',
      pending: 2,
      accepted: 3,
      rejected: 2,
      errors: 1,
    });
    expect(s.books.find((b) => b.bookType === 'FR')).toMatchObject({ pending: 1, rejected: 1 });
    // The RECC record is from February: outside CURRENT_MONTH.
    expect(s.books.find((b) => b.bookType === 'RECC')).toMatchObject({ accepted: 0 });

    const week = buildStatistics({ entries: fixture(), now: NOW, period: 'LAST_7_DAYS', enabled: true });
    expect(week.books.find((b) => b.bookType === 'FE')).toMatchObject({
      pending: 2,
      accepted: 2,
      rejected: 1,
      errors: 1,
    });
    const quarter = buildStatistics({
      entries: fixture(),
      now: NOW,
      period: 'CURRENT_QUARTER',
      enabled: true,
    });
    expect(quarter.books.find((b) => b.bookType === 'FE')).toMatchObject({ pending: 3 });
    expect(quarter.books.find((b) => b.bookType === 'RECC')).toMatchObject({ accepted: 1 });
    // The counters do not move with the period.
    expect(week.totalPending).toBe(4);
    expect(quarter.errors).toBe(1);
  });

  it('lists the problems newest document first: rejected, errors, waiting for correction, overdue', () => {
    const s = buildStatistics({ entries: fixture(), now: NOW, period: 'CURRENT_MONTH', enabled: true });
    expect(s.problems.map((p) => [p.issueDate, p.siiStatus])).toEqual([
      ['2027-03-15', 'ERROR'],
      ['2027-03-12', 'REJECTED'],
      ['2027-03-10', 'PENDING_CORRECTION'],
      ['2027-03-02', 'REJECTED'],
      ['2027-02-20', 'QUEUED'],
    ]);
    const rejected = s.problems[1]!;
    expect(rejected).toMatchObject({
      invoiceNumber: expect.any(String),
      customerName: 'Cliente SA',
      totalAmount: 12_100,
      daysUntilDeadline: 6,
      errorMessage: '[1117] El NIF no está identificado en el censo de la AEAT',
      book: 'FE',
    });
    expect(s.problems[4]).toMatchObject({
      invoiceNumber: 'F-OLD',
      daysUntilDeadline: -19,
      errorMessage: 'Plazo de envío al SII vencido el 26/02/2027.',
    });
  });

  it('keeps only the 10 newest problems', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      entry({ status: 'REJECTED', issueDate: `2027-03-${String(i + 1).padStart(2, '0')}` }),
    );
    const s = buildStatistics({ entries: many, now: NOW, period: 'CURRENT_MONTH', enabled: true });
    expect(s.problems).toHaveLength(10);
    expect(s.problems[0]!.issueDate).toBe('2027-03-14');
    expect(s.problems[9]!.issueDate).toBe('2027-03-05');
  });

  it('lists the deadlines of the next 4 days soonest first, urgent at one day or fewer', () => {
    const s = buildStatistics({ entries: fixture(), now: NOW, period: 'CURRENT_MONTH', enabled: true });
    // 18th (NOT_SENT, 1 day), 19th (ERROR, 2 days), 21st (QUEUED, 4 days); the 23rd ones and
    // the 30th are outside the window, the overdue and accepted ones are not upcoming.
    expect(s.deadlines.map((d) => [d.deadline, d.daysUntilDeadline, d.urgent, d.siiStatus])).toEqual([
      ['2027-03-18', 1, true, 'NOT_SENT'],
      ['2027-03-19', 2, false, 'ERROR'],
      ['2027-03-21', 4, false, 'QUEUED'],
    ]);
    expect(s.upcomingDeadlines).toBe(3);
    const today = buildStatistics({
      entries: [entry({ status: 'QUEUED', deadline: TODAY })],
      now: NOW,
      period: 'CURRENT_MONTH',
      enabled: true,
    });
    expect(today.deadlines[0]).toMatchObject({ daysUntilDeadline: 0, urgent: true });
  });

  it('counts every upcoming deadline but lists a bounded number', () => {
    const many = Array.from({ length: DEADLINE_LIST_SIZE + 5 }, () =>
      entry({ status: 'QUEUED', deadline: '2027-03-19' }),
    );
    const s = buildStatistics({ entries: many, now: NOW, period: 'CURRENT_MONTH', enabled: true });
    expect(s.upcomingDeadlines).toBe(DEADLINE_LIST_SIZE + 5);
    expect(s.deadlines).toHaveLength(DEADLINE_LIST_SIZE);
  });

  it('filters everything by book', () => {
    const s = buildStatistics({
      entries: fixture(),
      now: NOW,
      period: 'CURRENT_MONTH',
      book: 'FR',
      enabled: true,
    });
    expect(s.books.map((b) => b.bookType)).toEqual(['FR']);
    expect(s.totalPending).toBe(1);
    expect(s.errors).toBe(0);
    expect(s.rejectedLast7Days).toBe(1);
    expect(s.problems.map((p) => p.siiStatus)).toEqual(['PENDING_CORRECTION']);
  });

  it('answers zeros for a company outside the SII', () => {
    const s = emptyStatistics(NOW, 'LAST_30_DAYS');
    expect(s).toMatchObject({
      enabled: false,
      totalPending: 0,
      problems: [],
      deadlines: [],
      period: 'LAST_30_DAYS',
    });
    expect(s.books).toHaveLength(5);
  });
});
