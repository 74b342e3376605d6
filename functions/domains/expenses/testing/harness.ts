/**
 * Test harness of the expenses domain: the real pipeline (auth, membership check, zod) with
 * injected deps and DynamoDB mocked at the client (aws-sdk-client-mock).
 */

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach } from 'vitest';
import { expensesActions } from '../handler';
import type { ExpensesDeps } from '../store/deps';

export const TABLE = 'cuadra-test';
export const USER = 'user-1';
export const COMPANY = 'co-1';
export const T0 = new Date('2026-03-02T10:00:00.000Z');

export const db = mockClient(DynamoDBDocumentClient);
let ids = 0;
const deps: ExpensesDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(T0),
  newId: () => `id${++ids}`,
};
const handler = createApiHandler('expenses', expensesActions, () => deps);

/** Environment, a member GESTOR of COMPANY, and successful transactions by default. */
export function useExpensesHarness(): void {
  const env: Record<string, string> = { TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' };
  useEnv(env);
  beforeEach(() => {
    db.reset();
    ids = 0;
    db.on(GetCommand).resolves({});
    db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
      Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
    });
    db.on(TransactWriteCommand).resolves({});
  });
}

export async function call<T = unknown>(options: Omit<ApiEventOptions, 'claims'>) {
  const event = apiEvent({
    claims: { sub: USER, groups: ['GESTOR'] },
    ...options,
    headers: { 'x-company-id': COMPANY, ...options.headers },
  });
  return readResponse<T>(await handler(event, lambdaContext()));
}

export const transactions = () =>
  db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);

export const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
