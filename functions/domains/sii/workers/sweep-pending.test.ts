import { issuedDomestic } from '@functions/lib/sii-xml/testing/records';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEND_QUEUE_URL, siiHarness, silentLog } from '../testing/harness';
import { entryItemOf, queuedEntry } from '../testing/sender-fakes';
import { sweepPending } from './sweep-pending';

const h = siiHarness();
const ctx = () => ({ log: silentLog, now: h.deps.now(), remainingMs: () => 60_000 });
const put = (companyId: string, status: 'QUEUED' | 'SENT' | 'REJECTED' | 'NOT_SENT', n = 1) =>
  h.table.put(
    entryItemOf(queuedEntry(issuedDomestic(), { companyId, documentId: `d-${companyId}-${n}`, status })),
  );

beforeEach(() => h.reset());

describe('sweep-pending', () => {
  it('wakes each company with QUEUED or SENT entries once per minute, skipping a draining one', async () => {
    put('a', 'QUEUED');
    put('a', 'SENT', 2);
    put('b', 'SENT');
    put('c', 'REJECTED');
    put('d', 'NOT_SENT');
    put('e', 'QUEUED');
    h.table.put({
      ...keys.siiSender('e'),
      leaseId: 'x',
      leaseUntil: new Date(h.deps.now().getTime() + 30_000).toISOString(),
    });
    const r = await sweepPending(h.deps, ctx());
    expect(r).toEqual({ companies: 3, woken: 2, skipped: 1, errors: 0 });
    expect(h.wakes().sort((x, y) => x.companyId.localeCompare(y.companyId))).toEqual([
      { companyId: 'a', groupId: 'a', dedupeId: 'sweep-a-202603100900', queueUrl: SEND_QUEUE_URL },
      { companyId: 'b', groupId: 'b', dedupeId: 'sweep-b-202603100900', queueUrl: SEND_QUEUE_URL },
    ]);
  });

  it('counts a company it could not wake and goes on', async () => {
    put('a', 'QUEUED');
    put('b', 'QUEUED');
    h.sqsMock.reset();
    h.sqsMock.rejectsOnce(new Error('SQS down')).resolves({ MessageId: 'm' });
    expect(await sweepPending(h.deps, ctx())).toMatchObject({ woken: 1, errors: 1 });
  });
});
