/**
 * SQS on local-aws-sqs, in process (state in memory: a restart drops queued messages, which is
 * acceptable locally). Every queue gets its dead-letter queue and RedrivePolicy, as the CDK stack
 * creates them, so redrive after maxReceiveCount is the engine's, not ours.
 */

import type { Server } from 'node:http';
import { createSqsServer } from 'local-aws-sqs';
import { ACCOUNT_ID, NAME_PREFIX, REGION } from '../aws';
import { freePort } from '../util/ports';

export interface QueueSpec {
  fifo: boolean;
  visibilityTimeoutSeconds: number;
  maxReceiveCount: number;
}

export interface LocalQueue {
  name: string;
  url: string;
  arn: string;
  dlqName: string;
  dlqUrl: string;
  dlqArn: string;
}

export interface RunningSqs {
  endpoint: string;
  port: number;
  queues: Record<string, LocalQueue>;
  stop(): Promise<void>;
}

/** `<prefix>-<name>`, and `<prefix>-<name>-dlq`; FIFO queue names must end in `.fifo`. */
export function queueNames(name: string, fifo: boolean, prefix = NAME_PREFIX): { main: string; dlq: string } {
  const suffix = fifo ? '.fifo' : '';
  return { main: `${prefix}-${name}${suffix}`, dlq: `${prefix}-${name}-dlq${suffix}` };
}

export async function startSqs(opts: {
  host?: string;
  port?: number;
  queues: Record<string, QueueSpec>;
  prefix?: string;
}): Promise<RunningSqs> {
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port || (await freePort(host));
  const base = `http://${host}:${port}/${ACCOUNT_ID}`;
  const arn = (name: string) => `arn:aws:sqs:${REGION}:${ACCOUNT_ID}:${name}`;
  const queues: Record<string, LocalQueue> = {};
  const definitions = Object.entries(opts.queues).flatMap(([name, q]) => {
    const { main, dlq } = queueNames(name, q.fifo, opts.prefix);
    queues[name] = {
      name: main,
      url: `${base}/${main}`,
      arn: arn(main),
      dlqName: dlq,
      dlqUrl: `${base}/${dlq}`,
      dlqArn: arn(dlq),
    };
    const fifo = q.fifo ? { FifoQueue: true, ContentBasedDeduplication: true } : {};
    return [
      // The DLQ first: the engine checks that a RedrivePolicy target exists.
      { QueueName: dlq, Attributes: { ...fifo, MessageRetentionPeriod: 1_209_600 } },
      {
        QueueName: main,
        Attributes: {
          ...fifo,
          VisibilityTimeout: q.visibilityTimeoutSeconds,
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: arn(dlq),
            maxReceiveCount: q.maxReceiveCount,
          }),
        },
      },
    ];
  });
  const server: Server = await createSqsServer({
    port,
    hostname: host,
    region: REGION,
    accountId: ACCOUNT_ID,
    queues: definitions,
  });
  return {
    endpoint: `http://${host}:${port}`,
    port,
    queues,
    stop: () =>
      new Promise<void>((resolve) => {
        // Long polls keep connections open for up to 20 s; they must not delay shutdown.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
