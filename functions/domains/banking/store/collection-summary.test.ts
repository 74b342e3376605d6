import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { openItemFixture } from '../testing/open-item-fixture';
import { COMPANY, TREASURY_QUEUE, treasuryHarness } from '../testing/treasury-harness';
import {
  COLLECTION_SUMMARY_DELAY_SECONDS,
  getCollectionSummary,
  PENDING_STALE_MS,
  refreshCollectionSummary,
  requestCollectionSummary,
} from './collection-summary';
import { openItemRecord } from './open-items';

const h = treasuryHarness();
beforeEach(() => h.reset());

const item = (over: Parameters<typeof openItemFixture>[0]) =>
  openItemRecord(openItemFixture({ companyId: COMPANY, ...over }));

const stored = () => h.table.get(keys.collectionSummary(COMPANY));

describe('asking for a recompute (debounced)', () => {
  it('queues one delayed message until the run clears the flag', async () => {
    expect(await requestCollectionSummary(h.deps, COMPANY)).toBe(true);
    expect(await requestCollectionSummary(h.deps, COMPANY)).toBe(false);
    expect(await requestCollectionSummary(h.deps, COMPANY)).toBe(false);
    const sends = h.sqsMock.commandCalls(SendMessageCommand).map((c) => c.args[0].input);
    expect(sends).toEqual([
      {
        QueueUrl: TREASURY_QUEUE,
        MessageBody: JSON.stringify({ kind: 'TREASURY_COLLECTIONS', companyId: COMPANY }),
        DelaySeconds: COLLECTION_SUMMARY_DELAY_SECONDS,
      },
    ]);
    expect(stored()).toMatchObject({ pendingAt: h.deps.now().toISOString() });

    await refreshCollectionSummary(h.deps, COMPANY);
    expect(stored()?.pendingAt).toBeUndefined();
    expect(await requestCollectionSummary(h.deps, COMPANY, 0)).toBe(true);
    // Without a delay the message goes at once.
    expect(h.sqsMock.commandCalls(SendMessageCommand)[1]!.args[0].input.DelaySeconds).toBeUndefined();
  });

  it('asks again once a flag is so old that its message must have been lost', async () => {
    expect(await requestCollectionSummary(h.deps, COMPANY)).toBe(true);
    h.setNow(new Date(h.deps.now().getTime() + PENDING_STALE_MS - 1_000));
    expect(await requestCollectionSummary(h.deps, COMPANY)).toBe(false);
    h.setNow(new Date(h.deps.now().getTime() + 2_000));
    expect(await requestCollectionSummary(h.deps, COMPANY)).toBe(true);
  });

  it('takes its flag back when the message cannot be sent, so the retry asks again', async () => {
    h.sqsMock.on(SendMessageCommand).rejectsOnce(new Error('SQS down'));
    await expect(requestCollectionSummary(h.deps, COMPANY)).rejects.toThrow('SQS down');
    expect(stored()?.pendingAt).toBeUndefined();
    expect(await requestCollectionSummary(h.deps, COMPANY)).toBe(true);
  });
});

describe('the recompute', () => {
  it('sums what the receivables collected per payment month; payables and cancelled ones add nothing', async () => {
    h.put(
      item({}),
      item({
        documentId: 'i2',
        payments: [{ paymentId: 'q', date: '2026-03-02', amountCents: 500, method: 'TRANSFER' }],
      }),
      item({ documentId: 'i3', status: 'CANCELLED' }),
      item({ documentId: 'r1', kind: 'REC', direction: 'PAYABLE' }),
    );
    expect(await getCollectionSummary(h.deps, COMPANY)).toBeNull();
    expect(await refreshCollectionSummary(h.deps, COMPANY)).toBe('written');
    expect(await getCollectionSummary(h.deps, COMPANY)).toEqual({
      companyId: COMPANY,
      months: [
        { month: '2026-02', collectedCents: 1_000, collectedCentsDays: 40_000 },
        { month: '2026-03', collectedCents: 500, collectedCentsDays: 500 * 60 },
      ],
      readAt: h.deps.now().toISOString(),
      receivables: 3,
    });

    // A payment taken back: the next run writes the months without it (recomputed, not added to).
    h.put(item({ documentId: 'i2', payments: [] }));
    h.setNow(new Date(h.deps.now().getTime() + 1_000));
    await refreshCollectionSummary(h.deps, COMPANY);
    expect((await getCollectionSummary(h.deps, COMPANY))?.months).toEqual([
      { month: '2026-02', collectedCents: 1_000, collectedCentsDays: 40_000 },
    ]);
  });

  it('never replaces what a run that read later wrote', async () => {
    h.put(item({}));
    h.setNow('2026-03-11T10:00:00.000Z');
    await refreshCollectionSummary(h.deps, COMPANY);
    h.put(item({ documentId: 'i2' }));
    h.setNow('2026-03-11T09:59:00.000Z');
    expect(await refreshCollectionSummary(h.deps, COMPANY)).toBe('stale');
    expect(await getCollectionSummary(h.deps, COMPANY)).toMatchObject({
      readAt: '2026-03-11T10:00:00.000Z',
      receivables: 1,
    });
  });
});
