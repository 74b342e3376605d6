/**
 * The setup every portal test file shares: the test environment, the in-memory table, a clock and
 * the deps over them, and a `beforeEach` that empties the table, sets the clock back to T0 and
 * seeds both companies with their members (testing/fixtures.ts). For the route tests, a caller
 * that sends a user's API Gateway event, with the user's Cognito group as claim and the company
 * as header, through the real pipeline and reads the enveloped answer. Plus the stored items some
 * tests add to the seed: a further membership, an uploaded document.
 *
 * Call `portalFixture()` at the top of a test file, before its own hooks.
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import {
  apiEvent,
  lambdaContext,
  type ReadResponse,
  readResponse,
} from '@functions/platform/testing/api-event';
import { useEnv } from '@functions/platform/testing/env';
import { type FakeTable, fakeTable } from '@functions/platform/testing/fake-table';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type MembershipRecord, membershipItem } from '@shared/db/records';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach } from 'vitest';
import type { PortalDeps } from '../store/deps';
import { type Clock, CO, GESTOR, portalDeps, seedCompanies, T0, TABLE } from './fixtures';

/** A platform ADMIN: no member of any company. */
export const ADMIN = 'u-admin';

export interface PortalFixture {
  table: FakeTable;
  clock: Clock;
  /** One set of deps for the whole file (its ids keep counting across tests). */
  deps: PortalDeps;
}

export interface PortalFixtureOptions {
  /** Variables set on top of TABLE_NAME, AWS_REGION and LOG_LEVEL. */
  env?: Record<string, string>;
  /** Runs in the `beforeEach`, after the seed: what every test of the file starts from. */
  seed?: (fixture: PortalFixture) => void | Promise<void>;
}

/** Sets up the file's environment, table, clock and deps, and resets and seeds them before each test. */
export function portalFixture(options: PortalFixtureOptions = {}): PortalFixture {
  useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent', ...options.env });
  const table = fakeTable(DynamoDBDocumentClient);
  const clock: Clock = { now: new Date(T0) };
  const fixture: PortalFixture = { table, clock, deps: portalDeps(clock) };
  beforeEach(async () => {
    table.reset();
    clock.now = new Date(T0);
    seedCompanies(table);
    await options.seed?.(fixture);
  });
  return fixture;
}

export interface CallOptions {
  /** The x-company-id header; the caller's default company when omitted. */
  company?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent after x-company-id, so they may replace it. */
  headers?: Record<string, string>;
}

export interface CallerOptions {
  /** Cognito groups of users beyond GESTOR (GESTOR) and ADMIN (ADMIN); anyone else is a CLIENTE. */
  groups?: Record<string, string>;
  /** The company sent when a call names none; null sends no x-company-id. CO by default. */
  company?: string | null;
}

/**
 * A caller of these actions through the portal's pipeline (deps over the fixture's clock): `call(user,
 * routeId, options)` answers the status, the envelope and the headers.
 */
export function portalCaller(
  clock: Clock,
  actions: ActionsOf<'portal', PortalDeps>,
  options: CallerOptions = {},
) {
  const handler = createApiHandler('portal', actions, () => portalDeps(clock));
  const groups: Record<string, string> = { [GESTOR]: 'GESTOR', [ADMIN]: 'ADMIN', ...options.groups };
  const fallbackCompany = options.company === undefined ? CO : options.company;
  return async function call<T>(user: string, routeId: RouteId, opts: CallOptions = {}) {
    const company = opts.company ?? fallbackCompany;
    const res = (await handler(
      apiEvent({
        routeId,
        params: opts.params,
        query: opts.query,
        body: opts.body,
        claims: { sub: user, groups: [groups[user] ?? 'CLIENTE'] },
        headers: { ...(company ? { 'x-company-id': company } : {}), ...opts.headers },
      }),
      lambdaContext(),
    )) as APIGatewayProxyResult;
    return readResponse<T>(res);
  };
}

/** The field messages of a refused request (its error's details), undefined when it has none. */
export function validationIssues(
  res: ReadResponse<unknown>,
): { field: string; message: string }[] | undefined {
  const details = res.envelope.error?.details as { issues: { field: string; message: string }[] } | undefined;
  return details?.issues;
}

/**
 * Stores one more membership: active, no permissions, e-mail and first name made from the user id
 * and created at T0 unless the record says otherwise.
 */
export function putMembership(
  table: FakeTable,
  record: Pick<MembershipRecord, 'companyId' | 'userId' | 'companyRole'> & Partial<MembershipRecord>,
): void {
  const createdAt = record.createdAt ?? T0.toISOString();
  table.put(
    membershipItem({
      permissions: [],
      isActive: true,
      email: `${record.userId}@cuadra.test`,
      firstName: record.userId.replace('u-', ''),
      lastName: 'Test',
      updatedAt: createdAt,
      ...record,
      createdAt,
    }),
  );
}

/** A stored Document with only what the upload notice checks: its company and its uploader. */
export function putUploadedDocument(
  table: FakeTable,
  companyId: string,
  documentId: string,
  uploadedBy: string,
): void {
  table.put({
    ...keys.document(companyId, documentId),
    entity: 'Document',
    documentId,
    companyId,
    uploadedBy,
  });
}
