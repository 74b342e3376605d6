import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';

/** What the expenses actions need from outside, injected so tests control time and ids. */
export interface ExpensesDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  newId: () => string;
}

export const makeDeps = (): ExpensesDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
});
