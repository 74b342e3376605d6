import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';

/** What the notifications actions need from outside, injected so tests control time and ids. */
export interface NotificationsDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  /** Random part of new ids (letters and digits). */
  newId: () => string;
}

export const makeDeps = (): NotificationsDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
});
