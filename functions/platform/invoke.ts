/**
 * Function-to-function calls (manifest `invokables`): a synchronous Lambda Invoke with a JSON
 * payload, both ends of it.
 *
 * The callee answers `{ ok: true, value }`, or `{ ok: false, error }` when it refuses with an
 * AppError: the caller gets the same AppError back (code, message, field, details), so a refusal
 * there reads like a refusal here. Anything else the callee throws is a Lambda function error,
 * rethrown to the caller as a plain Error, whose own retry rules then apply as for any unexpected
 * failure. Nothing logs a payload: they carry personal data (logger.ts).
 */

import { AppError, type ErrorCode, errorCatalogue, isAppError } from '@shared/api/errors';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { lazyLambda } from './aws/lambda';
import { createLogger, errorFields, type Logger } from './logger';

export interface InvokeRefusal {
  code: string;
  message: string;
  field?: string;
  details?: Record<string, unknown>;
}

export type InvokeAnswer<T> = { ok: true; value: T } | { ok: false; error: InvokeRefusal };

// --- the callee -----------------------------------------------------------------------------------

/**
 * Entry point of an invokable function: `parse` validates the payload (a payload it refuses is a
 * function error: callers build it from a typed contract, so it is a bug, not a refusal), `run`
 * does the work; an AppError becomes the answer's refusal, anything else is logged and rethrown.
 */
export function invocationHandler<Req, Res>(
  parse: (payload: unknown) => Req,
  run: (request: Req, ctx: { log: Logger }) => Promise<Res>,
) {
  return async (payload: unknown, context?: Context): Promise<InvokeAnswer<Res>> => {
    const log = createLogger({ requestId: context?.awsRequestId, worker: context?.functionName });
    try {
      return { ok: true, value: await run(parse(payload), { log }) };
    } catch (e) {
      if (isAppError(e)) {
        return {
          ok: false,
          error: {
            code: e.code,
            message: e.message,
            ...(e.field ? { field: e.field } : {}),
            ...(e.details ? { details: e.details } : {}),
          },
        };
      }
      log.error('Invocation failed', errorFields(e));
      throw e;
    }
  };
}

// --- a domain's API function serving invocations too ------------------------------------------------

/**
 * What API Gateway sends a REST proxy integration always carries `httpMethod` and `requestContext`;
 * a direct Invoke carries the caller's JSON contract, which names neither.
 */
export function isApiGatewayEvent(event: unknown): event is APIGatewayProxyEvent {
  return typeof event === 'object' && event !== null && ('httpMethod' in event || 'requestContext' in event);
}

/**
 * The entry point of a domain's API function that is also a manifest invokable (so the domain's
 * heavy code is bundled once): an API Gateway event goes through `api` (the middy pipeline, with
 * its auth and scope) exactly as before; anything else is a direct invocation, which only the
 * functions granted lambda:InvokeFunction can make, answered by `invoked` (an `invocationHandler`,
 * whose parser validates the payload against its contract).
 */
export function withInvocations<R>(
  api: (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>,
  invoked: (payload: unknown, context?: Context) => Promise<InvokeAnswer<R>>,
): ApiAndInvocationHandler<R> {
  const handler = (event: unknown, context?: Context) =>
    isApiGatewayEvent(event) ? api(event, context as Context) : invoked(event, context);
  return handler as ApiAndInvocationHandler<R>;
}

/** An API Gateway event answers an HTTP result; an invocation answers the callee's answer. */
export interface ApiAndInvocationHandler<R> {
  (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult>;
  (payload: unknown, context?: Context): Promise<APIGatewayProxyResult | InvokeAnswer<R>>;
}

// --- the caller -----------------------------------------------------------------------------------

export interface InvokeOptions {
  /**
   * True when running the call twice does no harm (it gets the SDK's retries); false for a call
   * that must not run twice, made once (platform/aws/lambda.ts).
   */
  idempotent: boolean;
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

/** The refusal as the AppError the callee threw; a code this build does not know is a plain Error. */
function refusalError(functionName: string, refusal: InvokeRefusal): Error {
  if (!isErrorCode(refusal.code))
    return new Error(`${functionName} refused with unknown code ${refusal.code}`);
  return new AppError(refusal.code, refusal.message, {
    ...(refusal.field ? { field: refusal.field } : {}),
    ...(refusal.details ? { details: refusal.details } : {}),
  });
}

/** Lambda's error payload names the error; only its type and message are kept. */
function functionErrorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { errorType?: string; errorMessage?: string };
    return [body.errorType, body.errorMessage].filter(Boolean).join(': ') || 'no details';
  } catch {
    return 'no details';
  }
}

/** Invokes `functionName` with `payload` and answers its value; throws its refusal or failure. */
export async function invokeFunction<T>(
  functionName: string,
  payload: unknown,
  options: InvokeOptions,
): Promise<T> {
  const { sdk, retrying, singleAttempt } = await lazyLambda();
  const client = options.idempotent ? retrying : singleAttempt;
  const res = await client.send(
    new sdk.InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  const text = res.Payload ? new TextDecoder().decode(res.Payload) : '';
  if (res.FunctionError) {
    throw new Error(`Function ${functionName} failed (${res.FunctionError}): ${functionErrorMessage(text)}`);
  }
  const answer = JSON.parse(text) as InvokeAnswer<T>;
  if (answer.ok) return answer.value;
  throw refusalError(functionName, answer.error);
}
