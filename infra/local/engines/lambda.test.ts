import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryPoint } from '../../manifest';
import { localClientConfig } from '../aws';
import { entryKey, functionCatalogue, invokableFunctionName, invokableFunctions } from '../functions';
import { silentLogger } from '../util/log';
import { functionNameOf, type RunningLambda, startLambdaEngine } from './lambda';

const ENTRY: EntryPoint = { entry: 'functions/domains/x/workers/echo.ts', export: 'handler' };
let engine: RunningLambda | undefined;

afterEach(async () => {
  await engine?.stop();
  engine = undefined;
});

/** The engine with an in-process `invoke` that records its calls and runs `run`. */
async function setup(run: (event: unknown) => unknown) {
  const calls: { entry: EntryPoint; event: unknown; functionName?: string }[] = [];
  engine = await startLambdaEngine({
    functions: new Map([['cuadra-echo', ENTRY]]),
    invoke: async (entry, event, opts) => {
      calls.push({ entry, event, functionName: opts?.functionName });
      return run(event);
    },
    logger: silentLogger,
  });
  return { calls, client: new LambdaClient({ ...localClientConfig(engine.endpoint), maxAttempts: 1 }) };
}

const payload = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('local Lambda Invoke API', () => {
  it('runs the named entry point in process with the payload and answers its value (the real SDK client)', async () => {
    const { calls, client } = await setup((event) => ({ echoed: event }));
    const res = await client.send(
      new InvokeCommand({
        FunctionName: 'cuadra-echo',
        InvocationType: 'RequestResponse',
        Payload: payload({ a: 1 }),
      }),
    );
    expect(res.StatusCode).toBe(200);
    expect(res.FunctionError).toBeUndefined();
    expect(JSON.parse(text(res.Payload))).toEqual({ echoed: { a: 1 } });
    expect(calls).toEqual([{ entry: ENTRY, event: { a: 1 }, functionName: 'cuadra-echo' }]);
  });

  it('reports a thrown error as Lambda does: 200, FunctionError Unhandled and the error payload', async () => {
    const { client } = await setup(() => {
      throw new TypeError('no such invoice');
    });
    const res = await client.send(new InvokeCommand({ FunctionName: 'cuadra-echo', Payload: payload({}) }));
    expect(res.StatusCode).toBe(200);
    expect(res.FunctionError).toBe('Unhandled');
    expect(JSON.parse(text(res.Payload))).toMatchObject({
      errorType: 'TypeError',
      errorMessage: 'no such invoice',
    });
  });

  it('refuses an unknown function (ResourceNotFoundException) and an asynchronous invocation', async () => {
    const { calls, client } = await setup(() => null);
    await expect(
      client.send(new InvokeCommand({ FunctionName: 'cuadra-other', Payload: payload({}) })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(
      client.send(
        new InvokeCommand({ FunctionName: 'cuadra-echo', InvocationType: 'Event', Payload: payload({}) }),
      ),
    ).rejects.toThrow(/RequestResponse/);
    expect(calls).toEqual([]);
  });

  it('accepts the function as a name or an ARN', () => {
    expect(functionNameOf('cuadra-echo')).toBe('cuadra-echo');
    expect(
      functionNameOf(encodeURIComponent('arn:aws:lambda:eu-west-1:123456789012:function:cuadra-echo')),
    ).toBe('cuadra-echo');
    expect(functionNameOf('arn:aws:lambda:eu-west-1:123456789012:function:cuadra-echo:$LATEST')).toBe(
      'cuadra-echo',
    );
  });

  it("serves every invokable of the manifest under the name its callers' environment holds", () => {
    const functions = invokableFunctions();
    expect([...functions.keys()].sort()).toEqual(
      [
        invokableFunctionName('received-invoice-draft'),
        invokableFunctionName('pdf-render'),
        invokableFunctionName('settle-invoice'),
      ].sort(),
    );
    // received-invoice-draft is the expenses domain's API function (issue 17), which also settles a
    // received invoice for reconciliation; settle-invoice is the invoices domain's (issue 19).
    expect(invokableFunctionName('received-invoice-draft')).toBe('cuadra-expenses-api');
    expect(invokableFunctionName('settle-received-invoice')).toBe('cuadra-expenses-api');
    expect(invokableFunctionName('settle-invoice')).toBe('cuadra-invoices-api');
    // pdf-render IS the pdf domain's API function (its handler tells invocations from HTTP events).
    expect(invokableFunctionName('pdf-render')).toBe('cuadra-pdf-api');
    expect(functions.get('cuadra-pdf-api')).toEqual({
      entry: 'functions/domains/pdf/handler.ts',
      export: 'handler',
    });
    // Run with that function's name and settings, as any request to it.
    const spec = functionCatalogue().get(entryKey(functions.get('cuadra-pdf-api')!));
    expect(spec).toEqual({ functionName: 'cuadra-pdf-api', timeoutSeconds: 29, memoryMb: 1024 });
    expect([...functionCatalogue().keys()].filter((key) => key.includes('render-invoice-pdf'))).toEqual([]);
  });
});
