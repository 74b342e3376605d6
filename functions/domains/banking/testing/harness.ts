/**
 * Test harness of the banking domain: the in-memory table of functions/platform/testing/fake-table.ts
 * (Get, BatchGet, Put, Update, Delete, Query on the table and gsi1/gsi2 with paging and filters, and
 * TransactWrite with every condition checked before anything is written) behind aws-sdk-client-mock,
 * the SQS client mocked with the messages each queue received, the settle invokables recorded and
 * answered by a settable function, and `BankingDeps` with a settable clock and counting ids.
 *
 * Call `bankingHarness()` at the top of a test file and `h.reset()` in `beforeEach`. `h.table` is the
 * fake table (`put` to seed, `get`/`all(entity)` to read, `failWhen` to inject errors, `writes`).
 */

import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import type { Logger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import type { WorkerContext } from '@functions/platform/workers';
import { envNames } from '@shared/config/env-names';
import { mockClient } from 'aws-sdk-client-mock';
import type { BankingDeps, SettleTarget } from '../store/deps';

export const TABLE = 'cuadra-banking-test';
export const QUEUES = {
  accounting: 'https://sqs.eu-west-1.amazonaws.com/000000000000/cuadra-accounting',
  treasury: 'https://sqs.eu-west-1.amazonaws.com/000000000000/cuadra-treasury',
} as const;
export const COMPANY = 'co-bank';
export const USER = 'u-owner';
export const T0 = new Date('2026-03-10T09:00:00.000Z');

export const silentLog: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLog,
};
export const workerCtx: WorkerContext = { log: silentLog };

export interface Invocation {
  target: SettleTarget;
  payload: unknown;
}

export function bankingHarness(start: Date = T0) {
  useEnv({
    TABLE_NAME: TABLE,
    AWS_REGION: 'eu-west-1',
    LOG_LEVEL: 'silent',
    [envNames.queueUrl('accounting')]: QUEUES.accounting,
    [envNames.queueUrl('treasury')]: QUEUES.treasury,
  });
  const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
  const sqsMock = mockClient(SQSClient);
  let now = new Date(start);
  let ids = 0;
  const invoked: Invocation[] = [];
  const defaultAnswer = (_target: SettleTarget, _payload: unknown): unknown => ({
    paymentId: `pay-${invoked.length}`,
  });
  let answer = defaultAnswer;
  const deps: BankingDeps = {
    db: testDocumentClient(),
    table: TABLE,
    sqs: new SQSClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
    queueUrl: (queue) => QUEUES[queue],
    invoke: async <T>(target: SettleTarget, payload: unknown) => {
      invoked.push({ target, payload });
      return (await answer(target, payload)) as T;
    },
    now: () => new Date(now),
    newId: () => `id${String(++ids).padStart(6, '0')}`,
  };
  /** The message bodies sent to one queue, oldest first. */
  const sent = <T = Record<string, unknown>>(queue: keyof typeof QUEUES): T[] =>
    sqsMock
      .commandCalls(SendMessageCommand)
      .filter((c) => c.args[0].input.QueueUrl === QUEUES[queue])
      .map((c) => JSON.parse(c.args[0].input.MessageBody ?? '{}') as T);
  return {
    table,
    sqsMock,
    deps,
    invoked,
    sent,
    /** What the settle invokables answer (default `{ paymentId: 'pay-<n>' }`). */
    onInvoke: (fn: (target: SettleTarget, payload: unknown) => unknown) => {
      answer = fn;
    },
    setNow: (d: Date | string) => {
      now = new Date(d);
    },
    reset: () => {
      table.reset();
      sqsMock.reset();
      sqsMock.on(SendMessageCommand).resolves({ MessageId: 'm' });
      now = new Date(start);
      ids = 0;
      invoked.length = 0;
      answer = defaultAnswer;
    },
  };
}

export type BankingHarness = ReturnType<typeof bankingHarness>;

/** The caller and company scope a company action receives (call an action's `run` with them). */
export function actionCaller(
  role: 'OWNER' | 'GESTOR' | 'MEMBER' = 'OWNER',
  userId = USER,
  companyId = COMPANY,
): {
  auth: AuthContext;
  scope: CompanyScope;
  requestId: string;
  log: Logger;
  headers: Record<string, string>;
} {
  return {
    auth: { userId, username: `${userId}@cuadra.test`, groups: ['GESTOR'], role: 'GESTOR', isAdmin: false },
    scope: {
      companyId,
      membership: { companyId, userId, companyRole: role, permissions: [], isActive: true },
    },
    requestId: 'req-test',
    log: silentLog,
    headers: {},
  };
}
