import { describe, expect, it } from 'vitest';
import { chunk, matchesEntities, resumeIndex, toLambdaStreamRecord } from './stream-events';
import type { RawStreamRecord } from './streams-client';

const record = (
  seq: string,
  entity?: string,
  eventName: RawStreamRecord['eventName'] = 'INSERT',
): RawStreamRecord => ({
  eventID: `id-${seq}`,
  eventName,
  eventVersion: '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: 'ddblocal',
  dynamodb: {
    ApproximateCreationDateTime: 1_795_213_380,
    Keys: { pk: { S: 'P' }, sk: { S: seq } },
    ...(entity && eventName !== 'REMOVE'
      ? { NewImage: { pk: { S: 'P' }, sk: { S: seq }, entity: { S: entity } } }
      : {}),
    ...(eventName !== 'INSERT'
      ? { OldImage: { pk: { S: 'P' }, sk: { S: seq }, entity: { S: entity ?? 'X' } } }
      : {}),
    SequenceNumber: seq,
    SizeBytes: 40,
    StreamViewType: 'NEW_AND_OLD_IMAGES',
  },
});

describe('stream consumer filter', () => {
  it('passes only records whose new image has one of the entities', () => {
    expect(matchesEntities(record('1', 'Outbox'), ['Outbox'])).toBe(true);
    expect(matchesEntities(record('2', 'Invoice'), ['Outbox'])).toBe(false);
    expect(matchesEntities(record('3', 'Invoice'), ['Outbox', 'Invoice'])).toBe(true);
    expect(matchesEntities(record('4'), ['Outbox'])).toBe(false);
  });

  it('drops REMOVE records, which have no new image (as the CDK NewImage filter does)', () => {
    expect(matchesEntities(record('5', 'Outbox', 'REMOVE'), ['Outbox'])).toBe(false);
    expect(matchesEntities(record('6', 'Outbox', 'MODIFY'), ['Outbox'])).toBe(true);
  });
});

describe('stream records for Lambda', () => {
  it('adds the stream ARN and the stack region, keeping DynamoDB JSON images', () => {
    const arn = 'arn:aws:dynamodb:ddblocal:000000000000:table/t/stream/2026';
    const r = toLambdaStreamRecord(record('7', 'Outbox'), arn, 'eu-west-1');
    expect(r).toMatchObject({
      eventID: 'id-7',
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      awsRegion: 'eu-west-1',
      eventSourceARN: arn,
      dynamodb: {
        NewImage: { entity: { S: 'Outbox' } },
        SequenceNumber: '7',
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
  });

  it('batches by batch size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 25)).toEqual([]);
  });

  it('resumes a batch from the lowest reported failure', () => {
    const batch = ['1', '2', '3'].map((s) => toLambdaStreamRecord(record(s, 'Outbox'), 'arn', 'eu-west-1'));
    expect(resumeIndex(batch, undefined)).toBe(-1);
    expect(resumeIndex(batch, { batchItemFailures: [] })).toBe(-1);
    expect(
      resumeIndex(batch, { batchItemFailures: [{ itemIdentifier: '3' }, { itemIdentifier: '2' }] }),
    ).toBe(1);
    expect(resumeIndex(batch, { batchItemFailures: [{ itemIdentifier: 'nope' }] })).toBe(0);
  });
});
