import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { pdfPages } from '@functions/lib/pdf/test-fixtures';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { TaxModelView } from '@shared/schemas/tax-models';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { pdfActions } from '../handler';
import type { PdfDeps } from '../store/deps';

const TABLE = 'cuadra-test';
const COMPANY = 'co-1';
const GESTOR = 'u-gestor';
const CLIENT = 'u-cliente';

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
const deps: PdfDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date('2025-07-15T10:00:00.000Z'),
};
const handler = createApiHandler('pdf', pdfActions, () => deps);

/** The worked example's 303 (reference §5), filed. */
const model: TaxModelView = {
  modelId: '2025-303-2T',
  companyId: COMPANY,
  modelType: '303',
  year: 2025,
  period: '2T',
  design: '303-2024-10',
  boxes: {
    '07': 900_000,
    '08': 2100,
    '09': 189_000,
    '27': 189_000,
    '28': 314_000,
    '29': 64_240,
    '45': 64_240,
    '46': 124_760,
    '64': 124_760,
    '65': 10_000,
    '66': 124_760,
    '69': 124_760,
    '71': 124_760,
    '110': 0,
  },
  result: { type: 'I', amountCents: 124_760 },
  allowedResultTypes: ['I', 'U', 'G'],
  records: [],
  issues: [],
  sources: {},
  itemsRead: 12,
  status: 'SUBMITTED',
  adjustments: {},
  generatedAt: '2025-07-10T09:00:00.000Z',
  generatedBy: GESTOR,
  updatedAt: '2025-07-12T09:00:00.000Z',
  version: 1,
  approvedAt: null,
  approvedBy: null,
  submittedAt: '2025-07-12T09:00:00.000Z',
  reference: '3036789012345',
  submissionId: null,
  publishedAt: null,
};

const download = async (user: string, modelId: string, modelType = '303') =>
  (await handler(
    apiEvent({
      routeId: 'taxModels.pdf',
      params: { companyId: COMPANY, modelType, modelId },
      claims: { sub: user, groups: [user === GESTOR ? 'GESTOR' : 'CLIENTE'] },
    }),
    lambdaContext(),
  )) as APIGatewayProxyResult;

beforeEach(() => {
  db.reset();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, GESTOR) }).resolves({
    Item: { ...keys.membership(COMPANY, GESTOR), companyRole: 'GESTOR', isActive: true, permissions: [] },
  });
  db.on(GetCommand, { Key: keys.membership(COMPANY, CLIENT) }).resolves({
    Item: {
      ...keys.membership(COMPANY, CLIENT),
      companyRole: 'CLIENTE',
      isActive: true,
      permissions: ['VIEW_INVOICES'],
    },
  });
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), entity: 'Company', name: 'Ana Consultora Núñez', nif: '44444444A' },
  });
  db.on(GetCommand, { Key: keys.taxModel(COMPANY, 2025, '2025-303-2T') }).resolves({
    Item: { ...keys.taxModel(COMPANY, 2025, '2025-303-2T'), entity: 'TaxModel', v: 1, revision: 3, ...model },
  });
});

describe('taxModels.pdf', () => {
  it('summarises the stored model: company, period, design, every non-zero box with its label, result, status', async () => {
    const res = await download(GESTOR, '2025-303-2T');
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/pdf');
    expect(res.headers?.['content-disposition']).toBe('attachment; filename="303_2025_2T_44444444A.pdf"');
    const bytes = Buffer.from(res.body, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(new Uint8Array(bytes))).join(' ');
    for (const expected of [
      'Modelo 303 - IVA. Autoliquidación',
      'Ana Consultora Núñez',
      '44444444A',
      '2.º trimestre 2025 (2T)',
      '303-2024-10',
      'Presentado',
      '3036789012345',
      'A ingresar',
      '1.247,60 €',
      '[07] Régimen general 21 % - Base imponible',
      '9.000,00 €',
      '[08] Régimen general 21 % - Tipo %',
      '21 %',
      '[28] Por cuotas soportadas en operaciones interiores corrientes - Base imponible',
      '3.140,00 €',
      '642,40 €',
      'IVA deducible',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // A zero box is not printed.
    expect(text).not.toContain('[110]');
  });

  it('answers 404 for a model that is not there or of another type', async () => {
    for (const [id, type] of [
      ['2025-303-1T', '303'],
      ['2025-303-2T', '349'],
    ]) {
      const res = readResponse(await download(GESTOR, id as string, type));
      expect(res.status).toBe(404);
      expect(res.envelope.error).toMatchObject({ code: 'CORE_006', message: 'El modelo no existe.' });
    }
  });

  it('refuses a CLIENTE without VIEW_TAX_DOCUMENTS', async () => {
    const res = readResponse(await download(CLIENT, '2025-303-2T'));
    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_002');
  });
});
