/**
 * The stream → Lambda mapping against the DynamoDB Local of the shared local cloud, on a table of
 * its own so the cloud's consumers never see these records.
 */

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from '../aws';
import type { Invoke } from '../types';
import { silentLogger } from '../util/log';
import { ensureTable } from './dynamodb-table';
import {
  type RunningStreamConsumers,
  type StreamConsumerSpec,
  startStreamConsumers,
} from './stream-consumers';

const endpoint = inject('localCloud').env.AWS_ENDPOINT_URL_DYNAMODB!;
const client = new DynamoDBClient(localClientConfig(endpoint));
const tableName = `stream-test-${randomUUID().slice(0, 8)}`;
const definition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  streamView: 'NEW_AND_OLD_IMAGES',
  globalIndexes: [],
} as const;
const spec: StreamConsumerSpec = {
  entry: 'test/consumer.ts',
  export: 'handler',
  batchSize: 2,
  entities: ['Outbox'],
};

let streamArn: string;
let running: RunningStreamConsumers | undefined;
let checkpointDir: string;

beforeAll(async () => {
  ({ streamArn } = await ensureTable(client, tableName, definition));
});
afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  client.destroy();
});
beforeEach(() => {
  checkpointDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-streams-'));
});
afterEach(async () => {
  await running?.stop();
  running = undefined;
  fs.rmSync(checkpointDir, { recursive: true, force: true });
});

const put = (sk: string, entity: string) =>
  client.send(
    new PutItemCommand({
      TableName: tableName,
      Item: { pk: { S: 'T' }, sk: { S: sk }, entity: { S: entity } },
    }),
  );
const until = async (check: () => boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const sk = (r: DynamoDBRecord) => r.dynamodb?.NewImage?.sk?.S;

function start(invoke: Invoke, opts: { checkpoint?: boolean } = {}) {
  running = startStreamConsumers({
    endpoint,
    streamArn,
    consumers: { test: spec },
    invoke,
    logger: silentLogger,
    checkpointDir: opts.checkpoint === false ? undefined : checkpointDir,
    pollIntervalMs: 50,
    retry: { attempts: 3, baseDelayMs: 10 },
  });
  return running;
}

/** Starts a reader and waits until it reads from LATEST (a probe record proves it). */
async function startAndSettle(invoke: (e: DynamoDBStreamEvent) => unknown, opts?: { checkpoint?: boolean }) {
  let ready = false;
  const probe = `probe-${randomUUID()}`;
  const reader = start(async (_entry, event) => {
    const e = event as DynamoDBStreamEvent;
    if (e.Records.some((r) => sk(r)?.startsWith(probe))) {
      ready = true;
      return;
    }
    return invoke(e);
  }, opts);
  // LATEST is taken when the reader first describes the stream: keep probing until it sees one.
  // Each probe is a new item: rewriting an item unchanged writes no stream record (as in AWS).
  for (let i = 0; !ready; i++) {
    await put(`${probe}-${i}`, 'Outbox');
    await until(() => ready, 1000).catch(() => {});
  }
  return reader;
}

describe('DynamoDB stream consumers', () => {
  it('delivers only the consumer entities, in batches of its batch size, as Lambda stream events', async () => {
    const batches: DynamoDBRecord[][] = [];
    await startAndSettle((e) => {
      batches.push(e.Records);
    });
    const run = randomUUID().slice(0, 6);
    await put(`${run}-1`, 'Outbox');
    await put(`${run}-2`, 'Invoice');
    await put(`${run}-3`, 'Outbox');
    await put(`${run}-4`, 'Outbox');
    await until(() => batches.flat().length >= 3);

    expect(batches.flat().map(sk)).toEqual([`${run}-1`, `${run}-3`, `${run}-4`]);
    expect(batches.every((b) => b.length <= 2)).toBe(true);
    const record = batches[0]![0]!;
    expect(record).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      awsRegion: 'eu-west-1',
      eventSourceARN: streamArn,
      dynamodb: { NewImage: { entity: { S: 'Outbox' } }, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('retries a failing batch a bounded number of times, then skips it', async () => {
    const run = randomUUID().slice(0, 6);
    let poisonCalls = 0;
    const delivered: string[] = [];
    await startAndSettle((e) => {
      if (e.Records.some((r) => sk(r) === `${run}-poison`)) {
        poisonCalls++;
        throw new Error('poison');
      }
      delivered.push(...e.Records.map((r) => sk(r)!));
    });
    await put(`${run}-poison`, 'Outbox');
    await new Promise((r) => setTimeout(r, 300));
    await put(`${run}-after`, 'Outbox');
    await until(() => delivered.includes(`${run}-after`));
    expect(poisonCalls).toBe(3);
  });

  it('resumes a batch from the first record the consumer reported as failed', async () => {
    const run = randomUUID().slice(0, 6);
    const seen: string[][] = [];
    let failedOnce = false;
    await startAndSettle((e) => {
      seen.push(e.Records.map((r) => sk(r)!));
      const second = e.Records.find((r) => sk(r) === `${run}-b`);
      if (second && !failedOnce) {
        failedOnce = true;
        return { batchItemFailures: [{ itemIdentifier: second.dynamodb!.SequenceNumber! }] };
      }
      return { batchItemFailures: [] };
    });
    // Read together (one batch of two) or apart, b fails once and is delivered again; a is not.
    await put(`${run}-a`, 'Outbox');
    await put(`${run}-b`, 'Outbox');
    await until(() => seen.flat().filter((s) => s === `${run}-b`).length === 2);
    expect(seen.flat().filter((s) => s === `${run}-a`)).toHaveLength(1);
  });

  it('resumes after a restart from its checkpoint, so nothing written meanwhile is lost', async () => {
    const run = randomUUID().slice(0, 6);
    const seen: string[] = [];
    const reader = await startAndSettle((e) => {
      seen.push(...e.Records.map((r) => sk(r)!));
    });
    await reader.stop();
    running = undefined;

    await put(`${run}-while-down`, 'Outbox');
    start(async (_entry, event) => {
      seen.push(...(event as DynamoDBStreamEvent).Records.map((r) => sk(r)!));
    });
    await until(() => seen.includes(`${run}-while-down`));
  });

  it('recovers from the TrimmedDataAccessException DynamoDB Local gives a LATEST iterator of an empty shard', async () => {
    // DynamoDB Local numbers stream records across all tables; a LATEST iterator taken on an empty
    // shard points at the global next number, and once another table used it, reading the shard
    // fails as "trimmed". The reader must then read the shard from its start.
    const other = `stream-test-${randomUUID().slice(0, 8)}`;
    const created = await ensureTable(client, other, definition);
    const seen: string[] = [];
    running = startStreamConsumers({
      endpoint,
      streamArn: created.streamArn,
      consumers: { other: spec },
      invoke: async (_entry, event) => {
        seen.push(...(event as DynamoDBStreamEvent).Records.map((r) => sk(r)!));
      },
      logger: silentLogger,
      pollIntervalMs: 50,
    });
    try {
      await new Promise((r) => setTimeout(r, 300));
      await put(`bump-${randomUUID()}`, 'Invoice');
      await client.send(
        new PutItemCommand({
          TableName: other,
          Item: { pk: { S: 'T' }, sk: { S: 'first' }, entity: { S: 'Outbox' } },
        }),
      );
      await until(() => seen.includes('first'));
    } finally {
      await running.stop();
      running = undefined;
      await client.send(new DeleteTableCommand({ TableName: other }));
    }
  });
});
