import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { requireEnv, tableName } from '@functions/platform/aws/env';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { bucketEnv, envNames } from '@shared/config/env-names';

/**
 * What the tax models actions need from outside, injected so tests control time and ids.
 *
 * The documents bucket keeps the files of submitted models (the exact bytes filed). Its S3 client is
 * loaded on first use (platform/aws/s3-lazy.ts): most routes never touch S3 and would otherwise pay
 * `@aws-sdk/client-s3` at every cold start. The company's certificate for filing is the VeriFacTu
 * one (`keys.verifactuCertificate`, sealed by the secret-box library, which reads its own key
 * configuration: `CERTIFICATES_KEY_ID` in AWS, the local key file on a laptop), so the table is all
 * a certificate read needs here.
 */
export interface TaxModelsDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  /** Random part of new ids (letters and digits). */
  newId: () => string;
  /** The web app's base URL, for links in notifications. */
  appUrl: string;
  /** The S3 SDK module and client, loaded on first call: `const { sdk, client } = await deps.s3()`. */
  s3: typeof lazyS3;
  /** The documents bucket's name (read from the environment on first use). */
  readonly bucket: string;
}

export const makeDeps = (): TaxModelsDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
  appUrl: process.env[envNames.appUrl] ?? 'http://localhost:3000',
  s3: lazyS3,
  get bucket() {
    return requireEnv(bucketEnv.documents);
  },
});
