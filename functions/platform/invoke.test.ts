/**
 * Function-to-function calls: the callee's answer shape and the caller's reading of it, with
 * Lambda mocked at the client (aws-sdk-client-mock); the round trip runs the real callee wrapper.
 */

import { InvokeCommand, type InvokeCommandOutput, LambdaClient } from '@aws-sdk/client-lambda';
import { AppError, isAppError } from '@shared/api/errors';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { lazyLambda } from './aws/lambda';
import {
  type InvokeAnswer,
  invocationHandler,
  invokeFunction,
  isApiGatewayEvent,
  withInvocations,
} from './invoke';
import { apiEvent, lambdaContext } from './testing/api-event';
import { useEnv } from './testing/env';

useEnv({
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  LOG_LEVEL: 'silent',
});
const lambda = mockClient(LambdaClient);
beforeEach(() => lambda.reset());

const encode = (body: unknown) =>
  new TextEncoder().encode(JSON.stringify(body)) as InvokeCommandOutput['Payload'];
const decode = (bytes: unknown) => JSON.parse(new TextDecoder().decode(bytes as Uint8Array)) as unknown;

const Greet = z.object({ name: z.string().min(1) });
const greet = invocationHandler(
  (payload) => Greet.parse(payload),
  async ({ name }) => {
    if (name === 'nadie') {
      throw new AppError('CORE_004', 'Falta el nombre.', { field: 'name', details: { reason: 'EMPTY' } });
    }
    if (name === 'roto') throw new Error('disk full');
    return { greeting: `Hola, ${name}` };
  },
);

describe('invocationHandler (the callee)', () => {
  it('answers the value, or the AppError as a refusal with its code, message, field and details', async () => {
    expect(await greet({ name: 'Ana' })).toEqual({ ok: true, value: { greeting: 'Hola, Ana' } });
    expect(await greet({ name: 'nadie' })).toEqual({
      ok: false,
      error: { code: 'CORE_004', message: 'Falta el nombre.', field: 'name', details: { reason: 'EMPTY' } },
    });
  });

  it('throws anything else, and a payload its parser refuses (a function error, not a refusal)', async () => {
    await expect(greet({ name: 'roto' })).rejects.toThrow('disk full');
    await expect(greet({ nombre: 'Ana' })).rejects.toBeInstanceOf(z.ZodError);
  });
});

describe('invokeFunction (the caller)', () => {
  /** Lambda as the SDK sees it, running the real callee; a thrown error is a function error. */
  const serve = () =>
    lambda.on(InvokeCommand).callsFake(async (input: { Payload: Uint8Array }) => {
      try {
        return { StatusCode: 200, Payload: encode(await greet(decode(input.Payload))) };
      } catch (e) {
        const error = e as Error;
        return {
          StatusCode: 200,
          FunctionError: 'Unhandled',
          Payload: encode({ errorType: error.name, errorMessage: error.message, trace: [] }),
        };
      }
    });

  it('invokes the named function synchronously with the JSON payload and answers its value', async () => {
    serve();
    const value = await invokeFunction<{ greeting: string }>(
      'cuadra-greet',
      { name: 'Ana' },
      { idempotent: true },
    );
    expect(value).toEqual({ greeting: 'Hola, Ana' });
    const input = lambda.commandCalls(InvokeCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ FunctionName: 'cuadra-greet', InvocationType: 'RequestResponse' });
    expect(decode(input.Payload)).toEqual({ name: 'Ana' });
  });

  it('throws the refusal as the same AppError', async () => {
    serve();
    const error = await invokeFunction('cuadra-greet', { name: 'nadie' }, { idempotent: true }).catch(
      (e) => e,
    );
    expect(isAppError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'CORE_004',
      message: 'Falta el nombre.',
      field: 'name',
      details: { reason: 'EMPTY' },
    });
  });

  it("throws a function error as a plain Error naming the function and the callee's error", async () => {
    serve();
    const error = await invokeFunction('cuadra-greet', { name: 'roto' }, { idempotent: true }).catch(
      (e) => e,
    );
    expect(isAppError(error)).toBe(false);
    expect((error as Error).message).toBe('Function cuadra-greet failed (Unhandled): Error: disk full');
  });

  it('a refusal with a code this build does not know is a plain Error', async () => {
    const refusal: InvokeAnswer<never> = { ok: false, error: { code: 'NOPE_001', message: 'x' } };
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, Payload: encode(refusal) });
    const error = await invokeFunction('cuadra-greet', {}, { idempotent: true }).catch((e) => e);
    expect(isAppError(error)).toBe(false);
    expect((error as Error).message).toBe('cuadra-greet refused with unknown code NOPE_001');
  });

  it('makes a call that must not run twice with the single-attempt client, others with SDK retries', async () => {
    serve();
    const { retrying, singleAttempt } = await lazyLambda();
    await invokeFunction('cuadra-greet', { name: 'Ana' }, { idempotent: false });
    await invokeFunction('cuadra-greet', { name: 'Ana' }, { idempotent: true });
    const clients = lambda.commandCalls(InvokeCommand).map((c) => c.thisValue);
    expect(clients[0]).toBe(singleAttempt);
    expect(clients[1]).toBe(retrying);
    expect(await singleAttempt.config.maxAttempts()).toBe(1);
    expect(await retrying.config.maxAttempts()).toBeGreaterThan(1);
  });
});

describe('withInvocations (a domain API function that is also an invokable)', () => {
  const seen: string[] = [];
  const handler = withInvocations(async (event) => {
    seen.push(`api ${event.httpMethod ?? '-'}`);
    return { statusCode: 204, body: '' };
  }, greet);
  beforeEach(() => {
    seen.length = 0;
  });

  it('tells API Gateway events (httpMethod or requestContext) from direct invocations', () => {
    expect(isApiGatewayEvent(apiEvent({ routeId: 'invoices.pdf', params: { invoiceId: 'i' } }))).toBe(true);
    expect(isApiGatewayEvent({ requestContext: {} })).toBe(true);
    expect(isApiGatewayEvent({ httpMethod: 'GET' })).toBe(true);
    for (const payload of [{ name: 'Ana' }, {}, null, undefined, 'GET', 7, []])
      expect(isApiGatewayEvent(payload), JSON.stringify(payload)).toBe(false);
  });

  it('hands an API Gateway event to the pipeline, even one whose body looks like a contract', async () => {
    const event = apiEvent({ routeId: 'invoices.pdf', params: { invoiceId: 'i' }, body: { name: 'Ana' } });
    expect(await handler(event, lambdaContext())).toEqual({ statusCode: 204, body: '' });
    expect(seen).toEqual(['api GET']);
  });

  it('answers a direct invocation through its contract, and fails on a payload outside it', async () => {
    expect(await handler({ name: 'Ana' }, lambdaContext())).toEqual({
      ok: true,
      value: { greeting: 'Hola, Ana' },
    });
    await expect(handler({ nombre: 'Ana' }, lambdaContext())).rejects.toBeInstanceOf(z.ZodError);
    expect(seen).toEqual([]);
  });
});
