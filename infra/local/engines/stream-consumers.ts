/**
 * DynamoDB stream → Lambda event-source mappings, one independent reader per consumer as in AWS.
 * Each reader starts at LATEST on its first run and afterwards resumes after the last sequence number
 * it checkpointed in <dataDir>/streams/, so outbox items written while `npm start` was down are still
 * published. Records are filtered by the consumer's `entities` (the CDK filter), batched by its
 * batchSize; a failing batch is retried with back-off a bounded number of times and then logged and
 * skipped, standing in for an on-failure destination.
 */

import fs from 'node:fs';
import path from 'node:path';
import type { EntryPoint } from '@infra/manifest';
import type { DynamoDBRecord } from 'aws-lambda';
import { REGION } from '../aws';
import type { Invoke } from '../types';
import type { Logger } from '../util/log';
import { sleep } from '../util/sleep';
import { chunk, matchesEntities, resumeIndex, toLambdaStreamRecord, toStreamEvent } from './stream-events';
import { createStreamsClient, type StreamShard, type StreamsClient } from './streams-client';

export interface StreamConsumerSpec extends EntryPoint {
  batchSize: number;
  entities: readonly string[];
}

export interface StreamConsumersOptions {
  endpoint: string;
  streamArn: string;
  consumers: Record<string, StreamConsumerSpec>;
  invoke: Invoke;
  logger: Logger;
  /** Where checkpoints live; without it every start reads from LATEST. */
  checkpointDir?: string;
  /** Idle wait between GetRecords rounds (Lambda polls each shard four times a second). */
  pollIntervalMs?: number;
  /** Attempts per batch before it is skipped, and the first back-off delay (doubled each time). */
  retry?: { attempts: number; baseDelayMs: number };
  functionName?: (consumer: string) => string | undefined;
}

export interface RunningStreamConsumers {
  stop(): Promise<void>;
}

interface Checkpoint {
  streamArn: string;
  /** Last processed sequence number per shard, or 'closed' once a shard has been read to its end. */
  shards: Record<string, string>;
}

const REDESCRIBE_MS = 10_000;

export function startStreamConsumers(opts: StreamConsumersOptions): RunningStreamConsumers {
  const client = createStreamsClient(opts.endpoint);
  const abort = new AbortController();
  const loops = Object.entries(opts.consumers).map(([name, spec]) =>
    runReader(name, spec, client, opts, abort.signal).catch((e) =>
      opts.logger.error(`stream reader ${name} died`, e),
    ),
  );
  return {
    async stop() {
      abort.abort();
      await Promise.all(loops);
    },
  };
}

function checkpointFile(dir: string | undefined, name: string): string | undefined {
  return dir ? path.join(dir, `${name}.json`) : undefined;
}

function loadCheckpoint(file: string | undefined, streamArn: string): Checkpoint | undefined {
  if (!file) return undefined;
  try {
    const cp = JSON.parse(fs.readFileSync(file, 'utf8')) as Checkpoint;
    // A checkpoint of another stream (table recreated after a reset) is meaningless.
    return cp.streamArn === streamArn ? cp : undefined;
  } catch {
    return undefined;
  }
}

function saveCheckpoint(file: string | undefined, cp: Checkpoint): void {
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(cp));
  fs.renameSync(`${file}.tmp`, file);
}

