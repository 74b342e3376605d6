/**
 * Test helper for the tax domain's cross-company and analysis tests: the real pipeline (auth, the
 * membership GetItem, zod) over the real action table, every DynamoDB call answered by the
 * in-memory table of ./fake-table.ts (the class is mocked, so the pipeline's own client is too),
 * and builders for the items those tests seed: companies, memberships, profiles, obligations.
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import {
  type ClientPermission,
  type Company,
  type CompanyRole,
  type CompanyType,
  companyItem,
  membershipItem,
} from '@shared/db/records';
import type { TaxModel } from '@shared/schemas/tax-profile';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { taxActions } from '../handler';
import type { TaxDeps } from '../store/deps';
import { type ObligationRecord, obligationItem } from '../store/obligations';
import { taxProfileItem } from '../store/profile';

export const TABLE = 'cuadra-tax-test';

/** Call at the top of a test file: the table, the deps (fixed clock) and `call` as a given user. */
export function taxHarness(now: Date) {
  useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
  const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
  let ids = 0;
  const deps: TaxDeps = {
    db: testDocumentClient(),
    table: TABLE,
    now: () => new Date(now),
    newId: () => `id${++ids}`,
    appUrl: 'https://app.cuadra.test',
  };
  const handler = createApiHandler('tax', taxActions, () => deps);

  async function raw(
    user: { userId: string; groups: string[] },
    options: Omit<ApiEventOptions, 'claims'>,
  ): Promise<APIGatewayProxyResult> {
    const event = apiEvent({ claims: { sub: user.userId, groups: user.groups }, ...options });
    return (await handler(event, lambdaContext())) as APIGatewayProxyResult;
  }
  async function call<T = unknown>(
    user: { userId: string; groups: string[] },
    options: Omit<ApiEventOptions, 'claims'>,
  ) {
    return readResponse<T>(await raw(user, options));
  }
  return { table, deps, handler, call, raw };
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
  over: { permissions?: ClientPermission[]; isActive?: boolean; firstName?: string; lastName?: string } = {},
) {
  return membershipItem({
    companyId,
    userId,
    companyRole,
    permissions: over.permissions ?? [],
    isActive: over.isActive ?? true,
    email: `${userId}@cuadra.test`,
    firstName: over.firstName ?? userId,
    lastName: over.lastName ?? 'Test',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
}

export function profile(
  companyId: string,
  companyType: CompanyType = 'SL',
  facts: Partial<TaxProfileFacts> = {},
  taxYear = 2025,
) {
  const all: TaxProfileFacts = {
    ...defaultTaxProfileFacts({ companyType, siiEnabled: false }),
    ...facts,
  };
  return taxProfileItem({
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
  });
}

/** A stored obligation with explicit dates (the portfolio reads them; it computes no deadline). */
export function obligation(
  companyId: string,
  modelType: TaxModel,
  period: string,
  year: number,
  dueDate: string,
  over: Partial<ObligationRecord> = {},
) {
  const o: ObligationRecord = {
    obligationId: `${year}-${modelType}-${period}`,
    companyId,
    modelType,
    period,
    year,
    periodicity: /^\d{2}$/.test(period) ? 'MONTHLY' : /T$/.test(period) ? 'QUARTERLY' : 'ANNUAL',
    periodStart: `${year}-01-01`,
    periodEnd: `${year}-12-31`,
    windowStart: dueDate.slice(0, 8).concat('01'),
    dueDate,
    domiciliationDueDate: null,
    paidByDomiciliation: false,
    alertDate: dueDate,
    profileVersion: `${year}-01-01`,
    reason: 'Prueba',
    status: 'PENDING',
    modelId: null,
    submittedAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
  return obligationItem(o);
}
