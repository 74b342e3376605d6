import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { localClientConfig } from '../aws';
import type { Invoke } from '../types';
import { silentLogger } from '../util/log';
import { type RunningSqs, startSqs } from './sqs';
import { type RunningPoller, startQueuePoller } from './sqs-poller';

const consumer = { entry: 'test/consumer.ts', export: 'handler' };

/** An Invoke that hands the event to `fn`, whatever the entry. */
const invokeWith =
  (fn: (event: SQSEvent) => unknown): Invoke =>
  async (_entry, event) =>
    fn(event as SQSEvent);

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

let sqs: RunningSqs | undefined;
let pollers: RunningPoller[] = [];

afterEach(async () => {
  await Promise.all(pollers.map((p) => p.stop()));
  pollers = [];
  await sqs?.stop();
  sqs = undefined;
});

async function setup(fifo: boolean, fn: (event: SQSEvent) => unknown, batchSize = 10) {
  sqs = await startSqs({
    queues: { work: { fifo, visibilityTimeoutSeconds: 1, maxReceiveCount: 2 } },
    prefix: 'test',
  });
  const q = sqs.queues.work!;
  const client = new SQSClient(localClientConfig(sqs.endpoint));
  const poller = startQueuePoller({
    name: 'work',
    endpoint: sqs.endpoint,
    queueUrl: q.url,
    queueArn: q.arn,
    fifo,
    batchSize,
    consumer,
    invoke: invokeWith(fn),
    logger: silentLogger,
  });
  pollers.push(poller);
  const dlqDepth = async () => {
    const res = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: q.dlqUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    return Number(res.Attributes?.ApproximateNumberOfMessages ?? 0);
  };
  /** Reads the DLQ once (messages stay invisible afterwards). */
  const dlqBodies = async () => {
    const res = await client.send(new ReceiveMessageCommand({ QueueUrl: q.dlqUrl, MaxNumberOfMessages: 10 }));
    return (res.Messages ?? []).map((m) => m.Body);
  };
  return { q, client, poller, dlqDepth, dlqBodies };
}

describe('SQS event-source mapping', () => {
  it('creates every queue with a DLQ and FIFO names ending in .fifo', async () => {
    sqs = await startSqs({
      queues: {
        a: { fifo: false, visibilityTimeoutSeconds: 30, maxReceiveCount: 3 },
        b: { fifo: true, visibilityTimeoutSeconds: 30, maxReceiveCount: 3 },
      },
      prefix: 'cuadra',
    });
    expect(sqs.queues.a!.name).toBe('cuadra-a');
    expect(sqs.queues.a!.dlqName).toBe('cuadra-a-dlq');
    expect(sqs.queues.b!.url).toMatch(/\/cuadra-b\.fifo$/);
    expect(sqs.queues.b!.dlqArn).toMatch(/:cuadra-b-dlq\.fifo$/);
  });

  it('builds real SQS records and deletes only what the consumer did not report as failed', async () => {
    const seen: SQSRecord[] = [];
    const { q, client, dlqDepth, dlqBodies } = await setup(false, (event) => {
      seen.push(...event.Records);
      const failures = event.Records.filter((r) => r.body === 'bad').map((r) => ({
        itemIdentifier: r.messageId,
      }));
      return { batchItemFailures: failures };
    });
    for (const body of ['ok-1', 'bad', 'ok-2']) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: q.url,
          MessageBody: body,
          MessageAttributes: { kind: { DataType: 'String', StringValue: 'test' } },
        }),
      );
    }

    // 'bad' is received maxReceiveCount (2) times, then the engine moves it to the DLQ.
    await until(async () => (await dlqDepth()) === 1);

    const bodies = seen.map((r) => r.body);
    expect(bodies.filter((b) => b === 'ok-1')).toHaveLength(1);
    expect(bodies.filter((b) => b === 'ok-2')).toHaveLength(1);
    expect(bodies.filter((b) => b === 'bad')).toHaveLength(2);
    const retried = seen.filter((r) => r.body === 'bad').at(-1)!;
    expect(retried.attributes.ApproximateReceiveCount).toBe('2');
    expect(retried).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: q.arn,
      awsRegion: 'eu-west-1',
      messageAttributes: { kind: { stringValue: 'test', dataType: 'String', stringListValues: [] } },
    });
    expect(retried.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(retried.receiptHandle).not.toBe('');
    expect(retried.md5OfBody).toMatch(/^[0-9a-f]{32}$/);
    expect(await dlqBodies()).toEqual(['bad']);
  });

  it('moves a poison message whose consumer always throws to the DLQ after maxReceiveCount', async () => {
    let calls = 0;
    const { q, client, dlqDepth, dlqBodies } = await setup(false, () => {
      calls++;
      throw new Error('poison');
    });
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'poison' }));
    await until(async () => (await dlqDepth()) === 1);
    expect(calls).toBe(2);
    expect(await dlqBodies()).toEqual(['poison']);
  });

  it('delivers a FIFO queue one message group at a time, in order', async () => {
    const batches: { group: string | undefined; bodies: string[] }[] = [];
    const { q, client } = await setup(true, (event) => {
      const groups = new Set(event.Records.map((r) => r.attributes.MessageGroupId));
      expect(groups.size).toBe(1);
      batches.push({ group: [...groups][0], bodies: event.Records.map((r) => r.body) });
      return { batchItemFailures: [] };
    });
    const sends = ['A1', 'B1', 'A2', 'B2', 'A3'];
    for (const body of sends) {
      await client.send(
        new SendMessageCommand({ QueueUrl: q.url, MessageBody: body, MessageGroupId: body[0] }),
      );
    }
    await until(() => batches.flatMap((b) => b.bodies).length === sends.length);
    const orderOf = (g: string) => batches.filter((b) => b.group === g).flatMap((b) => b.bodies);
    expect(orderOf('A')).toEqual(['A1', 'A2', 'A3']);
    expect(orderOf('B')).toEqual(['B1', 'B2']);
  });

  it('keeps later messages of a FIFO group when an earlier one fails', async () => {
    const seen: string[] = [];
    let failedOnce = false;
    const { q, client } = await setup(true, (event) => {
      seen.push(...event.Records.map((r) => r.body));
      const first = event.Records.find((r) => r.body === 'G1');
      if (first && !failedOnce) {
        failedOnce = true;
        // Reports only G1; G2 must not be deleted either, or the group would lose its order.
        return { batchItemFailures: [{ itemIdentifier: first.messageId }] };
      }
      return {};
    });
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'G1', MessageGroupId: 'g' }));
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'G2', MessageGroupId: 'g' }));
    await until(() => seen.filter((b) => b === 'G2').length === 2);
    expect(seen.indexOf('G1')).toBeLessThan(seen.indexOf('G2'));
    expect(seen.lastIndexOf('G1')).toBeLessThan(seen.lastIndexOf('G2'));
  });

  it('stops promptly while polling', async () => {
    sqs = await startSqs({
      queues: { idle: { fifo: false, visibilityTimeoutSeconds: 5, maxReceiveCount: 2 } },
    });
    const q = sqs.queues.idle!;
    const poller = startQueuePoller({
      name: 'idle',
      endpoint: sqs.endpoint,
      queueUrl: q.url,
      queueArn: q.arn,
      fifo: false,
      batchSize: 10,
      consumer,
      invoke: invokeWith(() => ({})),
      logger: silentLogger,
    });
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    await poller.stop();
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
