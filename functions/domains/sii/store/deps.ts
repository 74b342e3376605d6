import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { requireEnv, tableName } from '@functions/platform/aws/env';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { sqs } from '@functions/platform/aws/sqs';
import { envNames } from '@shared/config/env-names';

/**
 * What the SII code needs from outside, injected so tests control time, ids and the AWS clients.
 *
 * `s3` is the lazily loaded S3 SDK and client (functions/platform/aws/s3-lazy.ts): only the sender
 * and the submission details touch the archive, so the registration worker never pays the
 * `@aws-sdk/client-s3` import at cold start. `sendQueueUrl` and `archiveBucket` are read from the
 * environment when first used: each entry point only gets the variables its manifest `needs` grant
 * (the registration worker has the `sii-send` queue but not the bucket).
 */
export interface SiiDeps {
  db: DynamoDBDocumentClient;
  table: string;
  sqs: Pick<SQSClient, 'send'>;
  /** URL of the FIFO `sii-send` queue (the company's sender). */
  sendQueueUrl: string;
  s3: typeof lazyS3;
  /** Name of the `sii-archive` bucket (Object Lock, like verifactu-archive). */
  archiveBucket: string;
  now: () => Date;
  newId: () => string;
}

export const makeDeps = (): SiiDeps => ({
  db: ddb(),
  table: tableName(),
  sqs: sqs(),
  get sendQueueUrl() {
    return requireEnv(envNames.queueUrl('sii-send'));
  },
  s3: lazyS3,
  get archiveBucket() {
    return requireEnv(envNames.bucket('sii-archive'));
  },
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
});
