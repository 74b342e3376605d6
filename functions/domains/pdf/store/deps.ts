import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';

/**
 * The pdf domain renders documents (invoices today) in its own Lambda: pdf-lib alone is ~500 KB,
 * which every invoicing request would otherwise load at cold start. It only reads the table.
 */
export interface PdfDeps {
  db: DynamoDBDocumentClient;
  table: string;
}

export const makeDeps = (): PdfDeps => ({ db: ddb(), table: tableName() });
