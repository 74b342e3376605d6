import type { Message } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { extendFailuresInGroup, failedMessageIds, groupBatches, toSqsRecord } from './sqs-events';

const message = (id: string, group?: string): Message => ({
  MessageId: id,
  ReceiptHandle: `rh-${id}`,
  Body: `body-${id}`,
  MD5OfBody: 'd41d8cd98f00b204e9800998ecf8427e',
  Attributes: {
    ApproximateReceiveCount: '3',
    SentTimestamp: '1795213380000',
    SenderId: 'AIDA',
    ApproximateFirstReceiveTimestamp: '1795213381000',
    ...(group ? { MessageGroupId: group, MessageDeduplicationId: `d-${id}`, SequenceNumber: '1' } : {}),
  },
  MessageAttributes: {
    kind: { DataType: 'String', StringValue: 'x' },
    blob: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 3]) },
  },
});
const opts = { queueArn: 'arn:aws:sqs:eu-west-1:123456789012:q', region: 'eu-west-1' };

describe('SQS records for Lambda', () => {
  it('builds the record shape of the SQS event-source mapping', () => {
    const r = toSqsRecord(message('m1', 'g1'), opts);
    expect(r).toEqual({
      messageId: 'm1',
      receiptHandle: 'rh-m1',
      body: 'body-m1',
      attributes: {
        ApproximateReceiveCount: '3',
        SentTimestamp: '1795213380000',
        SenderId: 'AIDA',
        ApproximateFirstReceiveTimestamp: '1795213381000',
        MessageGroupId: 'g1',
        MessageDeduplicationId: 'd-m1',
        SequenceNumber: '1',
      },
      messageAttributes: {
        kind: { stringValue: 'x', stringListValues: [], binaryListValues: [], dataType: 'String' },
        blob: { binaryValue: 'AQID', stringListValues: [], binaryListValues: [], dataType: 'Binary' },
      },
      md5OfBody: 'd41d8cd98f00b204e9800998ecf8427e',
      eventSource: 'aws:sqs',
      eventSourceARN: opts.queueArn,
      awsRegion: 'eu-west-1',
    });
  });
});

describe('ReportBatchItemFailures', () => {
  const records = ['a', 'b', 'c'].map((id) => toSqsRecord(message(id), opts));

  it('fails the whole batch when the consumer throws', () => {
    expect(failedMessageIds(records, { error: new Error('x') })).toEqual(new Set(['a', 'b', 'c']));
  });

  it('fails nothing for an empty or absent failure list', () => {
    expect(failedMessageIds(records, { result: undefined })).toEqual(new Set());
    expect(failedMessageIds(records, { result: { batchItemFailures: [] } })).toEqual(new Set());
  });

  it('fails only the reported messages', () => {
    expect(failedMessageIds(records, { result: { batchItemFailures: [{ itemIdentifier: 'b' }] } })).toEqual(
      new Set(['b']),
    );
  });

  it('fails the whole batch for an identifier that names no message, as Lambda does', () => {
    expect(failedMessageIds(records, { result: { batchItemFailures: [{ itemIdentifier: '' }] } })).toEqual(
      new Set(['a', 'b', 'c']),
    );
    expect(failedMessageIds(records, { result: { batchItemFailures: [{ itemIdentifier: 'zz' }] } })).toEqual(
      new Set(['a', 'b', 'c']),
    );
  });
});

describe('FIFO groups', () => {
  const fifo = [
    ['1', 'A'],
    ['2', 'B'],
    ['3', 'A'],
    ['4', 'A'],
    ['5', 'B'],
  ].map(([id, g]) => toSqsRecord(message(id!, g), opts));

  it('splits a batch per group, keeping order', () => {
    expect(groupBatches(fifo).map((b) => b.map((r) => r.messageId))).toEqual([
      ['1', '3', '4'],
      ['2', '5'],
    ]);
  });

  it('keeps every later message of a group once one failed', () => {
    expect(extendFailuresInGroup(fifo, new Set(['3']))).toEqual(new Set(['3', '4']));
    expect(extendFailuresInGroup(fifo, new Set(['2']))).toEqual(new Set(['2', '5']));
  });
});