async function runReader(
  name: string,
  spec: StreamConsumerSpec,
  client: StreamsClient,
  opts: StreamConsumersOptions,
  signal: AbortSignal,
): Promise<void> {
  const file = checkpointFile(opts.checkpointDir, name);
  const resumed = loadCheckpoint(file, opts.streamArn);
  const cp: Checkpoint = resumed ?? { streamArn: opts.streamArn, shards: {} };
  const iterators = new Map<string, string>();
  let firstDescribe = true;
  let lastDescribe = 0;

  const openIterator = async (shard: StreamShard) => {
    const seq = cp.shards[shard.ShardId];
    if (seq === 'closed') return;
    let it: string | undefined;
    if (seq) {
      it = await client
        .getShardIterator(opts.streamArn, shard.ShardId, 'AFTER_SEQUENCE_NUMBER', seq)
        .catch(() => undefined);
      if (!it) opts.logger.warn(`stream ${name}: checkpoint ${seq} no longer readable, starting at LATEST`);
    }
    if (!it) {
      // First run: only what happens from now on (LATEST). Shards found later, or unknown shards
      // of a resumed run, are read from their start so nothing written in between is lost.
      const fromNow = firstDescribe && !resumed;
      if (fromNow && shard.SequenceNumberRange?.EndingSequenceNumber) return;
      it = await client.getShardIterator(opts.streamArn, shard.ShardId, fromNow ? 'LATEST' : 'TRIM_HORIZON');
    }
    if (it) iterators.set(shard.ShardId, it);
  };

  const describe = async () => {
    const { shards } = await client.describeStream(opts.streamArn);
    for (const shard of shards) {
      if (!iterators.has(shard.ShardId)) await openIterator(shard);
    }
    firstDescribe = false;
    lastDescribe = Date.now();
  };

  while (!signal.aborted) {
    try {
      if (firstDescribe || iterators.size === 0 || Date.now() - lastDescribe > REDESCRIBE_MS)
        await describe();
      let got = 0;
      for (const [shardId, iterator] of [...iterators]) {
        if (signal.aborted) break;
        const { records, next } = await client.getRecords(iterator);
        got += records.length;
        await deliver(name, spec, records, opts, signal, (seq) => {
          cp.shards[shardId] = seq;
          saveCheckpoint(file, cp);
        });
        if (next) iterators.set(shardId, next);
        else {
          // A closed shard: its children appear on the next DescribeStream.
          iterators.delete(shardId);
          cp.shards[shardId] = 'closed';
          saveCheckpoint(file, cp);
          lastDescribe = 0;
        }
      }
      if (got === 0) await sleep(opts.pollIntervalMs ?? 250, signal);
    } catch (e) {
      if (signal.aborted) break;
      const code = (e as Error).name;
      if (code === 'ExpiredIteratorException' || code === 'TrimmedDataAccessException') {
        iterators.clear();
        lastDescribe = 0;
      } else {
        opts.logger.error(`stream ${name}: polling failed, retrying`, e);
        await sleep(2000, signal);
      }
    }
  }
}

async function deliver(
  name: string,
  spec: StreamConsumerSpec,
  raw: Awaited<ReturnType<StreamsClient['getRecords']>>['records'],
  opts: StreamConsumersOptions,
  signal: AbortSignal,
  checkpoint: (sequenceNumber: string) => void,
): Promise<void> {
  if (raw.length === 0) return;
  const matching = raw
    .filter((r) => matchesEntities(r, spec.entities))
    .map((r) => toLambdaStreamRecord(r, opts.streamArn, REGION));
  for (const batch of chunk(matching, spec.batchSize)) {
    await deliverBatch(name, spec, batch, opts, signal);
    const last = batch.at(-1)?.dynamodb?.SequenceNumber;
    if (last) checkpoint(last);
  }
  // Filtered-out records are consumed too (AWS drops them), so the checkpoint moves past them.
  const lastRaw = raw.at(-1)?.dynamodb.SequenceNumber;
  if (lastRaw) checkpoint(lastRaw);
}

async function deliverBatch(
  name: string,
  spec: StreamConsumerSpec,
  batch: DynamoDBRecord[],
  opts: StreamConsumersOptions,
  signal: AbortSignal,
): Promise<void> {
  const { attempts, baseDelayMs } = opts.retry ?? { attempts: 4, baseDelayMs: 500 };
  let pending = batch;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const result = await opts.invoke(spec, toStreamEvent(pending), {
        functionName: opts.functionName?.(name),
      });
      const from = resumeIndex(pending, result);
      if (from === -1) return;
      pending = pending.slice(from);
      if (attempt === attempts) break;
      opts.logger.warn(
        `stream ${name}: ${pending.length} record(s) reported as failed, retrying (${attempt}/${attempts})`,
      );
    } catch (e) {
      if (attempt === attempts) {
        opts.logger.error(`stream ${name}: batch failed`, e);
        break;
      }
      opts.logger.warn(
        `stream ${name}: batch failed (${(e as Error).message}), retrying (${attempt}/${attempts})`,
      );
    }
    await sleep(baseDelayMs * 2 ** (attempt - 1), signal);
    // Stopping mid-retry must not checkpoint the batch: the next start delivers it again.
    if (signal.aborted) throw new Error('stopped');
  }
  const seqs = pending.map((r) => r.dynamodb?.SequenceNumber).join(', ');
  opts.logger.error(
    `stream ${name}: giving up after ${attempts} attempts; skipped record(s) ${seqs} (on-failure destination)`,
  );
}
