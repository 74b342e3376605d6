/**
 * Test helper for the tax models domain: the real pipeline (auth, the membership GetItem, the
 * route's access policy, zod) over the real action table, every DynamoDB call answered by the
 * in-memory table of ./fake-table.ts, a fixed clock, and builders for what the tests seed:
 * companies, memberships, tax profiles, obligations, and invoices with their running aggregates
 * (written by the same pure functions and item builders the invoicing writes use).
 */

import { DynamoDBDocumentClient, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import {
  type ClientPermission,
  type Company,
  type CompanyRole,
  type CompanyType,
  companyItem,
  membershipItem,
  SCHEMA_VERSION,
} from '@shared/db/records';
import type { ObligationStatus } from '@shared/fiscal/fiscal-alerts';
import {
  type AggregateContribution,
  issuedContribution,
  receivedContribution,
} from '@shared/fiscal/tax-aggregates';
import { defaultTaxProfileFacts, type TaxModel, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { taxModelsActions } from '../handler';
import type { TaxModelsDeps } from '../store/deps';

export const TABLE = 'cuadra-taxmodels-test';
export const BUCKET = 'cuadra-documents-test';

export type Caller = { userId: string; groups: string[] };
export const GESTOR: Caller = { userId: 'u-gestor', groups: ['GESTOR'] };
export const OWNER: Caller = { userId: 'u-owner', groups: ['CLIENTE'] };

/** Call at the top of a test file: the table, the deps (fixed clock) and `call` as a given user. */
export function taxModelsHarness(now: Date) {
  useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
  const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
  let ids = 0;
  const deps: TaxModelsDeps = {
    db: testDocumentClient(),
    table: TABLE,
    now: () => new Date(now),
    newId: () => `id${++ids}`,
    appUrl: 'https://app.cuadra.test',
    s3: () => Promise.reject(new Error('S3 is not used by these tests')),
    bucket: BUCKET,
  };
  const handler = createApiHandler('taxmodels', taxModelsActions, () => deps);

  async function raw(user: Caller, options: Omit<ApiEventOptions, 'claims'>): Promise<APIGatewayProxyResult> {
    const event = apiEvent({ claims: { sub: user.userId, groups: user.groups }, ...options });
    return (await handler(event, lambdaContext())) as APIGatewayProxyResult;
  }
  async function call<T = unknown>(user: Caller, options: Omit<ApiEventOptions, 'claims'>) {
    return readResponse<T>(await raw(user, options));
  }
  /** Applies contributions to the stored aggregates with the items the invoicing transactions carry. */
  async function addToBooks(companyId: string, ...contributions: AggregateContribution[]) {
    for (const item of aggregateUpdateItems(TABLE, companyId, ...contributions)) {
      await deps.db.send(new UpdateCommand(item.Update as UpdateCommandInput));
    }
  }
  return { table, deps, handler, call, raw, addToBooks };
}

export function company(companyId: string, name: string, over: Partial<Company> = {}) {
  const c: Company = {
    companyId,
    name,
    nif: 'B12345674',
    companyType: 'SL',
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: true,
    address: {
      street: 'Calle Mayor 1',
      postalCode: '46001',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdBy: 'u-owner',
    ...over,
  };
  return companyItem(c);
}

export function member(
  companyId: string,
  userId: string,
  companyRole: CompanyRole,
  over: { permissions?: ClientPermission[]; isActive?: boolean } = {},
) {
  return membershipItem({
    companyId,
    userId,
    companyRole,
    permissions: over.permissions ?? [],
    isActive: over.isActive ?? true,
    email: `${userId}@cuadra.test`,
    firstName: userId,
    lastName: 'Test',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
}

/** The tax domain's profile item (one version from 1 January of `taxYear`). */
export function profile(
  companyId: string,
  companyType: CompanyType = 'SL',
  facts: Partial<TaxProfileFacts> = {},
  taxYear = 2025,
) {
  const all: TaxProfileFacts = { ...defaultTaxProfileFacts({ companyType, siiEnabled: false }), ...facts };
  return {
    ...keys.taxProfile(companyId),
    ...keys.taxProfileDirectory(companyId),
    entity: 'TaxProfile',
    v: SCHEMA_VERSION,
    companyId,
    companyType,
    taxYear,
    facts: all,
    versions: [
      {
        effectiveFrom: `${taxYear}-01-01`,
        facts: all,
        changedAt: '2025-01-01T00:00:00.000Z',
        changedBy: 'u-owner',
      },
    ],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    revision: 1,
  };
}

/** The tax domain's obligation item (with the open index while PENDING). */
export function obligation(
  companyId: string,
  modelType: TaxModel,
  period: string,
  year: number,
  dueDate: string,
  status: ObligationStatus = 'PENDING',
) {
  const obligationId = `${year}-${modelType}-${period}`;
  return {
    ...keys.taxObligation(companyId, year, obligationId),
    ...(status === 'PENDING' ? keys.taxOpenObligation(companyId, dueDate, obligationId) : {}),
    entity: 'TaxObligation',
    v: SCHEMA_VERSION,
    obligationId,
    companyId,
    modelType,
    period,
    year,
    periodicity: /^\d{2}$/.test(period) ? 'MONTHLY' : /T$/.test(period) ? 'QUARTERLY' : 'ANNUAL',
    periodStart: `${year}-01-01`,
    periodEnd: `${year}-12-31`,
    windowStart: `${dueDate.slice(0, 8)}01`,
    dueDate,
    domiciliationDueDate: null,
    paidByDomiciliation: false,
    alertDate: dueDate,
    profileVersion: `${year}-01-01`,
    reason: 'Prueba',
    status,
    modelId: null,
    submittedAt: null,
    reference: null,
    submittedBy: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

export { issuedContribution, receivedContribution };
