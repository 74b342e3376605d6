/**
 * The engines of the AEAT benches (VeriFacTu, SII): DynamoDB Local, the local AEAT simulator and S3
 * (s3rver, with the archive bucket the senders write every SOAP exchange to), started in that order
 * in the run's data directory and stopped with the run; and the environment that points the
 * platform's clients at them.
 */

import path from 'node:path';
import { startAeatSimulator } from '../../local/aeat-simulator/server';
import { LOCAL_CREDENTIALS, REGION } from '../../local/aws';
import { startDynamoDbLocal } from '../../local/engines/dynamodb-local';
import { startS3 } from '../../local/engines/s3';
import { silentLogger } from '../../local/util/log';
import type { ChildMainContext } from './child-main';

export async function startAeatEngines({ dataDir, stops }: ChildMainContext, archiveBucket: string) {
  const dynamo = await startDynamoDbLocal({ dataDir, logFile: path.join(dataDir, 'dynamodb.log') });
  stops.push(() => dynamo.stop());
  const simulator = await startAeatSimulator({
    dir: path.join(dataDir, 'aeat'),
    port: 0,
    persist: false,
  });
  stops.push(() => simulator.stop());
  const s3 = await startS3({
    directory: path.join(dataDir, 's3'),
    buckets: [{ name: archiveBucket, browserUploads: false, notifications: [] }],
    corsOrigins: [],
    invoke: async () => undefined,
    logger: silentLogger,
  });
  stops.push(() => s3.stop());
  return { dynamo, simulator, s3 };
}

/** The local cloud's region, credentials (s3rver only accepts its own) and endpoints. */
export const localCloudEnv = (e: { dynamo: { endpoint: string }; s3: { endpoint: string } }) => ({
  AWS_REGION: REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: e.dynamo.endpoint,
  AWS_ENDPOINT_URL_S3: e.s3.endpoint,
  // s3rver and the SDK's default checksums (as infra/local/env.ts).
  AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
  AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
});
