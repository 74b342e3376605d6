/**
 * A bench child's DynamoDB Local: started in the run's data directory (stopped with the run's other
 * engines), the platform's clients pointed at it through the environment (region, the local
 * credentials, the endpoint, the table's name and whatever else `env` adds), and the app's table
 * created.
 */

import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { envNames } from '@infra/manifest';
import { tableDefinition } from '@shared/db/table';
import { LOCAL_CREDENTIALS, REGION } from '../../local/aws';
import { type RunningDynamoDb, startDynamoDbLocal } from '../../local/engines/dynamodb-local';
import { ensureTable } from '../../local/engines/dynamodb-table';
import type { ChildMainContext } from './child-main';

export async function startBenchTable(
  { dataDir, stops }: ChildMainContext,
  table: string,
  env: Record<string, string> = {},
): Promise<RunningDynamoDb> {
  const dynamo = await startDynamoDbLocal({ dataDir, logFile: path.join(dataDir, 'dynamodb.log') });
  stops.push(() => dynamo.stop());
  Object.assign(process.env, {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    [envNames.table]: table,
    ...env,
  });
  await ensureTable(new DynamoDBClient({}), table, tableDefinition);
  return dynamo;
}
