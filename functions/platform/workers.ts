/**
 * Entry-point wrappers for the asynchronous workers (SQS consumers, DynamoDB stream consumers,
 * schedules): one structured logger per record, partial batch responses, error logging.
 *
 * Nothing here logs a message body or a stream image: they carry tokens, mail contents and
 * personal data (logger.ts). Only ids, counts and error names/messages reach the log, and JSON
 * syntax errors are reworded because V8 quotes the offending input in their message.
 */

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSBatchItemFailure,
  SQSBatchResponse,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { createLogger, errorFields, type Logger } from './logger';

export interface WorkerContext {
  /** Carries the invocation's request id and the record's ids. */
  log: Logger;
}

/** Error fields safe for the log: a JSON SyntaxError quotes the body it failed on. */
export const workerErrorFields = (e: unknown): Record<string, unknown> =>
  e instanceof SyntaxError
    ? { errorName: 'SyntaxError', errorMessage: 'Invalid JSON (input withheld)' }
    : errorFields(e);

/** Parses an SQS body without letting the parse error echo the body into the log. */
export function parseJsonBody(record: SQSRecord): unknown {
  try {
    return JSON.parse(record.body);
  } catch {
    throw new Error(`Message ${record.messageId} has a body that is not JSON`);
  }
}

const invocationLogger = (context: Context | undefined) =>
  createLogger({ requestId: context?.awsRequestId, worker: context?.functionName });

// --- SQS ----------------------------------------------------------------------------------------

export interface SqsHandlerOptions {
  /**
   * FIFO queues: process one record at a time and, after a failure, report it and every later
   * record as failed, so a message group never overtakes itself (Powertools' SqsFifoPartialProcessor).
   * Standard queues (the default) process the batch concurrently; their order is not guaranteed anyway.
   */
  ordered?: boolean;
}

export type SqsRecordProcessor = (record: SQSRecord, ctx: WorkerContext) => Promise<void>;

/**
 * SQS consumer with ReportBatchItemFailures: the records that threw go back to the queue (and to
 * the DLQ after maxReceiveCount); the event source mapping deletes the others.
 */
export function sqsHandler(processRecord: SqsRecordProcessor, options: SqsHandlerOptions = {}) {
  return async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const base = invocationLogger(context);
    const run = async (record: SQSRecord): Promise<boolean> => {
      const log = base.child({
        messageId: record.messageId,
        receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 0),
      });
      try {
        await processRecord(record, { log });
        return true;
      } catch (e) {
        log.error('Record failed; it returns to the queue', workerErrorFields(e));
        return false;
      }
    };

    const failed: SQSBatchItemFailure[] = [];
    if (options.ordered) {
      for (const [i, record] of event.Records.entries()) {
        if (await run(record)) continue;
        failed.push(...event.Records.slice(i).map((r) => ({ itemIdentifier: r.messageId })));
        break;
      }
    } else {
      const results = await Promise.all(event.Records.map(run));
      event.Records.forEach((r, i) => {
        if (!results[i]) failed.push({ itemIdentifier: r.messageId });
      });
    }
    base.info('SQS batch processed', { records: event.Records.length, failed: failed.length });
    return { batchItemFailures: failed };
  };
}

// --- DynamoDB streams -----------------------------------------------------------------------------

export type Image = Record<string, unknown>;

export interface StreamChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage: Image | undefined;
  oldImage: Image | undefined;
  sequenceNumber: string;
}

export interface StreamHandlerOptions {
  /**
   * Only records whose NEW image has one of these `entity` values are processed. The event source
   * mapping filters the same way in AWS (infra/manifest.ts); this keeps a local poller honest.
   */
  entities: readonly string[];
}

export type StreamRecordProcessor = (change: StreamChange, ctx: WorkerContext) => Promise<void>;

// @types/aws-lambda and the SDK describe the same wire format with two different types.
const toImage = (raw: unknown): Image | undefined =>
  raw ? unmarshall(raw as Record<string, AttributeValue>) : undefined;

/**
 * DynamoDB stream consumer with ReportBatchItemFailures. Records are processed in order and the
 * first failure stops the batch: its sequence number is reported, so Lambda retries from that
 * record and nothing after it runs before it (AWS guidance for streams).
 */
export function streamHandler(options: StreamHandlerOptions, processRecord: StreamRecordProcessor) {
  return async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    const base = invocationLogger(context);
    let processed = 0;
    for (const record of event.Records) {
      const sequenceNumber = record.dynamodb?.SequenceNumber;
      const log = base.child({ eventId: record.eventID, eventName: record.eventName, sequenceNumber });
      try {
        const change = toChange(record, sequenceNumber);
        if (!options.entities.includes(String(change.newImage?.entity))) continue;
        await processRecord(change, { log });
        processed += 1;
      } catch (e) {
        log.error('Stream record failed; the batch restarts from it', workerErrorFields(e));
        // Without a sequence number Lambda cannot resume mid-batch: fail the whole batch.
        if (!sequenceNumber) throw e;
        return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
      }
    }
    base.info('Stream batch processed', { records: event.Records.length, processed });
    return { batchItemFailures: [] };
  };
}

function toChange(record: DynamoDBRecord, sequenceNumber: string | undefined): StreamChange {
  if (!record.eventName) throw new Error('Stream record without eventName');
  return {
    eventName: record.eventName,
    newImage: toImage(record.dynamodb?.NewImage),
    oldImage: toImage(record.dynamodb?.OldImage),
    sequenceNumber: sequenceNumber ?? '',
  };
}

// --- schedules ------------------------------------------------------------------------------------

export interface ScheduledContext extends WorkerContext {
  now: Date;
  /** Milliseconds left before the Lambda timeout (Infinity outside Lambda), to stop cleanly. */
  remainingMs: () => number;
}

/**
 * EventBridge Scheduler target. A failure is logged and rethrown, so the invocation counts as an
 * error (alarm) and the asynchronous invocation is retried; scheduled jobs must be idempotent.
 */
export function scheduledHandler(run: (ctx: ScheduledContext) => Promise<void>) {
  return async (_event: unknown, context?: Context): Promise<void> => {
    const log = invocationLogger(context);
    const started = Date.now();
    const remainingMs = () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY;
    try {
      await run({ log, now: new Date(started), remainingMs });
      log.info('Scheduled run finished', { ms: Date.now() - started });
    } catch (e) {
      log.error('Scheduled run failed', workerErrorFields(e));
      throw e;
    }
  };
}
