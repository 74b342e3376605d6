import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { requireEnv, tableName } from '@functions/platform/aws/env';
import { s3 } from '@functions/platform/aws/s3';
import { bucketEnv } from '@shared/config/env-names';

/**
 * The pdf domain renders documents (invoices today) in its own Lambda: pdf-lib alone is ~500 KB,
 * which every invoicing request would otherwise load at cold start. It reads the table and, to
 * e-mail an invoice, stores the PDF in the documents bucket and writes the log entry + outbox mail.
 */
export interface PdfDeps {
  db: DynamoDBDocumentClient;
  table: string;
  /** Only the e-mail routes use these; created on first use so the download route never needs them. */
  s3?: S3Client;
  bucket?: string;
  now?: () => Date;
  newId?: () => string;
}

export const makeDeps = (): PdfDeps => ({
  db: ddb(),
  table: tableName(),
  get s3() {
    return s3();
  },
  get bucket() {
    return requireEnv(bucketEnv.documents);
  },
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
});
