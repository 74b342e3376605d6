import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { requireEnv, tableName } from '@functions/platform/aws/env';
import { envNames } from '@shared/config/env-names';

/** What the notifications actions and workers need from outside, injected so tests control time and ids. */
export interface NotificationsDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  /** Random part of new ids (letters and digits). */
  newId: () => string;
  /** The web app's base URL, for links in e-mails. */
  appUrl: string;
}

export const makeDeps = (): NotificationsDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
  appUrl: requireEnv(envNames.appUrl),
});
