import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';

/** What the invoices actions need from outside, injected so tests control time and ids. */
export interface InvoicesDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  newId: () => string;
}

export const makeDeps = (): InvoicesDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
});
