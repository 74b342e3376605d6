import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { requireEnv, tableName } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import { invokeFunction } from '@functions/platform/invoke';
import { envNames } from '@shared/config/env-names';

/**
 * What the accounting code needs from outside, injected so tests control time, ids and the AWS
 * clients. `queueUrl` (the `accounting` queue, where the backfill's pages go) and the name of the
 * `statement-pdf` function are read from the environment when first used: each entry point only
 * gets the variables its manifest `needs` grant.
 */
export interface AccountingDeps {
  db: DynamoDBDocumentClient;
  table: string;
  sqs: Pick<SQSClient, 'send'>;
  /** URL of the standard `accounting` queue (events and backfill pages). */
  queueUrl: string;
  /** The pdf domain's `statement-pdf` invokable (a statement's title, columns and rows -> PDF bytes). */
  invoke: <T>(payload: unknown) => Promise<T>;
  now: () => Date;
  newId: () => string;
}

export const makeDeps = (): AccountingDeps => ({
  db: ddb(),
  table: tableName(),
  sqs: sqs(),
  get queueUrl() {
    return requireEnv(envNames.queueUrl('accounting'));
  },
  invoke: <T>(payload: unknown) =>
    invokeFunction<T>(requireEnv(envNames.functionName('statement-pdf')), payload, { idempotent: true }),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
});
