import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { jpegOf, pngBomb, pngOf } from '@functions/lib/images/test-fixtures';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { imageHeader } from '@shared/images/image-header';
import { type CompanySettings, defaultCompanySettings } from '@shared/schemas/companies';
import { LOGO_MESSAGES } from '@shared/schemas/company-logo';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompaniesDeps } from '../store/deps';
import { uploadCompanyLogo } from './company-logo';

useEnv({ BUCKET_DOCUMENTS: 'docs-bucket' });
const client = testDocumentClient();
const db = mockClient(client);
const s3 = mockClient(S3Client);
const T0 = new Date('2026-03-15T10:00:00Z');
const deps: CompaniesDeps = {
  db: client,
  table: 'cuadra',
  now: () => T0,
  newId: () => 'id1',
  appUrl: 'http://localhost:3000',
};
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const storedSettings = () =>
  db.commandCalls(UpdateCommand)[0]?.args[0].input.ExpressionAttributeValues?.[':s'] as
    | CompanySettings
    | undefined;

beforeEach(() => {
  db.reset();
  s3.reset();
  const previous = defaultCompanySettings();
  previous.invoicing.logo = {
    s3Key: 'logos/co-1/old.png',
    contentType: 'image/png',
    fileName: 'viejo.png',
    uploadedAt: '2025-01-01T00:00:00.000Z',
  };
  db.on(GetCommand).resolves({ Item: { settings: previous } });
  db.on(UpdateCommand).resolves({});
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
});

describe('PUT /companies/{companyId}/logo', () => {
  it('stores only the normalised copy and says so in the settings', async () => {
    const settings = await uploadCompanyLogo(
      'co-1',
      { fileName: 'logo.png', contentBase64: b64(pngOf(1200, 600, true)) },
      deps,
    );

    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(1);
    expect(put.ContentType).toBe('image/png');
    expect(imageHeader(put.Body as Uint8Array)).toEqual({ kind: 'png', width: 600, height: 300 });
    expect(settings.invoicing.logo).toEqual({
      s3Key: expect.stringMatching(/^logos\/co-1\/[0-9a-f]{16}\.png$/),
      contentType: 'image/png',
      fileName: 'logo.png',
      uploadedAt: T0.toISOString(),
      normalised: true,
      width: 600,
      height: 300,
    });
    expect(storedSettings()?.invoicing.logo).toEqual(settings.invoicing.logo);
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input.Key).toBe('logos/co-1/old.png');
  });

  it('stores a JPEG as a re-encoded JPEG', async () => {
    const settings = await uploadCompanyLogo(
      'co-1',
      { fileName: 'logo.jpg', contentBase64: b64(jpegOf(500, 200)) },
      deps,
    );
    expect(settings.invoicing.logo).toMatchObject({ contentType: 'image/jpeg', width: 500, height: 200 });
    expect(settings.invoicing.logo?.s3Key).toMatch(/\.jpg$/);
  });

  it('refuses a decompression bomb with the spec message, storing and changing nothing', async () => {
    await expect(
      uploadCompanyLogo('co-1', { fileName: 'logo.png', contentBase64: b64(pngBomb(30_000, 30_000)) }, deps),
    ).rejects.toMatchObject({ code: 'CORE_004', message: LOGO_MESSAGES.TOO_LARGE });
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
