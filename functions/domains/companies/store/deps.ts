import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';
import { envNames } from '@shared/config/env-names';

/** What the companies actions need from outside, injected so tests control time and ids. */
export interface CompaniesDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  newId: () => string;
  appUrl: string;
}

export const makeDeps = (): CompaniesDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
  appUrl: process.env[envNames.appUrl] ?? 'http://localhost:3000',
});
