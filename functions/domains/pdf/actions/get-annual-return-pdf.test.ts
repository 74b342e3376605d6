/**
 * GET …/annual-returns/{modelType}/pdf (issue 15 item 4) through the real pipeline over the in-memory
 * table: the checklist built from the profile, the year's aggregates and the stored instalments,
 * rendered as a PDF; a model outside the five is 404, a CLIENTE needs VIEW_TAX_DOCUMENTS.
 */

import { DynamoDBDocumentClient, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { pdfPages } from '@functions/lib/pdf/test-fixtures';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { companyItem, membershipItem, SCHEMA_VERSION } from '@shared/db/records';
import { issuedContribution } from '@shared/fiscal/tax-aggregates';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { pdfActions } from '../handler';
import type { PdfDeps } from '../store/deps';

const TABLE = 'cuadra-pdf-test';
const CO = 'co-1';
const GESTOR = 'u-gestor';
const CLIENT = 'u-cliente';

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient);
const deps: PdfDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date('2026-02-10T09:00:00.000Z'),
};
const handler = createApiHandler('pdf', pdfActions, () => deps);

const download = async (user: string, modelType: string, query: Record<string, string> = { year: '2025' }) =>
  (await handler(
    apiEvent({
      routeId: 'taxAnnualReturns.pdf',
      params: { companyId: CO, modelType },
      query,
      claims: { sub: user, groups: [user === GESTOR ? 'GESTOR' : 'CLIENTE'] },
    }),
    lambdaContext(),
  )) as APIGatewayProxyResult;

const member = (userId: string, companyRole: 'GESTOR' | 'CLIENTE', permissions: string[] = []) =>
  membershipItem({
    companyId: CO,
    userId,
    companyRole,
    permissions: permissions as never,
    isActive: true,
    email: `${userId}@cuadra.test`,
    firstName: userId,
    lastName: 'Test',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });

beforeEach(async () => {
  table.reset();
  table.put(
    companyItem({
      companyId: CO,
      name: 'Ana Consultora Núñez',
      nif: '44444444A',
      companyType: 'AUTONOMO',
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
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      createdBy: GESTOR,
    } as never),
  );
  table.put(member(GESTOR, 'GESTOR'));
  table.put(member(CLIENT, 'CLIENTE', ['VIEW_INVOICES']));
  const facts = defaultTaxProfileFacts({ companyType: 'AUTONOMO', siiEnabled: false });
  table.put({
    ...keys.taxProfile(CO),
    entity: 'TaxProfile',
    v: SCHEMA_VERSION,
    companyId: CO,
    companyType: 'AUTONOMO',
    taxYear: 2025,
    facts,
    versions: [
      { effectiveFrom: '2025-01-01', facts, changedAt: '2025-01-01T00:00:00.000Z', changedBy: GESTOR },
    ],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
  // One invoice of 5.000,00 € with 15 % withheld (750,00 €).
  const contribution = issuedContribution(
    {
      invoiceDate: '2025-02-10',
      invoiceType: 'F1',
      customer: { taxId: 'B12345674', name: 'Cliente SL', country: 'ES' },
      breakdown: [
        {
          operation: 'S1',
          vatRateBp: 2100,
          recargoRateBp: 0,
          baseCents: 500_000,
          vatCents: 105_000,
          recargoCents: 0,
        },
      ],
      totals: {
        baseCents: 500_000,
        vatCents: 105_000,
        recargoCents: 0,
        irpfCents: 75_000,
        totalCents: 530_000,
      },
      rectification: null,
    } as never,
    1,
  );
  for (const item of aggregateUpdateItems(TABLE, CO, contribution)) {
    await deps.db.send(new UpdateCommand(item.Update as UpdateCommandInput));
  }
});

describe('taxAnnualReturns.pdf', () => {
  it('renders the 100’s checklist from the books: income, withholdings borne, the 130s still to generate', async () => {
    const res = await download(GESTOR, '100');
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/pdf');
    expect(res.headers?.['content-disposition']).toBe(
      'attachment; filename="modelo-100-2025-lista_44444444A.pdf"',
    );
    const pages = await pdfPages(new Uint8Array(Buffer.from(res.body, 'base64')));
    expect(pages).toHaveLength(1);
    for (const expected of [
      'Modelo 100 - Declaración anual del IRPF (Renta)',
      'Ana Consultora Núñez',
      'Sí: Autónomo',
      '30/06/2026',
      '5.000,00 €',
      '1 factura',
      '750,00 €',
      'Pago fraccionado 130 1T',
      'Aún no generado en Cuadra',
    ]) {
      expect(pages[0], expected).toContain(expected);
    }
  });

  it('answers 404 CORE_006 for a model outside the five and refuses a CLIENTE without VIEW_TAX_DOCUMENTS', async () => {
    const other = readResponse(await download(GESTOR, '303'));
    expect(other.status).toBe(404);
    expect(other.envelope.error?.code).toBe('CORE_006');
    const client = readResponse(await download(CLIENT, '100'));
    expect(client.status).toBe(403);
    expect(client.envelope.error?.code).toBe('CORE_002');
  });
});
