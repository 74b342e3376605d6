/**
 * Idempotent routes (issue #12 item 5), through the real pipeline with an in-memory store that
 * keeps the DynamoDB store's conditions: one run per key, the same answer for every repeat, 422 for
 * a key reused with another request, waiting for a repeat in progress, and a failed action that
 * leaves the key free. The DynamoDB store itself runs in invoices/contention.int.test.ts.
 */

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { AppError } from '@shared/api/errors';
import { type RouteId, routeIds, routes } from '@shared/api/routes';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { isContention } from './contention';
import { type AnyAction, createApiHandler, defineCompanyAction } from './http';
import {
  type IdempotencyRecord,
  type IdempotencyRef,
  type IdempotencyStore,
  leaseOf,
  requestFingerprint,
  runIdempotent,
} from './idempotency';
import { createLogger } from './logger';

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
});

/** The DynamoDB store's rules on a Map: free, expired or abandoned records may be taken. */
function memoryStore() {
  const items = new Map<string, IdempotencyRecord>();
  const id = (r: IdempotencyRef) => `${r.companyId}|${r.routeId}|${r.key}`;
  const store: IdempotencyStore = {
    async begin(ref, record, nowMs) {
      const current = items.get(id(ref));
      const free =
        !current ||
        current.ttl < Math.floor(nowMs / 1000) ||
        (current.status === 'IN_PROGRESS' && current.inProgressUntil < nowMs);
      if (free) {
        items.set(id(ref), structuredClone(record));
        return true;
      }
      return structuredClone(current);
    },
    async complete(ref, holder, response) {
      const current = items.get(id(ref));
      if (current?.holder === holder) items.set(id(ref), { ...current, status: 'COMPLETED', response });
    },
    async abandon(ref, holder) {
      if (items.get(id(ref))?.holder === holder) items.delete(id(ref));
    },
  };
  return { store, items };
}

const PAYMENT = 'invoices.addPayment' satisfies RouteId;
const claims = { sub: 'u1', 'cognito:groups': 'GESTOR' };

