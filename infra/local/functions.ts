/**
 * Which Lambda function an entry point is, read from the manifest: its name, timeout and memory,
 * so the local invoke builds the same context (getRemainingTimeInMillis, memoryLimitInMB) as AWS.
 * Workers (queue, stream, schedule, S3, WebSocket) run with their domain's settings; a function
 * invoked by name is its domain's API function.
 */

import {
  type BucketName,
  buckets,
  type DomainName,
  domains,
  type EntryPoint,
  type InvokableName,
  invokables,
  queues,
  schedules,
  table,
  websocket,
} from '../manifest';
import { NAME_PREFIX } from './aws';

export interface FunctionSpec {
  functionName: string;
  timeoutSeconds: number;
  memoryMb: number;
}

export const entryKey = (e: EntryPoint) => `${e.entry}#${e.export}`;

/** The local name of a domain's API function. */
export const apiFunctionName = (domain: DomainName): string => `${NAME_PREFIX}-${domain}-api`;

/**
 * The local name of a function invoked by name, what its callers find in their environment: its
 * domain's API function, which serves the invocation (as in AWS, no function of its own).
 */
export const invokableFunctionName = (name: InvokableName): string =>
  apiFunctionName(invokables[name].domain);

/** The entry point serving an invokable: its domain's API handler. */
export function invokableEntry(name: InvokableName): EntryPoint {
  const { domain } = invokables[name];
  const api = domains[domain].api;
  if (!api) throw new Error(`Invokable ${name}: domain ${domain} has no API function`);
  return api;
}

/** Local function name -> entry point, for the local Lambda Invoke API (engines/lambda.ts). */
export const invokableFunctions = (): Map<string, EntryPoint> =>
  new Map(
    (Object.keys(invokables) as InvokableName[]).map((name) => [
      invokableFunctionName(name),
      invokableEntry(name),
    ]),
  );

/** Every entry point of the manifest, keyed by `entry#export`. */
export function functionCatalogue(): Map<string, FunctionSpec> {
  const map = new Map<string, FunctionSpec>();
  const add = (e: EntryPoint, domain: DomainName, name: string, timeoutSeconds?: number) => {
    const d = domains[domain];
    map.set(entryKey(e), {
      functionName: `${NAME_PREFIX}-${name}`,
      timeoutSeconds: timeoutSeconds ?? d.timeoutSeconds,
      memoryMb: d.memoryMb,
    });
  };
  for (const [name, d] of Object.entries(domains)) {
    // Named as apiFunctionName names them: the local Invoke API passes the same name.
    if (d.api) add(d.api, name as DomainName, `${name}-api`);
  }
  for (const [name, q] of Object.entries(queues)) {
    const consumer = q.consumer;
    if (consumer) add(consumer, consumer.domain, `${name}-consumer`, consumer.timeoutSeconds);
  }
  for (const [name, s] of Object.entries(schedules))
    add(s.target, s.target.domain, `schedule-${name}`, s.target.timeoutSeconds);
  for (const [bucket, b] of Object.entries(buckets)) {
    b.notifications.forEach((n, i) => {
      add(n.consumer, n.consumer.domain, `${bucket as BucketName}-notification-${i}`);
    });
  }
  for (const [name, c] of Object.entries(table.streamConsumers)) add(c, c.domain, `stream-${name}`);
  for (const [route, e] of Object.entries(websocket.routes)) {
    add(e, websocket.domain, `ws-${route.replace('$', '')}`);
  }
  return map;
}
