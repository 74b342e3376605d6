/**
 * The benchmark's baseline: a hello-world Lambda that only creates a DynamoDB document client,
 * bundled exactly like the domain functions. Every import time is reported as a ratio to this one,
 * measured in the same run, which cancels the speed and noise of the machine.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async () => ({
  statusCode: 200,
  body: JSON.stringify({ hello: 'world', client: Boolean(db) }),
});
