/**
 * Pure helpers that turn DynamoDB Streams records into what Lambda hands a stream consumer.
 * Kept apart from the poller so the shapes and the filter are unit-tested without an engine.
 */

import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { RawStreamRecord } from './streams-client';

/**
 * The event-source-mapping filter the CDK stack installs for a consumer:
 * `{ dynamodb: { NewImage: { entity: { S: entities } } } }`. Records without a new image (REMOVE)
 * never match, exactly as in AWS.
 */
export function matchesEntities(record: RawStreamRecord, entities: readonly string[]): boolean {
  const entity = record.dynamodb.NewImage?.entity?.S;
  return entity !== undefined && entities.includes(entity);
}

/** A Lambda DynamoDBRecord: GetRecords' record plus the stream ARN, in our region. */
export function toLambdaStreamRecord(
  raw: RawStreamRecord,
  streamArn: string,
  region: string,
): DynamoDBRecord {
  return {
    eventID: raw.eventID,
    eventName: raw.eventName,
    eventVersion: raw.eventVersion,
    eventSource: 'aws:dynamodb',
    // DynamoDB Local says "ddblocal"; handlers may read the region, so it is the stack's.
    awsRegion: region,
    dynamodb: raw.dynamodb as DynamoDBRecord['dynamodb'],
    eventSourceARN: streamArn,
  };
}

export function toStreamEvent(records: DynamoDBRecord[]): DynamoDBStreamEvent {
  return { Records: records };
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * With ReportBatchItemFailures a stream consumer answers the sequence numbers that failed; Lambda
 * retries from the lowest one. Returns the index to resume from, or -1 when the batch succeeded.
 * An identifier that names no record of the batch fails the whole batch, as in AWS.
 */
export function resumeIndex(batch: readonly DynamoDBRecord[], result: unknown): number {
  const failures = (result as { batchItemFailures?: { itemIdentifier?: string }[] } | null)
    ?.batchItemFailures;
  if (!Array.isArray(failures) || failures.length === 0) return -1;
  let lowest = Number.POSITIVE_INFINITY;
  for (const f of failures) {
    const idx = batch.findIndex((r) => r.dynamodb?.SequenceNumber === f.itemIdentifier);
    if (idx === -1) return 0;
    lowest = Math.min(lowest, idx);
  }
  return lowest;
}
