import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';

/**
 * What the dashboards need from outside, injected so tests control time. The dashboards only read
 * other areas' aggregates, counters and indexes (by the shared key builders), and write their own
 * snapshots and caches (`DASH#`).
 */
export interface DashboardDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
}

export const makeDeps = (): DashboardDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
});
