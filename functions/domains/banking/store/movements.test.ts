import { beforeEach, describe, expect, it } from 'vitest';
import { bankingHarness, COMPANY } from '../testing/harness';
import { createAccount, getAccountItem } from './accounts';
import {
  getMovement,
  insertMovements,
  listMovements,
  type NewMovement,
  setMovementReconciliation,
} from './movements';

const h = bankingHarness();
beforeEach(() => h.reset());

const mv = (i: number, over: Partial<NewMovement> = {}): NewMovement => ({
  bookingDate: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
  valueDate: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
  amountCents: i % 2 === 0 ? 10_000 + i : -(2_000 + i),
  currency: 'EUR',
  commonConcept: i % 2 === 0 ? '04' : '17',
  ownConcept: null,
  documentNumber: null,
  reference1: null,
  reference2: null,
  conceptLines: [],
  description: i % 2 === 0 ? `TRANSFERENCIA CLIENTE ${i}` : `COMISION ${i}`,
  counterpartyName: i % 2 === 0 ? `Cliente ${i}` : null,
  counterpartyIban: null,
  counterpartyNif: null,
  endToEndId: null,
  mandateId: null,
  fingerprint: `fp-${i}`,
  ...over,
});

async function account() {
  return createAccount(h.deps, COMPANY, { iban: 'ES9121000418450200051332' });
}

describe('insertMovements', () => {
  it('creates movements with their claims and counts, then reports duplicates', async () => {
    const a = await account();
    const list = Array.from({ length: 120 }, (_, i) => mv(i));
    const first = await insertMovements(h.deps, COMPANY, a.accountId, list, 'N43', 'imp-1');
    expect([first.created, first.duplicates]).toEqual([120, 0]);
    expect(h.table.all('BankMovement')).toHaveLength(120);
    expect(h.table.all('BankMovementClaim')).toHaveLength(120);

    const again = await insertMovements(h.deps, COMPANY, a.accountId, [...list, mv(500)], 'N43', 'imp-2');
    expect([again.created, again.duplicates]).toEqual([1, 120]);
    const acc = await getAccountItem(h.deps, COMPANY, a.accountId);
    expect([acc?.movementCount, acc?.unreconciledCount, acc?.lastMovementDate]).toEqual([
      121,
      121,
      '2026-03-28',
    ]);
  });

  it('counts a fingerprint repeated in the input once', async () => {
    const a = await account();
    const r = await insertMovements(h.deps, COMPANY, a.accountId, [mv(1), mv(1)], 'PSD2', 'conn-1');
    expect([r.created, r.duplicates]).toEqual([1, 1]);
  });
});

describe('listMovements and getMovement', () => {
  it('filters by dates, sign, status and text, newest first, and pages by cursor', async () => {
    const a = await account();
    await insertMovements(
      h.deps,
      COMPANY,
      a.accountId,
      Array.from({ length: 20 }, (_, i) => mv(i)),
      'N43',
      'imp',
    );
    const range = await listMovements(h.deps, COMPANY, a.accountId, { from: '2026-03-05', to: '2026-03-10' });
    expect(range.items.map((m) => m.bookingDate)).toEqual([
      '2026-03-10',
      '2026-03-09',
      '2026-03-08',
      '2026-03-07',
      '2026-03-06',
      '2026-03-05',
    ]);
    const ins = await listMovements(h.deps, COMPANY, a.accountId, { sign: 'IN' });
    expect(ins.items.every((m) => m.amountCents > 0)).toBe(true);
    expect(ins.items).toHaveLength(10);
    const search = await listMovements(h.deps, COMPANY, a.accountId, { search: 'cliente 4' });
    expect(search.items.map((m) => m.description)).toEqual(['TRANSFERENCIA CLIENTE 4']);

    const p1 = await listMovements(h.deps, COMPANY, a.accountId, { limit: 8 });
    const p2 = await listMovements(h.deps, COMPANY, a.accountId, { limit: 8, cursor: p1.nextCursor ?? '' });
    const p3 = await listMovements(h.deps, COMPANY, a.accountId, { limit: 8, cursor: p2.nextCursor ?? '' });
    expect([p1.items.length, p2.items.length, p3.items.length]).toEqual([8, 8, 4]);
    expect(p3.nextCursor).toBeNull();
    const ids = [...p1.items, ...p2.items, ...p3.items].map((m) => m.movementId);
    expect(new Set(ids).size).toBe(20);

    const one = await getMovement(h.deps, COMPANY, a.accountId, ids[0]!);
    expect(one?.movementId).toBe(ids[0]);
    expect(await getMovement(h.deps, 'co-other', a.accountId, ids[0]!)).toBeNull();
  });
});

describe('setMovementReconciliation', () => {
  it('keeps the unreconciled count right and does not double count a retry', async () => {
    const a = await account();
    const { createdIds } = await insertMovements(h.deps, COMPANY, a.accountId, [mv(1), mv(2)], 'N43', 'imp');
    const ref = { accountId: a.accountId, movementId: createdIds[0]! };
    const matched = { status: 'MATCHED' as const, sessionId: 's1', matchId: 'x1' };
    await setMovementReconciliation(h.deps, COMPANY, ref, {
      status: 'PROPOSED',
      sessionId: 's1',
      matchId: null,
    });
    expect((await getAccountItem(h.deps, COMPANY, a.accountId))?.unreconciledCount).toBe(2);
    await setMovementReconciliation(h.deps, COMPANY, ref, matched);
    await setMovementReconciliation(h.deps, COMPANY, ref, matched);
    expect((await getAccountItem(h.deps, COMPANY, a.accountId))?.unreconciledCount).toBe(1);
    expect((await getMovement(h.deps, COMPANY, a.accountId, ref.movementId))?.reconciliation).toEqual(
      matched,
    );
    await setMovementReconciliation(h.deps, COMPANY, ref, {
      status: 'UNMATCHED',
      sessionId: null,
      matchId: null,
    });
    expect((await getAccountItem(h.deps, COMPANY, a.accountId))?.unreconciledCount).toBe(2);
  });
});
