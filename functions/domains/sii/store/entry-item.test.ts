/**
 * The stored entry: the sparse indexes follow the state (gsi1 while QUEUED or SENT, gsi2 while not
 * final), `indexChanges` says what a move must SET and REMOVE, and only the FE/FR entries mirror
 * their state on the source document. And the sender's wake-up message.
 */

import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { keys } from '@shared/db/keys';
import type { SiiEntry, SiiStatus } from '@shared/schemas/sii';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextEntry, type StoredSiiEntry, sourceOrder } from '../model/entry-rules';
import { planSourceChange } from '../model/event-sources';
import {
  COMPANY,
  COMPANY_NAME,
  COMPANY_NIF,
  issuedInvoice,
  SEND_QUEUE_URL,
  siiHarness,
} from '../testing/harness';
import { entryFromItem, entryItem, indexChanges, isFinalEntry, sourceStatusUpdate } from './entry-item';
import { senderDedupeId, wakeSender } from './trigger';

const h = siiHarness();
beforeEach(() => h.reset());

const company = {
  companyNif: COMPANY_NIF,
  companyName: COMPANY_NAME,
  cashCriterion: false,
  prorrataBp: null,
};
const fe = (): StoredSiiEntry => {
  const [target] = planSourceChange({ kind: 'INVOICE_CONFIRMED', invoice: issuedInvoice() }, company).targets;
  return nextEntry(
    null,
    COMPANY,
    target!,
    { submissionMode: 'AUTOMATIC', holdUnapprovedReceived: false },
    '2026-03-10T09:00:00.000Z',
  )!;
};

describe('entry items', () => {
  it('carry the key, entity, version and the indexes of their state; read back to the entry', () => {
    const e = fe();
    const item = entryItem(e);
    expect(item).toMatchObject({
      ...keys.siiEntry(COMPANY, 'FE', 'inv-1'),
      ...keys.siiPending(COMPANY, 'FE', e.createdAt, 'inv-1'),
      ...keys.siiOpenGlobal('2026-03-13', COMPANY, 'FE', 'inv-1'),
      entity: 'SiiEntry',
      v: 1,
    });
    expect(entryFromItem(item)).toEqual(e);
  });

  it('indexChanges: pending while QUEUED/SENT, open until final', () => {
    const e = fe();
    const moves: [SiiStatus, Partial<SiiEntry>, string[], string[]][] = [
      ['SENT', {}, ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'], []],
      [
        'ACCEPTED',
        { pendingOperation: null, registered: true },
        [],
        ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'],
      ],
      ['REJECTED', {}, ['gsi2pk', 'gsi2sk'], ['gsi1pk', 'gsi1sk']],
      ['ERROR', {}, ['gsi2pk', 'gsi2sk'], ['gsi1pk', 'gsi1sk']],
      ['NOT_SENT', { withdrawn: true, pendingOperation: null }, [], ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']],
    ];
    for (const [status, over, set, remove] of moves) {
      const c = indexChanges({ ...e, ...over }, status);
      expect(Object.keys(c.set).sort(), status).toEqual([...set].sort());
      expect(c.remove.sort(), status).toEqual([...remove].sort());
    }
    expect(indexChanges({ ...e, deadline: '2026-03-20' }, 'QUEUED').set.gsi2sk).toContain('2026-03-20#');
    expect(isFinalEntry({ status: 'SENT', withdrawn: true, pendingOperation: null })).toBe(false);
  });

  it('only the FE and FR entries mirror their state on the source (conditioned on it existing)', () => {
    const e = fe();
    expect(sourceStatusUpdate('t', e, 'SENT', 'now')).toEqual({
      Update: {
        TableName: 't',
        Key: keys.invoice(COMPANY, 'inv-1'),
        UpdateExpression: 'SET siiStatus = :s, siiStatusAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':s': 'SENT', ':at': 'now' },
      },
    });
    const fr: SiiEntry = {
      ...e,
      book: 'FR',
      source: { type: 'RECEIVED_INVOICE', id: 'ri-1', invoiceId: 'ri-1' },
    };
    expect(sourceStatusUpdate('t', fr, 'QUEUED', 'now')?.Update?.Key).toEqual(
      keys.receivedInvoice(COMPANY, 'ri-1'),
    );
    // A deleted received invoice has no item left.
    expect(sourceStatusUpdate('t', { ...fr, withdrawn: true }, 'QUEUED', 'now')).toBeNull();
    for (const book of ['BI', 'OI', 'RECC'] as const)
      expect(sourceStatusUpdate('t', { ...e, book }, 'QUEUED', 'now')).toBeNull();
    expect(sourceOrder.issued(false)).toBe(e.sourceOrder);
  });
});

describe('wakeSender', () => {
  it('sends { companyId } to the FIFO queue, grouped by company, with a valid deduplication id', async () => {
    await wakeSender(h.deps, COMPANY, `${COMPANY}:ev-1`);
    const input = h.sqsMock.commandCalls(SendMessageCommand)[0]!.args[0].input;
    expect(input).toEqual({
      QueueUrl: SEND_QUEUE_URL,
      MessageBody: JSON.stringify({ companyId: COMPANY }),
      MessageGroupId: COMPANY,
      MessageDeduplicationId: `${COMPANY}:ev-1`,
    });
  });

  it('hashes ids that are too long or carry characters SQS refuses', () => {
    expect(senderDedupeId('a'.repeat(128))).toBe('a'.repeat(128));
    expect(senderDedupeId('a'.repeat(129))).toMatch(/^[0-9a-f]{64}$/);
    expect(senderDedupeId('co 1:é')).toMatch(/^[0-9a-f]{64}$/);
    expect(senderDedupeId('co 1:é')).not.toBe(senderDedupeId('co 1:e'));
  });
});
