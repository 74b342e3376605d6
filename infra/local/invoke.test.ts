import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryKey, functionCatalogue } from './functions';
import { createInvoke } from './invoke';

const HANDLER = `
globalThis.__cuadraLoads = (globalThis.__cuadraLoads ?? 0) + 1;
const loads = globalThis.__cuadraLoads;
export const handler = async (event, context) => ({
  event,
  loads,
  functionName: context.functionName,
  remaining: context.getRemainingTimeInMillis(),
  requestId: context.awsRequestId,
  arn: context.invokedFunctionArn,
  memory: context.memoryLimitInMB,
  logGroup: context.logGroupName,
});
export const slow = () => new Promise((r) => setTimeout(r, 5000));
export const notAFunction = 1;
`;

let root: string;
const entry = { entry: 'fn/handler.mjs', export: 'handler' };

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-invoke-'));
  fs.mkdirSync(path.join(root, 'fn'));
  fs.writeFileSync(path.join(root, 'fn', 'handler.mjs'), HANDLER);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('local Lambda invoke', () => {
  it('calls the export with the event and a Lambda context from the catalogue', async () => {
    const catalogue = new Map([
      [entryKey(entry), { functionName: 'cuadra-test-fn', timeoutSeconds: 15, memoryMb: 768 }],
    ]);
    const invoke = createInvoke({ rootDir: root, catalogue });
    const out = (await invoke(entry, { hello: 'world' })) as Record<string, unknown>;
    expect(out).toMatchObject({
      event: { hello: 'world' },
      functionName: 'cuadra-test-fn',
      arn: 'arn:aws:lambda:eu-west-1:123456789012:function:cuadra-test-fn',
      memory: '768',
      logGroup: '/aws/lambda/cuadra-test-fn',
    });
    expect(out.remaining).toBeGreaterThan(14_000);
    expect(out.remaining).toBeLessThanOrEqual(15_000);
    expect(out.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('imports the entry file once, like a warm container', async () => {
    const invoke = createInvoke({ rootDir: root });
    const a = (await invoke(entry, {})) as { loads: number };
    const b = (await invoke(entry, {})) as { loads: number };
    expect(b.loads).toBe(a.loads);
  });

  it('lets the caller name the function', async () => {
    const invoke = createInvoke({ rootDir: root });
    const out = (await invoke(entry, {}, { functionName: 'cuadra-ws-connect' })) as { functionName: string };
    expect(out.functionName).toBe('cuadra-ws-connect');
  });

  it('fails like Lambda when the handler outlives its timeout', async () => {
    const slow = { entry: 'fn/handler.mjs', export: 'slow' };
    const catalogue = new Map([
      [entryKey(slow), { functionName: 'slow', timeoutSeconds: 0.2, memoryMb: 128 }],
    ]);
    const invoke = createInvoke({ rootDir: root, catalogue });
    await expect(invoke(slow, {})).rejects.toThrow('Task timed out after 0.20 seconds');
  });

  it('reports a missing export clearly', async () => {
    const invoke = createInvoke({ rootDir: root });
    await expect(invoke({ entry: 'fn/handler.mjs', export: 'notAFunction' }, {})).rejects.toThrow(
      /no exported function notAFunction/,
    );
  });
});

describe('function catalogue', () => {
  it('knows every entry point of the manifest, with its domain settings', () => {
    const catalogue = functionCatalogue();
    expect(catalogue.get('functions/domains/mail/workers/send-mail.ts#handler')).toEqual({
      functionName: 'cuadra-mail-consumer',
      timeoutSeconds: 30,
      memoryMb: 512,
    });
    expect(catalogue.get('functions/domains/identity/handler.ts#handler')?.functionName).toBe(
      'cuadra-identity-api',
    );
    expect(catalogue.get('functions/domains/notifications/workers/ws-connect.ts#handler')?.functionName).toBe(
      'cuadra-ws-connect',
    );
    for (const key of catalogue.keys()) {
      expect(fs.existsSync(fileURLToPath(new URL(`../../${key.split('#')[0]}`, import.meta.url))), key).toBe(
        true,
      );
    }
  });
});
