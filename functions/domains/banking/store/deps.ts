import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { requireEnv, tableName } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import { invokeFunction } from '@functions/platform/invoke';
import { envNames } from '@shared/config/env-names';
import type { BankFeed } from '../model/feed/port';

/** The two invokables reconciliation settles documents through (infra/manifest.ts `invokables`). */
export type SettleTarget = 'settle-invoice' | 'settle-received-invoice';

/**
 * What the banking code needs from outside, injected so tests control time, ids and the AWS clients.
 * Queue URLs and function names are read from the environment when first used: each entry point only
 * gets the variables its manifest `needs` grant (the API function: `accounting` and `treasury` queues
 * and the two settle invokables; the treasury consumer: its own queue).
 */
export interface BankingDeps {
  db: DynamoDBDocumentClient;
  table: string;
  sqs: Pick<SQSClient, 'send'>;
  /** URL of a standard queue this function may send to: `accounting` (reconciliation postings), `treasury` (backfill pages). */
  queueUrl: (queue: 'accounting' | 'treasury') => string;
  /** Calls the invoices / expenses domain to record or remove a document's payment (reconciliation). */
  invoke: <T>(target: SettleTarget, payload: unknown) => Promise<T>;
  now: () => Date;
  newId: () => string;
  /**
   * The open-banking provider (PSD2 account information). Absent: the GoCardless adapter on
   * BANK_FEED_BASE_URL with the sealed BANK_FEED_CREDENTIALS (store/psd2.ts `feedOf`); tests give one.
   */
  bankFeed?: BankFeed;
}

export const makeDeps = (): BankingDeps => ({
  db: ddb(),
  table: tableName(),
  sqs: sqs(),
  queueUrl: (queue) => requireEnv(envNames.queueUrl(queue)),
  invoke: <T>(target: SettleTarget, payload: unknown) =>
    invokeFunction<T>(requireEnv(envNames.functionName(target)), payload, { idempotent: true }),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
});
