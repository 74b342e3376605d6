import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { normaliseImage } from '@functions/lib/images';
import { pngOf } from '@functions/lib/images/test-fixtures';
import { invoice } from '@functions/lib/pdf/test-fixtures';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { type CompanyLogo, defaultCompanySettings } from '@shared/schemas/companies';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadInvoiceDocument } from './load-invoice-document';

const COMPANY = 'co-1';
useEnv({ TABLE_NAME: 'cuadra-test', BUCKET_DOCUMENTS: 'docs', AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const deps = { db: testDocumentClient(), table: 'cuadra-test' };
const normalised = normaliseImage(pngOf(300, 150), { maxPixels: 4_000_000 });

function withLogo(logo: CompanyLogo) {
  const settings = defaultCompanySettings();
  settings.invoicing.logo = logo;
  db.on(GetCommand, { Key: keys.companySettings(COMPANY) }).resolves({ Item: { settings } });
}

beforeEach(() => {
  db.reset();
  s3.reset();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'inv1') }).resolves({
    Item: { ...keys.invoice(COMPANY, 'inv1'), entity: 'Invoice', ...invoice() },
  });
  db.on(QueryCommand).resolves({ Items: [] });
  // The loader reads the body only through transformToByteArray.
  const Body = { transformToByteArray: async () => new Uint8Array(normalised.bytes) };
  s3.on(GetObjectCommand).resolves({ Body } as never);
});

const base = {
  s3Key: 'logos/co-1/a.png',
  contentType: 'image/png',
  fileName: 'a.png',
  uploadedAt: '2026-01-01',
} as const;

describe('the logo of an invoice document', () => {
  it('is the normalised copy, with its stored dimensions', async () => {
    withLogo({ ...base, normalised: true, width: 300, height: 150 });

    const doc = await loadInvoiceDocument(deps, COMPANY, 'inv1');

    expect(doc.logo).toEqual({
      bytes: new Uint8Array(normalised.bytes),
      contentType: 'image/png',
      normalised: true,
      width: 300,
      height: 150,
    });
  });

  it('is left out, without reading it, when it was stored before normalisation', async () => {
    withLogo(base);

    const doc = await loadInvoiceDocument(deps, COMPANY, 'inv1');

    expect(doc.logo).toBeUndefined();
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });
});
