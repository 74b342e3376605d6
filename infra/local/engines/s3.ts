/**
 * S3 on s3rver, in process: the manifest's buckets (with CORS for browser PUTs from the app's
 * origins), and its object-created events delivered to the bucket notifications' consumers as
 * real S3Events. Delivery is asynchronous like S3 → Lambda: an error is retried twice, then logged.
 */

import fs from 'node:fs';
import type { EntryPoint } from '@infra/manifest';
import S3rver from 's3rver';
import { REGION } from '../aws';
import type { Invoke } from '../types';
import type { Logger } from '../util/log';
import { freePort } from '../util/ports';
import { sleep } from '../util/sleep';
import { matchesNotification, toS3Event, toS3EventRecord } from './s3-events';

export interface BucketNotificationSpec {
  prefix: string;
  suffix?: string;
  consumer: EntryPoint;
  functionName?: string;
}

export interface BucketSpec {
  /** Physical bucket name. */
  name: string;
  browserUploads: boolean;
  notifications: BucketNotificationSpec[];
}

export interface RunningS3 {
  endpoint: string;
  port: number;
  /** Resolves once every event delivered so far has finished (tests). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** Lambda's asynchronous invocation retries twice; locally the waits are short. */
const DEFAULT_RETRY_DELAYS_MS = [1000, 2000];

export function corsXml(origins: readonly string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return (
    `<CORSConfiguration><CORSRule>${allowed}` +
    '<AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}

export async function startS3(opts: {
  directory: string;
  host?: string;
  port?: number;
  buckets: BucketSpec[];
  /** Origins allowed to PUT/GET from a browser (the app's URL, the Vite dev server). */
  corsOrigins: readonly string[];
  invoke: Invoke;
  logger: Logger;
  retryDelaysMs?: number[];
}): Promise<RunningS3> {
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port || (await freePort(host));
  fs.mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({
    address: host,
    port,
    silent: true,
    directory: opts.directory,
    configureBuckets: opts.buckets.map((b) => ({
      name: b.name,
      configs: b.browserUploads ? [corsXml(opts.corsOrigins)] : [],
    })),
  });
  const pending = new Set<Promise<void>>();
  const abort = new AbortController();
  const byName = new Map(opts.buckets.map((b) => [b.name, b]));
  const retryDelays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  const deliver = async (n: BucketNotificationSpec, event: ReturnType<typeof toS3Event>, what: string) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await opts.invoke(n.consumer, event, { functionName: n.functionName });
        return;
      } catch (e) {
        const delay = retryDelays[attempt];
        if (delay === undefined || abort.signal.aborted) {
          opts.logger.error(`S3 notification for ${what} failed after ${attempt + 1} attempt(s)`, e);
          return;
        }
        await sleep(delay, abort.signal);
      }
    }
  };

  server.on('event', (payload: { Records: S3rver.S3rverEventRecord[] }) => {
    for (const raw of payload.Records) {
      if (!raw.eventName.startsWith('ObjectCreated')) continue;
      const bucket = byName.get(raw.s3.bucket.name);
      bucket?.notifications.forEach((n, i) => {
        if (!matchesNotification(raw.s3.object.key, n)) return;
        const record = toS3EventRecord(raw, {
          region: REGION,
          configurationId: `${bucket.name}-notification-${i}`,
        });
        const p = deliver(n, toS3Event([record]), `s3://${bucket.name}/${raw.s3.object.key}`);
        pending.add(p);
        p.finally(() => pending.delete(p));
      });
    }
  });

  await server.run();
  return {
    endpoint: `http://${host}:${port}`,
    port,
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    async stop() {
      abort.abort();
      await server.close();
      await Promise.all([...pending]);
    },
  };
}
