import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';

/** What the billing actions need from outside. */
export interface BillingDeps {
  db: DynamoDBDocumentClient;
  table: string;
}

export const makeDeps = (): BillingDeps => ({ db: ddb(), table: tableName() });
