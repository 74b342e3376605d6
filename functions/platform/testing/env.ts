/**
 * Test helpers shared by the domains' handler tests: environment variables set for a test file and
 * restored after it, and a DynamoDB document client that aws-sdk-client-mock intercepts.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';

/** Sets these variables before the file's tests and puts the previous values back after them. */
export function useEnv(vars: Record<string, string>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(vars)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

/** A document client with fixed test credentials (its calls are answered by aws-sdk-client-mock). */
export const testDocumentClient = (): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
