/**
 * Table stream consumer `invoice-events` (infra/manifest.ts): every event item INSERTed by the
 * transaction that caused it is published:
 *  - `InvoiceEvent` (issued invoices of every company: INVOICE_CONFIRMED, INVOICE_CANCELLED,
 *    PAYMENT_RECORDED, PAYMENT_DELETED; store/payment-events.ts);
 *  - `ReceivedInvoiceEvent` (received invoices of every company, in the book: RECEIVED_REGISTERED,
 *    RECEIVED_UPDATED, RECEIVED_DELETED, RECEIVED_PAYMENT_RECORDED, RECEIVED_PAYMENT_DELETED;
 *    functions/domains/expenses/model/received-events.ts);
 * each to
 *  - the accounting queue, always (issue 18: the accounting books every invoice and payment);
 *  - the treasury queue, always (issue 19: the open-items projection follows every invoice and payment);
 *  - the SII queue, only what the SII hears of (`targetsOf`): an issued invoice with an SII state;
 *    a payment or received-invoice event marked `reportsSii` (an issued payment under the criterio
 *    de caja of an SII company: RECC book; a received invoice with an SII state). Events stored
 *    before the mark existed (written only for the SII) are read by their SII state.
 * VeriFacTu gets no invoice events: its registration records are written in the confirming and
 * cancelling transactions themselves and wake its sender through their own stream consumer.
 * The event carries everything its consumers need (an issued invoice's customer, issuer, breakdown,
 * totals, rectification, regime, SII state; a received invoice as stored), so they never read the
 * source item. The message body is `{ eventId, ...the item without keys, entity and marks }`; the
 * kinds of the two entities never overlap (RECEIVED_* are the received invoices').
 *
 * Idempotency. The item is read again (strongly consistent) and each queue it was sent to is
 * marked on it (`published<Target>At`, conditioned on not being marked yet) right after that send;
 * a retried record (a failed batch restarts from its first failing record, or a replayed shard)
 * skips the queues already marked. The only duplicate left is a crash between a send and its mark:
 * the queues deliver at least once, so their consumers dedupe by `eventId` (SHA-256 of the event's
 * pk|sk). Our own marks come back as
 * MODIFY records and are ignored (INSERT only).
 */

import { createHash } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { once, requireEnv, tableName } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import { type StreamChange, streamHandler, type WorkerContext } from '@functions/platform/workers';
import { envNames } from '@shared/config/env-names';
import { stripKeys } from '@shared/db/records';

export type EventTarget = 'sii' | 'accounting' | 'treasury';

/** The attribute marking that an event reached one queue. */
export const publishedMark: Record<EventTarget, string> = {
  sii: 'publishedSiiAt',
  accounting: 'publishedAccountingAt',
  treasury: 'publishedTreasuryAt',
};

/** Marks of targets that no longer exist (events stored before VeriFacTu wrote its own records). */
const LEGACY_MARKS = ['publishedVerifactuAt'];

export interface PublishDeps {
  db: Pick<ReturnType<typeof ddb>, 'send'>;
  sqs: Pick<ReturnType<typeof sqs>, 'send'>;
  table: string;
  queueUrl: (target: EventTarget) => string;
  now: () => Date;
}

export const makePublishDeps = (): PublishDeps => ({
  db: ddb(),
  sqs: sqs(),
  table: tableName(),
  queueUrl: (target) => requireEnv(envNames.queueUrl(target)),
  now: () => new Date(),
});

/** Stable id of a stored event: the SHA-256 of its key (the consumers' deduplication id). */
export const eventIdOf = (key: { pk: string; sk: string }): string =>
  createHash('sha256').update(`${key.pk}|${key.sk}`).digest('hex');

const hasSiiState = (event: Record<string, unknown>): boolean =>
  event.siiStatus !== null && event.siiStatus !== undefined;

/** Whether the SII hears of an event (see the header): its `reportsSii` mark, else its SII state. */
const reportsSii = (event: Record<string, unknown>): boolean => {
  const isInvoiceKind = event.entity === 'InvoiceEvent' && String(event.kind).startsWith('INVOICE_');
  if (isInvoiceKind || typeof event.reportsSii !== 'boolean') return hasSiiState(event);
  return event.reportsSii;
};

/** The queues an event goes to: accounting and treasury always; the SII only for what it hears of. */
export const targetsOf = (event: Record<string, unknown>): EventTarget[] =>
  reportsSii(event) ? ['sii', 'accounting', 'treasury'] : ['accounting', 'treasury'];

/** Publishes one stored event to the queues it has not reached yet; returns those it sent to. */
export async function publishInvoiceEvent(
  deps: PublishDeps,
  key: { pk: string; sk: string },
  ctx: WorkerContext,
): Promise<EventTarget[]> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: key, ConsistentRead: true }));
  const item = res.Item;
  if (!item) {
    ctx.log.warn('Invoice event no longer exists; nothing to publish', { sk: key.sk });
    return [];
  }
  const eventId = eventIdOf(key);
  const payload = stripKeys(item) as Record<string, unknown>;
  for (const mark of [...Object.values(publishedMark), ...LEGACY_MARKS]) delete payload[mark];
  const body = JSON.stringify({ eventId, ...payload });
  const sent: EventTarget[] = [];
  for (const target of targetsOf(item)) {
    if (item[publishedMark[target]]) continue;
    await deps.sqs.send(new SendMessageCommand({ QueueUrl: deps.queueUrl(target), MessageBody: body }));
    try {
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.table,
          Key: key,
          UpdateExpression: 'SET #mark = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#mark)',
          ExpressionAttributeNames: { '#mark': publishedMark[target] },
          ExpressionAttributeValues: { ':at': deps.now().toISOString() },
        }),
      );
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
      // A concurrent run (a replayed shard) published it too: the consumers dedupe by eventId.
      ctx.log.info('Invoice event was published concurrently', { target });
    }
    sent.push(target);
  }
  ctx.log.info('Invoice event published', {
    eventId,
    entity: item.entity,
    kind: item.kind,
    invoiceId: item.invoiceId ?? item.receivedInvoiceId,
    targets: sent,
  });
  return sent;
}

export async function publishChange(
  deps: PublishDeps,
  change: StreamChange,
  ctx: WorkerContext,
): Promise<void> {
  if (change.eventName !== 'INSERT' || !change.newImage) return;
  const { pk, sk } = change.newImage as { pk?: unknown; sk?: unknown };
  if (typeof pk !== 'string' || typeof sk !== 'string') {
    ctx.log.error('Invoice event without key; skipped');
    return;
  }
  await publishInvoiceEvent(deps, { pk, sk }, ctx);
}

const deps = once(makePublishDeps);
/** The entities this consumer takes (the manifest's `invoice-events` stream consumer lists the same). */
export const PUBLISHED_ENTITIES = ['InvoiceEvent', 'ReceivedInvoiceEvent'];

export const handler = streamHandler({ entities: PUBLISHED_ENTITIES }, (change, ctx) =>
  publishChange(deps(), change, ctx),
);
