/**
 * Shared arrangement of the identity handler tests: the real pipeline with injected deps, AWS mocked
 * at the clients (aws-sdk-client-mock), a controllable clock, and item fixtures built with the same
 * record builders as production. Imported by tests only.
 */

import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { createSessionGate, type SessionGate } from '@functions/platform/session-validity';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import type { Key } from '@shared/db/keys';
import {
  type Company,
  companyItem,
  type MembershipRecord,
  membershipItem,
  profileItem,
  type UserProfile,
} from '@shared/db/records';
import { mockClient } from 'aws-sdk-client-mock';
import type { IdentityDeps } from '../deps';
import { identityActions } from '../handler';

// Handler logs would drown the test output; the logging test turns them back on for itself.
process.env.LOG_LEVEL ??= 'silent';

export const TABLE = 'cuadra-test';
export const APP_URL = 'https://app.cuadra.test';
export const T0 = new Date('2026-03-02T10:00:00.000Z');

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };

export function setupIdentity() {
  const db = mockClient(DynamoDBDocumentClient);
  const idp = mockClient(CognitoIdentityProviderClient);
  const clock = { now: new Date(T0) };
  let ids = 0;
  let seed = 0;
  /** Instants (epoch seconds) the pipeline's gate reads, as if from the table. */
  const validAfter = new Map<string, number>();
  const newGate = () =>
    createSessionGate({ lookup: async (userId) => validAfter.get(userId), now: () => clock.now.getTime() });
  // A fresh cache for every test, behind one object the pipeline and the actions both hold.
  let gate = newGate();
  const sessionGate: SessionGate = {
    assertCurrent: (userId, claims) => gate.assertCurrent(userId, claims),
    remember: (userId, at) => gate.remember(userId, at),
  };
  const deps: IdentityDeps = {
    db: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', credentials })),
    table: TABLE,
    cognito: new CognitoIdentityProviderClient({ region: 'eu-west-1', credentials }),
    userPoolId: 'eu-west-1_TestPool',
    clientId: 'test-client-id',
    appUrl: APP_URL,
    now: () => new Date(clock.now),
    // Deterministic but different for every token.
    randomBytes: (size) => new Uint8Array(size).fill(++seed),
    newId: () => `id${++ids}`,
    sessionGate,
  };
  const handler = createApiHandler('identity', identityActions, () => deps, { sessionGate });
  const call = async <T = Record<string, unknown>>(options: ApiEventOptions) =>
    readResponse<T>(await handler(apiEvent(options), lambdaContext()));
  const reset = () => {
    db.reset();
    idp.reset();
    // What DynamoDB answers for an absent item: the counters and instants of issue #12 are read and
    // written on many routes; a test that cares about them arranges them itself.
    db.on(GetCommand).resolves({});
    db.on(UpdateCommand).resolves({});
    db.on(DeleteCommand).resolves({});
    clock.now = new Date(T0);
    validAfter.clear();
    gate = newGate();
  };
  return { db, idp, clock, deps, call, reset, validAfter };
}

/** An unsigned JWT with the given claims: the actions only read `sub` and `exp` of Cognito's tokens. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'test' })}.${part(claims)}.signature`;
}

export const conditionalFailure = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    userId: 'user-1',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'García',
    role: 'CLIENTE',
    isAutonomous: false,
    emailVerified: true,
    isActive: true,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function company(overrides: Partial<Company> = {}): Company {
  return {
    companyId: 'c1',
    name: 'Ferretería Ana SL',
    nif: 'B12345674',
    companyType: 'SL',
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: true,
    address: {
      street: 'Calle Mayor 1',
      postalCode: '28001',
      city: 'Madrid',
      province: 'Madrid',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    createdBy: 'user-1',
    ...overrides,
  };
}

export function membership(overrides: Partial<MembershipRecord> = {}): MembershipRecord {
  return {
    companyId: 'c1',
    userId: 'user-1',
    companyRole: 'OWNER',
    permissions: [],
    isActive: true,
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'García',
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export const items = { profile: profileItem, company: companyItem, membership: membershipItem };

/**
 * One failed-attempts item (login or change-password), kept in memory and updated the way DynamoDB
 * would apply the store's three update shapes (atomic ADD with its freshness condition, restart,
 * delay).
 */
export function fakeAttemptsTable(t: ReturnType<typeof setupIdentity>, key: Key) {
  let item: Record<string, unknown> | undefined;
  t.db.on(GetCommand, { Key: key }).callsFake(() => ({ Item: item && { ...item } }));
  t.db.on(DeleteCommand, { Key: key }).callsFake(() => {
    item = undefined;
    return {};
  });
  t.db.on(UpdateCommand, { Key: key }).callsFake((input: UpdateCommandInput) => {
    const v = input.ExpressionAttributeValues ?? {};
    const expr = input.UpdateExpression ?? '';
    if (expr.startsWith('ADD failures')) {
      if (item && Number(item.expiresAt) <= Number(v[':now'])) throw conditionalFailure();
      item = { ...item, failures: Number(item?.failures ?? 0) + 1, expiresAt: v[':exp'], ttl: v[':ttl'] };
    } else if (expr.startsWith('SET failures = :one')) {
      if (!item || Number(item.expiresAt) > Number(v[':now'])) throw conditionalFailure();
      item = { failures: 1, expiresAt: v[':exp'], ttl: v[':ttl'] };
    } else if (expr.startsWith('SET retryAt')) {
      if (!item || Number(item.retryAt ?? 0) >= Number(v[':until'])) throw conditionalFailure();
      item = { ...item, retryAt: v[':until'] };
    } else throw new Error(`Unexpected update: ${expr}`);
    return { Attributes: { ...item } };
  });
  return { get: () => item };
}
