/**
 * The sender's writes against the in-memory table (testing/harness.ts): conditional moves with the
 * sparse indexes and the siiStatus mirror, transactions of at most 100 items, a mirror whose source
 * is gone, a move recomputed when the content changed meanwhile, the pending listing, the submission
 * record and the sweep's company list.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { issuedDomestic } from '@functions/lib/sii-xml/testing/records';
import { keys } from '@shared/db/keys';
import type { SiiEntry, SiiSubmission } from '@shared/schemas/sii';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimChange, settleChange } from '../model/outcome';
import { COMPANY, COMPANY_NIF, invoiceItemOf, issuedInvoice, siiHarness } from '../testing/harness';
import { entryItemOf, queuedEntry } from '../testing/sender-fakes';
import { ID_PATTERN } from './archive';
import { entryFromItem } from './entry-item';
import {
  applyMoves,
  companiesWithPending,
  keptRecords,
  listPending,
  newSubmissionId,
  putSubmission,
  SUBMISSION_RECORDS_KEPT,
} from './submissions';

const h = siiHarness();
const AT = '2026-03-10T09:00:00.000Z';

function addEntry(n: number, over: Partial<SiiEntry> = {}, withInvoice = true): SiiEntry {
  const invoiceId = `inv-${n}`;
  if (withInvoice) h.table.put(invoiceItemOf(issuedInvoice({ invoiceId, siiStatus: 'QUEUED' })));
  const e = queuedEntry(
    issuedDomestic({
      period: { year: 2026, period: '03' },
      invoiceId: { issuerNif: COMPANY_NIF, number: `F-${n}`, issueDate: '2026-03-09' },
    }),
    {
      documentId: invoiceId,
      entryId: `FE:${invoiceId}`,
      source: { type: 'INVOICE', id: invoiceId, invoiceId },
      createdAt: `2026-03-10T08:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.000Z`,
      ...over,
    },
  );
  h.table.put(entryItemOf(e));
  return e;
}
const stored = (n: number) => h.table.get(keys.siiEntry(COMPANY, 'FE', `inv-${n}`))!;

beforeEach(() => h.reset());

describe('listPending', () => {
  it('lists the QUEUED and SENT entries of one book, oldest first, at most `limit`', async () => {
    addEntry(3);
    addEntry(1, { status: 'SENT', attemptId: 'a' });
    addEntry(2, { status: 'NOT_SENT' });
    addEntry(4, { status: 'ACCEPTED', pendingOperation: null });
    const all = await listPending(h.deps, COMPANY, 'FE', 10);
    expect(all.map((e) => [e.documentId, e.status])).toEqual([
      ['inv-1', 'SENT'],
      ['inv-3', 'QUEUED'],
    ]);
    expect((await listPending(h.deps, COMPANY, 'FE', 1)).map((e) => e.documentId)).toEqual(['inv-1']);
    expect(await listPending(h.deps, COMPANY, 'FR', 10)).toEqual([]);
  });

  it('drops an entry the index still shows but that has moved on (the index lags)', async () => {
    addEntry(1);
    h.table.put({ ...stored(1), status: 'ACCEPTED' }); // gsi1 attributes left as a lagging index would
    expect(await listPending(h.deps, COMPANY, 'FE', 10)).toEqual([]);
  });
});

describe('applyMoves', () => {
  it('claims with the index attributes and mirrors siiStatus on the invoice, in transactions of at most 100 items', async () => {
    const entries = Array.from({ length: 60 }, (_, i) => addEntry(i + 1));
    const moved = await applyMoves(
      h.deps,
      entries.map((e) => ({ entry: e, change: claimChange(e, 'att-1', AT, 'sub-1') })),
    );
    expect(moved.size).toBe(60);
    const sizes = h.table.stub
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems!.length);
    expect(sizes.every((s) => s <= 100)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(120);
    const e = entryFromItem(stored(7));
    expect(e).toMatchObject({
      status: 'SENT',
      attemptId: 'att-1',
      sentContentVersion: 1,
      sentOperation: 'A0',
      attempts: 1,
    });
    expect(stored(7).gsi1pk).toBe(keys.siiPendingPartition(COMPANY, 'FE').gsi1pk);
    expect(h.table.get(keys.invoice(COMPANY, 'inv-7'))).toMatchObject({ siiStatus: 'SENT' });
  });

  it('a final move removes both index entries; an open one keeps the open index', async () => {
    const a = addEntry(1, { status: 'SENT', attemptId: 'att', sentContentVersion: 1, sentOperation: 'A0' });
    const b = addEntry(2, { status: 'SENT', attemptId: 'att', sentContentVersion: 1, sentOperation: 'A0' });
    await applyMoves(h.deps, [
      {
        entry: a,
        change: settleChange(
          a,
          { kind: 'REGISTERED', withErrors: false, code: null, message: null, csv: 'C', via: 'ANSWER' },
          AT,
          's',
        ).change,
      },
      { entry: b, change: settleChange(b, { kind: 'REJECTED', code: '1100', message: 'x' }, AT, 's').change },
    ]);
    expect(stored(1).gsi1pk).toBeUndefined();
    expect(stored(1).gsi2pk).toBeUndefined();
    expect(stored(2).gsi1pk).toBeUndefined();
    expect(stored(2).gsi2pk).toBe('SII#OPEN');
  });

  it('an outcome moves only the attempt that holds the entry', async () => {
    const e = addEntry(1, { status: 'SENT', attemptId: 'mine', sentContentVersion: 1, sentOperation: 'A0' });
    h.table.put({ ...stored(1), attemptId: 'theirs' });
    const moved = await applyMoves(h.deps, [
      { entry: e, change: settleChange(e, { kind: 'REJECTED', code: '1', message: 'x' }, AT, 's').change },
    ]);
    expect(moved.size).toBe(0);
    expect(stored(1)).toMatchObject({ status: 'SENT', attemptId: 'theirs' });
  });

  it('a content changed since it was read fails the move; `redo` recomputes it from the fresh entry', async () => {
    const e = addEntry(1, { status: 'SENT', attemptId: 'att', sentContentVersion: 1, sentOperation: 'A0' });
    h.table.put({ ...stored(1), contentVersion: 2, updatedAt: '2026-03-10T08:59:00.000Z' });
    const verdict = {
      kind: 'REGISTERED',
      withErrors: false,
      code: null,
      message: null,
      csv: 'C',
      via: 'ANSWER',
    } as const;
    const move = (x: SiiEntry) => ({ entry: x, change: settleChange(x, verdict, AT, 's').change });
    expect((await applyMoves(h.deps, [move(e)])).size).toBe(0);
    const moved = await applyMoves(h.deps, [move(e)], move);
    expect(moved.get(e.entryId)).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'A1',
      registered: true,
    });
    expect(entryFromItem(stored(1))).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'A1',
      contentVersion: 2,
    });
  });

  it('moves the entry even when its source item is gone (the mirror is left out)', async () => {
    const e = addEntry(1, {}, false);
    const moved = await applyMoves(h.deps, [{ entry: e, change: claimChange(e, 'att', AT, 's') }]);
    expect(moved.size).toBe(1);
    expect(stored(1).status).toBe('SENT');
    expect(h.table.get(keys.invoice(COMPANY, 'inv-1'))).toBeUndefined();
  });
});

describe('submissions', () => {
  it('ids sort by time and fit the archive keys', () => {
    const a = newSubmissionId(new Date('2026-03-10T09:00:00.000Z'), () => 'abc-def');
    const b = newSubmissionId(new Date('2026-03-10T09:00:00.001Z'), () => 'aaa');
    expect(a).toBe('20260310T090000000Z-abcdef');
    expect(a < b).toBe(true);
    expect(ID_PATTERN.test(a)).toBe(true);
  });

  it('keeps the problems first and at most SUBMISSION_RECORDS_KEPT lines on the item', async () => {
    const records = Array.from({ length: SUBMISSION_RECORDS_KEPT + 5 }, (_, i) => ({
      entryId: `FE:${i}`,
      documentId: String(i),
      documentNumber: `F-${i}`,
      status: i === SUBMISSION_RECORDS_KEPT + 4 ? ('REJECTED' as const) : ('ACCEPTED' as const),
      code: null,
      message: 'x'.repeat(600),
    }));
    const kept = keptRecords(records);
    expect(kept).toHaveLength(SUBMISSION_RECORDS_KEPT);
    expect(kept[0]!.status).toBe('REJECTED');
    expect(kept[0]!.message).toHaveLength(300);
    const submission = { companyId: COMPANY, submissionId: 's1', records } as unknown as SiiSubmission;
    await putSubmission(h.deps, submission);
    expect(h.table.get(keys.siiSubmission(COMPANY, 's1'))).toMatchObject({
      entity: 'SiiSubmission',
      submissionId: 's1',
    });
    expect((h.table.get(keys.siiSubmission(COMPANY, 's1'))!.records as unknown[]).length).toBe(
      SUBMISSION_RECORDS_KEPT,
    );
  });

  it('the sweep finds the companies with QUEUED or SENT entries only', async () => {
    addEntry(1);
    h.table.put(
      entryItemOf({
        ...queuedEntry(issuedDomestic(), {
          companyId: 'co-2',
          documentId: 'x',
          status: 'SENT',
          attemptId: 'a',
        }),
      }),
    );
    h.table.put(
      entryItemOf({
        ...queuedEntry(issuedDomestic(), { companyId: 'co-3', documentId: 'y', status: 'REJECTED' }),
      }),
    );
    expect((await companiesWithPending(h.deps)).sort()).toEqual(['co-2', COMPANY].sort());
  });
});