function event(
  routeId: RouteId,
  opts: { body?: unknown; key?: string; params?: Record<string, string>; sub?: string } = {},
): APIGatewayProxyEvent {
  const route = routes[routeId];
  return {
    resource: route.path,
    path: route.path,
    httpMethod: route.method,
    headers: {
      'content-type': 'application/json',
      'x-company-id': 'c1',
      ...(opts.key === undefined ? {} : { 'Idempotency-Key': opts.key }),
    },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: opts.params ?? { invoiceId: 'inv-1' },
    stageVariables: null,
    body: JSON.stringify(opts.body ?? { amountCents: 100 }),
    isBase64Encoded: false,
    requestContext: {
      requestId: `req-${Math.random().toString(36).slice(2, 12)}`,
      authorizer: { claims: { ...claims, sub: opts.sub ?? 'u1' } },
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

describe('idempotent routes through the pipeline', () => {
  let runs: number;
  let gate: Promise<void> | undefined;
  let failNext: unknown;
  let memory: ReturnType<typeof memoryStore>;
  let handler: ReturnType<typeof createApiHandler>;

  const pay = defineCompanyAction({
    body: z.object({ amountCents: z.number().int().positive() }),
    status: 201,
    run: async ({ body }) => {
      runs++;
      await gate;
      if (failNext) {
        const e = failNext;
        failNext = undefined;
        throw e;
      }
      return { paymentId: `p${runs}`, amountCents: body.amountCents };
    },
  });
  const plain = defineCompanyAction({
    run: async () => {
      runs++;
      return { n: runs };
    },
  });

  beforeEach(() => {
    runs = 0;
    gate = undefined;
    failNext = undefined;
    memory = memoryStore();
    const actions = Object.fromEntries(
      routeIds.filter((id) => routes[id].domain === 'invoices').map((id) => [id, plain]),
    ) as Record<string, AnyAction<unknown>>;
    actions[PAYMENT] = pay;
    handler = createApiHandler('invoices', actions as never, () => ({}), {
      membershipLookup: async (companyId, userId) => ({
        companyId,
        userId,
        companyRole: 'OWNER',
        permissions: [],
        isActive: true,
      }),
      companyExists: async () => true,
      sessionGate: { assertCurrent: async () => {}, remember: () => {} },
      idempotencyStore: memory.store,
    });
  });

  const call = async (e: APIGatewayProxyEvent) => {
    const res = (await handler(e, {
      awsRequestId: 'a',
      getRemainingTimeInMillis: () => 15_000,
    } as Context)) as APIGatewayProxyResult;
    return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers ?? {} };
  };

  it('marks exactly the POSTs that create payments or documents as idempotent', () => {
    const marked = routeIds.filter((id) => routes[id].idempotent).sort();
    expect(marked).toEqual(
      [
        'accounting.createEntry',
        'banking.createAccount',
        'banking.createPaymentOrder',
        'banking.importN43',
        'banking.psd2Connect',
        'banking.startSession',
        'clientDocuments.upload',
        'documents.batchUpload',
        'documents.upload',
        'invoices.addPayment',
        'invoices.applyCredit',
        'invoices.bulkCreate',
        'invoices.create',
        'invoices.createAndConfirm',
        'invoices.importExecute',
        'invoices.importUpload',
        'invoices.rectify',
        'meetings.request',
        'messages.notifyUpload',
        'messages.quick',
        'messages.send',
        'messages.startConversation',
        'receivedInvoices.addPayment',
        'receivedInvoices.create',
        'sharedDocuments.share',
      ].sort(),
    );
    for (const id of marked) {
      expect(routes[id]).toMatchObject({ method: 'POST', company: true });
    }
  });

  it('runs a repeated key once and answers every repeat with the first answer', async () => {
    const first = await call(event(PAYMENT, { key: 'key-0000001' }));
    const again = await call(event(PAYMENT, { key: 'key-0000001' }));
    expect(runs).toBe(1);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs every request without a key, and a non-idempotent route ignores the header', async () => {
    await call(event(PAYMENT));
    await call(event(PAYMENT));
    await call(event('invoices.confirm', { key: 'key-0000002' }));
    await call(event('invoices.confirm', { key: 'key-0000002' }));
    expect(runs).toBe(4);
  });

  it('refuses the same key with another body, another invoice or another user (422)', async () => {
    await call(event(PAYMENT, { key: 'key-0000003' }));
    const variants = [
      event(PAYMENT, { key: 'key-0000003', body: { amountCents: 200 } }),
      event(PAYMENT, { key: 'key-0000003', params: { invoiceId: 'inv-2' } }),
      event(PAYMENT, { key: 'key-0000003', sub: 'u2' }),
    ];
    for (const e of variants) {
      const res = await call(e);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'La clave de idempotencia ya se usó con una petición distinta.',
        field: 'Idempotency-Key',
      });
    }
    expect(runs).toBe(1);
  });

  it('refuses a malformed key with 400 CORE_004 before running anything', async () => {
    const res = await call(event(PAYMENT, { key: 'short' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', field: 'Idempotency-Key' });
    expect(runs).toBe(0);
  });

  it('lets concurrent repeats wait for the first and answer the same success', async () => {
    let open!: () => void;
    gate = new Promise((r) => {
      open = r;
    });
    const all = Promise.all(Array.from({ length: 5 }, () => call(event(PAYMENT, { key: 'key-0000004' }))));
    setTimeout(open, 150);
    const results = await all;
    expect(runs).toBe(1);
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
  });

  it('frees the key when the action fails, so the same request may be sent again', async () => {
    failNext = new AppError('DOC_047');
    const refused = await call(event(PAYMENT, { key: 'key-0000005' }));
    expect(refused.status).toBe(409);
    expect(memory.items.size).toBe(0);
    const retried = await call(event(PAYMENT, { key: 'key-0000005' }));
    expect(retried.status).toBe(201);
    expect(runs).toBe(2);
  });

  it('answers a lost race that reached the pipeline with 409 CONCURRENT_UPDATE, not 500', async () => {
    failNext = new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
    });
    const res = await call(event(PAYMENT));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'CONCURRENT_UPDATE',
      message: 'Otra operación ha modificado los datos a la vez. Vuelve a intentarlo.',
    });
  });
});

