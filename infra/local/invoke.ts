/**
 * The local Lambda runtime: imports an entry file once (like a warm container), then calls its
 * export with the event and a Lambda context built from the manifest (timeout, memory, name).
 * A handler that outlives its timeout makes the invoke fail the way Lambda reports it.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import type { EntryPoint } from '../manifest';
import { ACCOUNT_ID, REGION } from './aws';
import { entryKey, type FunctionSpec } from './functions';
import type { Invoke } from './types';

type Handler = (event: unknown, context: Context) => unknown;

const DEFAULT_SPEC: Omit<FunctionSpec, 'functionName'> = { timeoutSeconds: 30, memoryMb: 512 };

export function lambdaContext(spec: FunctionSpec, deadline: number): Context {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
  const deprecated = () => {
    throw new Error('context.done/succeed/fail are not supported: return or throw from the async handler');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: spec.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${REGION}:${ACCOUNT_ID}:function:${spec.functionName}`,
    memoryLimitInMB: String(spec.memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${spec.functionName}`,
    logStreamName: `${day}/[$LATEST]${randomBytes(16).toString('hex')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: deprecated,
    fail: deprecated,
    succeed: deprecated,
  };
}

export function createInvoke(opts: { rootDir: string; catalogue?: Map<string, FunctionSpec> }): Invoke {
  const modules = new Map<string, Promise<Record<string, unknown>>>();
  const load = (entry: EntryPoint) => {
    const file = path.resolve(opts.rootDir, entry.entry);
    let mod = modules.get(file);
    if (!mod) {
      mod = import(pathToFileURL(file).href) as Promise<Record<string, unknown>>;
      // A failed import (syntax error) is retried on the next invoke, after the developer fixed it.
      mod.catch(() => modules.delete(file));
      modules.set(file, mod);
    }
    return mod;
  };

  return async (entry, event, invokeOpts) => {
    const known = opts.catalogue?.get(entryKey(entry));
    const spec: FunctionSpec = {
      ...DEFAULT_SPEC,
      ...known,
      functionName:
        invokeOpts?.functionName ?? known?.functionName ?? path.basename(entry.entry).replace(/\.[jt]s$/, ''),
    };
    const handler = (await load(entry))[entry.export];
    if (typeof handler !== 'function')
      throw new Error(`${entry.entry} has no exported function ${entry.export}`);
    const deadline = Date.now() + spec.timeoutSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Task timed out after ${spec.timeoutSeconds.toFixed(2)} seconds`)),
        spec.timeoutSeconds * 1000,
      );
      timer.unref();
    });
    try {
      return await Promise.race([
        Promise.resolve((handler as Handler)(event, lambdaContext(spec, deadline))),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
}
