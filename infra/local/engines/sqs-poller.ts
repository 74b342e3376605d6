/**
 * One SQS → Lambda event-source mapping: polls a queue, hands batches of real SQSEvent records
 * to the consumer and deletes what succeeded (ReportBatchItemFailures). Failed messages are left
 * alone: they reappear after the visibility timeout and, after maxReceiveCount receives, the engine
 * moves them to the DLQ. FIFO queues are delivered one message group at a time, in order.
 */

import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { EntryPoint } from '@infra/manifest';
import type { SQSRecord } from 'aws-lambda';
import { localClientConfig, REGION } from '../aws';
import type { Invoke } from '../types';
import type { Logger } from '../util/log';
import { sleep } from '../util/sleep';
import { extendFailuresInGroup, failedMessageIds, groupBatches, toSqsRecord } from './sqs-events';

export interface QueuePollerOptions {
  name: string;
  endpoint: string;
  queueUrl: string;
  queueArn: string;
  fifo: boolean;
  batchSize: number;
  consumer: EntryPoint;
  functionName?: string;
  invoke: Invoke;
  logger: Logger;
  /** Wait between empty receives. */
  idlePollMs?: number;
}

export interface RunningPoller {
  stop(): Promise<void>;
}

/** SQS returns at most 10 messages per receive. */
const MAX_RECEIVE = 10;

export function startQueuePoller(opts: QueuePollerOptions): RunningPoller {
  const client = new SQSClient(localClientConfig(opts.endpoint));
  const abort = new AbortController();

  // Lambda long-polls (20 s), and SQS answers as soon as one message is there. local-aws-sqs's long
  // poll instead waits until it has MaxNumberOfMessages or the wait is over (measured: a lone message
  // sat for the whole wait), so a short poll (the engine answers in ~40 ms) every idlePollMs gives
  // AWS-like latency.
  const receive = async (max: number): Promise<Message[]> => {
    const res = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: opts.queueUrl,
        MaxNumberOfMessages: Math.min(max, MAX_RECEIVE),
        WaitTimeSeconds: 0,
        // The engine ignores the newer MessageSystemAttributeNames (local-runtime.md §4).
        AttributeNames: ['All'],
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    return res.Messages ?? [];
  };

  /** Up to batchSize messages: receives while the queue has more (one receive returns at most 10). */
  const receiveBatch = async (): Promise<Message[]> => {
    const messages = await receive(opts.batchSize);
    while (messages.length >= MAX_RECEIVE && messages.length < opts.batchSize) {
      const more = await receive(opts.batchSize - messages.length);
      if (more.length === 0) break;
      messages.push(...more);
    }
    return messages;
  };

  const deliver = async (records: SQSRecord[]): Promise<void> => {
    let outcome: { error: unknown } | { result: unknown };
    try {
      outcome = {
        result: await opts.invoke(opts.consumer, { Records: records }, { functionName: opts.functionName }),
      };
    } catch (error) {
      outcome = { error };
      opts.logger.warn(
        `queue ${opts.name}: consumer failed for ${records.length} message(s): ${(error as Error).message}`,
      );
    }
    let failed = failedMessageIds(records, outcome);
    if (opts.fifo) failed = extendFailuresInGroup(records, failed);
    const done = records.filter((r) => !failed.has(r.messageId));
    for (let i = 0; i < done.length; i += MAX_RECEIVE) {
      await client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: opts.queueUrl,
          Entries: done
            .slice(i, i + MAX_RECEIVE)
            .map((r, j) => ({ Id: String(j), ReceiptHandle: r.receiptHandle })),
        }),
      );
    }
  };

  const loop = async () => {
    while (!abort.signal.aborted) {
      try {
        const messages = await receiveBatch();
        if (messages.length === 0) {
          await sleep(opts.idlePollMs ?? 200, abort.signal);
          continue;
        }
        const records = messages.map((m) => toSqsRecord(m, { queueArn: opts.queueArn, region: REGION }));
        const batches = opts.fifo ? groupBatches(records) : [records];
        for (const batch of batches) await deliver(batch);
      } catch (e) {
        if (abort.signal.aborted) break;
        opts.logger.error(`queue ${opts.name}: polling failed, retrying`, e);
        await sleep(1000, abort.signal);
      }
    }
    client.destroy();
  };
  const running = loop();

  return {
    async stop() {
      abort.abort();
      await running;
    },
  };
}