describe('runIdempotent', () => {
  const log = createLogger({ domain: 'test' });
  const ref = { companyId: 'c1', routeId: PAYMENT, key: 'key-1' };
  const ok = (body: string): APIGatewayProxyResult => ({
    statusCode: 201,
    headers: { 'x-request-id': 'r1' },
    body,
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS when the first request outlasts the wait', async () => {
    const { store } = memoryStore();
    let clock = 1_000_000;
    let release!: () => void;
    const first = runIdempotent(
      { store, ref, fingerprint: 'f', log, now: () => clock },
      () => new Promise((r) => (release = () => r(ok('{"a":1}')))),
    );
    const second = runIdempotent(
      {
        store,
        ref,
        fingerprint: 'f',
        log,
        now: () => clock,
        waitMs: 1000,
        sleep: async (ms) => {
          clock += ms;
        },
      },
      async () => ok('{"b":2}'),
    );
    await expect(second).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', status: 409 });
    release();
    expect((await first).body).toBe('{"a":1}');
  });

  it('takes over a record whose holder died (lease over) and keeps no x-request-id', async () => {
    const { store, items } = memoryStore();
    let clock = 5_000_000;
    const stuck = runIdempotent(
      { store, ref, fingerprint: 'f', log, now: () => clock, leaseMs: 100 },
      () => new Promise<APIGatewayProxyResult>(() => {}),
    );
    void stuck;
    await Promise.resolve();
    clock += 2_000;
    const res = await runIdempotent({ store, ref, fingerprint: 'f', log, now: () => clock }, async () =>
      ok('{"c":3}'),
    );
    expect(res.body).toBe('{"c":3}');
    const record = [...items.values()][0]!;
    expect(record.status).toBe('COMPLETED');
    expect(record.response?.headers).toEqual({});
    expect(record.ttl).toBe(Math.floor(clock / 1000) + 24 * 3600);
  });

  it('leases the record for the Lambda time left, never under a second', () => {
    expect(leaseOf(12_000)).toBe(12_000);
    expect(leaseOf(0)).toBe(1_000);
    expect(leaseOf(undefined)).toBe(30_000);
  });

  it('fingerprints the body bytes, the path and the caller', () => {
    const base = event(PAYMENT, { key: 'k' });
    const same = event(PAYMENT, { key: 'other-key' });
    expect(requestFingerprint(base, 'u1')).toBe(requestFingerprint(same, 'u1'));
    expect(requestFingerprint(base, 'u1')).not.toBe(requestFingerprint(base, 'u2'));
    expect(requestFingerprint(base, 'u1')).not.toBe(
      requestFingerprint(event(PAYMENT, { body: { amountCents: 101 } }), 'u1'),
    );
  });
});

describe('isContention', () => {
  const cancelled = (...codes: string[]) =>
    new TransactionCanceledException({
      message: 'x',
      $metadata: {},
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

  it('recognises lost races and nothing else', () => {
    expect(isContention(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isContention(cancelled('ConditionalCheckFailed', 'None'))).toBe(true);
    expect(isContention({ name: 'TransactionConflictException' })).toBe(true);
    expect(isContention({ name: 'ConditionalCheckFailedException' })).toBe(true);
    expect(isContention(cancelled('None', 'ValidationError'))).toBe(false);
    expect(isContention(cancelled('ThrottlingError'))).toBe(false);
    expect(isContention({ name: 'ProvisionedThroughputExceededException' })).toBe(false);
    expect(isContention(new Error('boom'))).toBe(false);
  });
});
