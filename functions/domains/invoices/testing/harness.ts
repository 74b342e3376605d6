/**
 * The invoices domain's handler tests: the real pipeline (auth, membership check through DynamoDB,
 * zod) with injected deps and aws-sdk-client-mock on the document client, set up once here.
 */

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { mockClient } from 'aws-sdk-client-mock';
import { invoicesActions } from '../handler';
import type { InvoicesDeps } from '../store/deps';

export const TABLE = 'cuadra-test';
export const USER = 'user-1';
export const COMPANY = 'co-1';
export const T0 = new Date('2026-03-02T10:00:00.000Z');

/** Call at the top of a test file; ids the actions create are `<idPrefix>1`, `<idPrefix>2`, ... */
export function invoicesHarness(idPrefix: string) {
  useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
  const db = mockClient(DynamoDBDocumentClient);
  let ids = 0;
  const deps: InvoicesDeps = {
    db: testDocumentClient(),
    table: TABLE,
    now: () => new Date(T0),
    newId: () => `${idPrefix}${++ids}`,
  };
  const handler = createApiHandler('invoices', invoicesActions, () => deps);

  async function call<T = unknown>(options: Omit<ApiEventOptions, 'claims'>) {
    const event = apiEvent({
      claims: { sub: USER, groups: ['GESTOR'] },
      ...options,
      headers: { 'x-company-id': COMPANY, ...options.headers },
    });
    return readResponse<T>(await handler(event, lambdaContext()));
  }

  return {
    db,
    deps,
    handler,
    call,
    resetIds: () => {
      ids = 0;
    },
    transactions: () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!),
  };
}

export const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** The issuing company as stored (confirmation reads it for the issuer snapshot). */
export const issuerCompany = {
  companyId: COMPANY,
  name: 'Fontanería Romero SL',
  nif: 'B12345674',
  companyType: 'SL',
  isActive: true,
  siiEnabled: false,
  verifactuEnabled: true,
  email: 'facturas@romero.example',
  address: {
    street: 'Calle Mayor 1',
    postalCode: '46001',
    city: 'Valencia',
    province: 'Valencia',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: USER,
};
