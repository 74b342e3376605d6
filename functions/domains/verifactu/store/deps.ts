import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';

/** What the VeriFacTu actions need from outside, injected so tests control time and ids. */
export interface VerifactuDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  newId: () => string;
}

export const makeDeps = (): VerifactuDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
});
