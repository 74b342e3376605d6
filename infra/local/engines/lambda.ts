/**
 * A local Lambda Invoke API for the manifest's `invokables`: answers Invoke
 * (POST /2015-03-31/functions/{FunctionName}/invocations) like Lambda, running the function's entry
 * point in process through the same `invoke` the pollers and the gateway use. Handlers reach it
 * through AWS_ENDPOINT_URL_LAMBDA with the same SDK client and function name variable as in AWS.
 *
 * Synchronous invocations only (RequestResponse, the only kind Cuadra makes): the answer is the
 * handler's return value as JSON; a handler that throws answers 200 with X-Amz-Function-Error:
 * Unhandled and Lambda's error payload, as Lambda does.
 */

import http from 'node:http';
import type { EntryPoint } from '../../manifest';
import type { Invoke } from '../types';
import { createLogger, type Logger } from '../util/log';
import { freePort } from '../util/ports';

export interface RunningLambda {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The name in a FunctionName that may be a name, a partial ARN or an ARN (with a qualifier). */
export function functionNameOf(raw: string): string {
  const parts = decodeURIComponent(raw).split(':');
  const at = parts.indexOf('function');
  return at >= 0 ? (parts[at + 1] ?? '') : parts[0]!;
}

function reply(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** A service error as restJson1 clients read it (its name in x-amzn-errortype). */
const serviceError = (res: http.ServerResponse, status: number, type: string, message: string) =>
  reply(res, status, { Type: 'User', message }, { 'x-amzn-errortype': type });

export async function startLambdaEngine(opts: {
  /** Function name -> its entry point (the manifest's invokables under their local names). */
  functions: ReadonlyMap<string, EntryPoint>;
  invoke: Invoke;
  host?: string;
  port?: number;
  logger?: Logger;
}): Promise<RunningLambda> {
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port || (await freePort(host));
  const log = opts.logger ?? createLogger(true);

  const server = http.createServer(async (req, res) => {
    const match = req.url?.split('?')[0]?.match(INVOKE_PATH);
    if (req.method !== 'POST' || !match) {
      return serviceError(
        res,
        404,
        'ResourceNotFoundException',
        'The local Lambda engine only implements Invoke',
      );
    }
    const name = functionNameOf(match[1]!);
    const entry = opts.functions.get(name);
    if (!entry) return serviceError(res, 404, 'ResourceNotFoundException', `Function not found: ${name}`);
    const type = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
    if (type !== 'RequestResponse') {
      return serviceError(
        res,
        400,
        'InvalidParameterValueException',
        `The local Lambda engine only runs RequestResponse invocations, not ${type}`,
      );
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let event: unknown;
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      event = text ? JSON.parse(text) : {};
    } catch {
      return serviceError(
        res,
        400,
        'InvalidRequestContentException',
        'Could not parse request body into json',
      );
    }
    const version = { 'x-amz-executed-version': '$LATEST' };
    try {
      const result = await opts.invoke(entry, event, { functionName: name });
      reply(res, 200, result ?? null, version);
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      log.warn(`lambda ${name}: ${error.message}`);
      reply(
        res,
        200,
        { errorType: error.name, errorMessage: error.message, trace: (error.stack ?? '').split('\n') },
        { ...version, 'x-amz-function-error': 'Unhandled' },
      );
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    endpoint: `http://${host}:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
