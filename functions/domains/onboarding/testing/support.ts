/**
 * Arrangement of the onboarding handler tests: the real pipeline with injected deps, DynamoDB
 * mocked at the client by a tiny in-memory table that honours the two conditions this domain
 * writes with (`attribute_not_exists(pk)` and `#version = :seen`), and a controllable clock.
 */

import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
  type TestClaims,
} from '@functions/platform/testing/api-event';
import { keys } from '@shared/db/keys';
import { mockClient } from 'aws-sdk-client-mock';
import { onboardingActions } from '../handler';
import type { OnboardingDeps } from '../store/deps';

process.env.LOG_LEVEL ??= 'silent';

export const TABLE = 'cuadra-test';
export const T0 = new Date('2026-03-02T10:00:00.000Z');

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
const id = (k: { pk: unknown; sk: unknown }) => `${String(k.pk)}|${String(k.sk)}`;

export const conditionalFailure = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

export function setupOnboarding() {
  const db = mockClient(DynamoDBDocumentClient);
  const clock = { now: new Date(T0) };
  const items = new Map<string, Record<string, unknown>>();
  const deps: OnboardingDeps = {
    db: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', credentials })),
    table: TABLE,
    now: () => new Date(clock.now),
  };
  const handler = createApiHandler('onboarding', onboardingActions, () => deps);

  const fakeTable = () => {
    db.on(GetCommand).callsFake((input: { Key: { pk: string; sk: string } }) => {
      const item = items.get(id(input.Key));
      return { Item: item ? structuredClone(item) : undefined };
    });
    db.on(PutCommand).callsFake(
      (input: {
        Item: Record<string, unknown> & { pk: string; sk: string };
        ConditionExpression?: string;
        ExpressionAttributeValues?: Record<string, unknown>;
      }) => {
        const current = items.get(id(input.Item));
        const condition = input.ConditionExpression;
        if (condition === 'attribute_not_exists(pk)' && current) throw conditionalFailure();
        if (
          condition === '#version = :seen' &&
          current?.version !== input.ExpressionAttributeValues?.[':seen']
        )
          throw conditionalFailure();
        items.set(id(input.Item), structuredClone(input.Item));
        return {};
      },
    );
  };

  const call = async <T = Record<string, unknown>>(options: ApiEventOptions) =>
    readResponse<T>(await handler(apiEvent(options), lambdaContext()));

  /** A user as the authorizer describes it. */
  const as =
    (claims: TestClaims) =>
    <T = Record<string, unknown>>(options: Omit<ApiEventOptions, 'claims'>) =>
      call<T>({ ...options, claims });

  const putProfile = (userId: string, isAutonomous: boolean) =>
    items.set(id(keys.userProfile(userId)), { ...keys.userProfile(userId), userId, isAutonomous });

  const reset = () => {
    db.reset();
    items.clear();
    clock.now = new Date(T0);
    fakeTable();
  };
  return { db, clock, deps, items, call, as, putProfile, reset };
}
