/**
 * Pure helpers of the SQS event-source mapping: the SQSEvent record Lambda builds from a received
 * message, and which receipts may be deleted after the consumer answered.
 */

import type { Message, MessageAttributeValue } from '@aws-sdk/client-sqs';
import type { SQSMessageAttribute, SQSRecord, SQSRecordAttributes } from 'aws-lambda';

export function toSqsRecord(message: Message, opts: { queueArn: string; region: string }): SQSRecord {
  const a = message.Attributes ?? {};
  const attributes: SQSRecordAttributes = {
    ApproximateReceiveCount: a.ApproximateReceiveCount ?? '1',
    SentTimestamp: a.SentTimestamp ?? String(Date.now()),
    SenderId: a.SenderId ?? 'AIDALOCALCUADRA',
    ApproximateFirstReceiveTimestamp: a.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
  };
  for (const key of [
    'SequenceNumber',
    'MessageGroupId',
    'MessageDeduplicationId',
    'AWSTraceHeader',
  ] as const) {
    if (a[key] !== undefined) attributes[key] = a[key];
  }
  const record: SQSRecord = {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes,
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([k, v]) => [k, toLambdaAttribute(v)]),
    ),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: opts.queueArn,
    awsRegion: opts.region,
  };
  if (message.MD5OfMessageAttributes) record.md5OfMessageAttributes = message.MD5OfMessageAttributes;
  return record;
}

/** Lambda spells message attributes in camelCase with base64 binaries and always-present lists. */
function toLambdaAttribute(v: MessageAttributeValue): SQSMessageAttribute {
  const attr: SQSMessageAttribute = {
    stringListValues: v.StringListValues ?? [],
    binaryListValues: (v.BinaryListValues ?? []).map((b) => Buffer.from(b).toString('base64')),
    dataType: (v.DataType ?? 'String') as SQSMessageAttribute['dataType'],
  };
  if (v.StringValue !== undefined) attr.stringValue = v.StringValue;
  if (v.BinaryValue !== undefined) attr.binaryValue = Buffer.from(v.BinaryValue).toString('base64');
  return attr;
}

/**
 * The messageIds that failed, given the consumer's outcome (ReportBatchItemFailures semantics):
 * a thrown error, or an identifier that is empty or names no message of the batch, fails the whole
 * batch; otherwise only the listed messages failed.
 */
export function failedMessageIds(
  records: readonly SQSRecord[],
  outcome: { error: unknown } | { result: unknown },
): Set<string> {
  const all = new Set(records.map((r) => r.messageId));
  if ('error' in outcome) return all;
  const failures = (outcome.result as { batchItemFailures?: { itemIdentifier?: unknown }[] } | null)
    ?.batchItemFailures;
  if (!Array.isArray(failures)) return new Set();
  const failed = new Set<string>();
  for (const f of failures) {
    if (typeof f?.itemIdentifier !== 'string' || !all.has(f.itemIdentifier)) return all;
    failed.add(f.itemIdentifier);
  }
  return failed;
}

/**
 * FIFO order: once a message of a group fails, every later message of that group must stay in the
 * queue too, or the group's order would break.
 */
export function extendFailuresInGroup(records: readonly SQSRecord[], failed: Set<string>): Set<string> {
  const out = new Set(failed);
  const brokenGroups = new Set<string>();
  for (const r of records) {
    const group = r.attributes.MessageGroupId ?? '';
    if (brokenGroups.has(group)) out.add(r.messageId);
    else if (out.has(r.messageId)) brokenGroups.add(group);
  }
  return out;
}

/** Splits a FIFO batch into per-group batches, keeping the received order. */
export function groupBatches(records: readonly SQSRecord[]): SQSRecord[][] {
  const groups = new Map<string, SQSRecord[]>();
  for (const r of records) {
    const g = r.attributes.MessageGroupId ?? '';
    const list = groups.get(g) ?? [];
    list.push(r);
    groups.set(g, list);
  }
  return [...groups.values()];
}
