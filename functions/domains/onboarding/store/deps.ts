import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';

/** What the onboarding actions need from outside, injected so tests control the clock. */
export interface OnboardingDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
}

export const makeDeps = (): OnboardingDeps => ({ db: ddb(), table: tableName(), now: () => new Date() });
