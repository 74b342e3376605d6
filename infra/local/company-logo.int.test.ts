/**
 * The invoice logo against the local cloud: uploaded as a browser form (checked by its bytes),
 * stored and served back as its normalised copy, printed on the invoice PDF, refused when it is
 * not a PNG/JPEG (nothing changed) or is a decompression bomb, and removed. Company demo-panaderia-espiga (its seeded invoices give a confirmed one to print).
 * Logos stored before uploads were normalised (planted in the table and the bucket as the old
 * upload left them, on two fresh companies of the demo gestor) are found again by the nightly
 * `company-logos-backfill` schedule (run through the dev endpoint): a PNG is normalised and served,
 * a bomb is rejected with the rule's message and the staff told once; a second run changes nothing.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { pngBomb, pngOf } from '@functions/lib/images/test-fixtures';
import { localClientConfig } from '@infra/local/aws';
import { apiClient } from '@infra/local/testing/api';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import { cifControl } from '@shared/fiscal/nif';
import { imageHeader } from '@shared/images/image-header';
import { type CompanyLogo, type CompanySettings, defaultCompanySettings } from '@shared/schemas/companies';
import { LOGO_MESSAGES } from '@shared/schemas/company-logo';
import type { Invoice } from '@shared/schemas/invoices';
import type { Notification } from '@shared/schemas/notifications';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const COMPANY = 'demo-panaderia-espiga';
const LOGO_PNG = Buffer.from(pngOf(240, 120, true));

async function imageCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .length;
}

describe('company invoice logo (local cloud)', () => {
  let token: string;
  const raw = (method: string, path: string, init: RequestInit = {}) =>
    fetch(new URL(path, cloud.url), {
      method,
      ...init,
      headers: { authorization: `Bearer ${token}`, 'x-company-id': COMPANY, ...(init.headers ?? {}) },
    });

  beforeAll(async () => {
    token = await api.login('gestor@cuadra.test');
  });

  it('uploads a PNG as a form, serves it back and prints it on the invoice; removes it', async () => {
    const form = new FormData();
    form.append('file', new Blob([LOGO_PNG], { type: 'image/png' }), 'logo.png');
    const put = await raw('PUT', `/api/v1/companies/${COMPANY}/logo`, { body: form });
    const settings = ((await put.json()) as { data: CompanySettings }).data;
    expect(put.status).toBe(200);
    expect(settings.invoicing.logo).toMatchObject({
      contentType: 'image/png',
      fileName: 'logo.png',
      normalised: true,
      width: 240,
      height: 120,
    });

    // What is served (and printed) is the normalised copy: our own encoding of the same pixels.
    const got = await raw('GET', `/api/v1/companies/${COMPANY}/logo`, { headers: { accept: 'image/png' } });
    expect(got.status).toBe(200);
    expect(imageHeader(new Uint8Array(await got.arrayBuffer()))).toEqual({
      kind: 'png',
      width: 240,
      height: 120,
    });

    const list = await api.request<Page<Invoice>>('GET', '/api/v1/invoices', {
      token,
      companyId: COMPANY,
      query: { status: 'CONFIRMED', size: '1' },
    });
    const invoiceId = list.body.data!.content[0]!.invoiceId;
    const pdf = await raw('GET', `/api/v1/invoices/${invoiceId}/pdf`, {
      headers: { accept: 'application/pdf' },
    });
    expect(await imageCount(new Uint8Array(await pdf.arrayBuffer()))).toBeGreaterThan(0);

    const del = await api.request<CompanySettings>('DELETE', `/api/v1/companies/${COMPANY}/logo`, {
      token,
      companyId: COMPANY,
    });
    expect(del.body.data!.invoicing.logo).toBeNull();
    expect((await raw('GET', `/api/v1/companies/${COMPANY}/logo`)).status).toBe(404);
  });

  it('refuses a file that is not a PNG or JPEG whatever its name, leaving the settings as they were', async () => {
    const res = await api.request('PUT', `/api/v1/companies/${COMPANY}/logo`, {
      token,
      companyId: COMPANY,
      body: { fileName: 'logo.png', contentBase64: Buffer.from('GIF89a not a png').toString('base64') },
    });

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', message: LOGO_MESSAGES.TYPE_NOT_ALLOWED });
    const settings = await api.request<CompanySettings>('GET', `/api/v1/companies/${COMPANY}/settings`, {
      token,
      companyId: COMPANY,
    });
    expect(settings.body.data!.invoicing.logo).toBeNull();
  });

  it('refuses a decompression bomb at once, and the server keeps answering', async () => {
    const contentBase64 = Buffer.from(pngBomb(40_000, 40_000)).toString('base64');
    const started = Date.now();
    const res = await api.request('PUT', `/api/v1/companies/${COMPANY}/logo`, {
      token,
      companyId: COMPANY,
      body: { fileName: 'logo.png', contentBase64 },
    });

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', message: LOGO_MESSAGES.TOO_LARGE });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('legacy logos (schedule company-logos-backfill)', () => {
  const env = cloud.env;
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient(localClientConfig(env.AWS_ENDPOINT_URL_DYNAMODB!)),
  );
  const s3 = new S3Client({ ...localClientConfig(env.AWS_ENDPOINT_URL_S3!), forcePathStyle: true });
  let token: string;
  let pngCompany: string;
  let bombCompany: string;

  const freshCif = () => {
    const seven = String((Date.now() * 7 + Math.floor(Math.random() * 1e6)) % 10_000_000).padStart(7, '0');
    return `B${seven}${cifControl(seven).digit}`;
  };
  const call = async <T>(method: string, path: string, companyId = '', body?: unknown) => {
    const res = await api.request<T>(method, path, { token, companyId, body });
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const settingsOf = async (companyId: string) =>
    (await db.send(new GetCommand({ TableName: env.TABLE_NAME!, Key: keys.companySettings(companyId) }))).Item
      ?.settings as CompanySettings;
  const runBackfill = async () => {
    const res = await fetch(`${cloud.url}/_dev/schedules/company-logos-backfill/run`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
  };
  const rejectionsFor = async (companyId: string) =>
    (await call<Page<Notification>>('GET', '/api/v1/notifications', companyId)).content.filter(
      (n) => n.type === 'invoice_logo_rejected',
    );

  /** What an upload stored before normalisation: the original bytes and a record without the mark. */
  async function plantLegacyLogo(
    companyId: string,
    fileName: string,
    bytes: Uint8Array,
  ): Promise<CompanyLogo> {
    const logo: CompanyLogo = {
      s3Key: `logos/${companyId}/legacy-${fileName}`,
      contentType: 'image/png',
      fileName,
      uploadedAt: '2025-06-01T00:00:00.000Z',
    };
    await s3.send(
      new PutObjectCommand({
        Bucket: env.BUCKET_DOCUMENTS,
        Key: logo.s3Key,
        Body: bytes,
        ContentType: 'image/png',
      }),
    );
    const settings = defaultCompanySettings();
    settings.invoicing.logo = logo;
    await db.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME!,
        Key: keys.companySettings(companyId),
        UpdateExpression: 'SET entity = :e, settings = :s, updatedAt = :u',
        ExpressionAttributeValues: { ':e': 'CompanySettings', ':s': settings, ':u': logo.uploadedAt },
      }),
    );
    return logo;
  }

  beforeAll(async () => {
    token = await api.login('gestor@cuadra.test');
    const address = { street: 'Calle Mayor 1', postalCode: '46001', city: 'Valencia', province: 'Valencia' };
    const create = (name: string) =>
      call<{ companyId: string }>('POST', '/api/v1/companies', '', {
        name,
        nif: freshCif(),
        companyType: 'SL',
        address,
      });
    pngCompany = (await create('Logotipo Antiguo SL')).companyId;
    bombCompany = (await create('Logotipo Bomba SL')).companyId;
  });

  it('normalises a legacy PNG, rejects a legacy bomb telling the staff once, and a second run changes nothing', async () => {
    await plantLegacyLogo(pngCompany, 'viejo.png', pngOf(1200, 600, true));
    const bomb = await plantLegacyLogo(bombCompany, 'bomba.png', pngBomb(40_000, 40_000));
    // Before the backfill the legacy PNG is served as it was stored (a 1200 px original).
    const before = await fetch(new URL(`/api/v1/companies/${pngCompany}/logo`, cloud.url), {
      headers: { authorization: `Bearer ${token}`, 'x-company-id': pngCompany, accept: 'image/png' },
    });
    expect(imageHeader(new Uint8Array(await before.arrayBuffer()))).toMatchObject({ width: 1200 });

    await runBackfill();

    const png = (await settingsOf(pngCompany)).invoicing.logo;
    expect(png).toMatchObject({ fileName: 'viejo.png', normalised: true, width: 600, height: 300 });
    const served = await fetch(new URL(`/api/v1/companies/${pngCompany}/logo`, cloud.url), {
      headers: { authorization: `Bearer ${token}`, 'x-company-id': pngCompany, accept: 'image/png' },
    });
    expect(served.status).toBe(200);
    expect(imageHeader(new Uint8Array(await served.arrayBuffer()))).toEqual({
      kind: 'png',
      width: 600,
      height: 300,
    });

    const rejected = (await settingsOf(bombCompany)).invoicing.logo;
    expect(rejected).toEqual({
      ...bomb,
      rejected: { reason: 'TOO_LARGE', message: LOGO_MESSAGES.TOO_LARGE, at: expect.any(String) },
    });
    const bombServed = await fetch(new URL(`/api/v1/companies/${bombCompany}/logo`, cloud.url), {
      headers: { authorization: `Bearer ${token}`, 'x-company-id': bombCompany },
    });
    expect(bombServed.status).toBe(404);
    expect(await rejectionsFor(bombCompany)).toEqual([
      expect.objectContaining({
        title: 'Logotipo retirado de las facturas',
        message: expect.stringContaining(LOGO_MESSAGES.TOO_LARGE),
        link: `/app/companies/${bombCompany}`,
      }),
    ]);
    expect(await rejectionsFor(pngCompany)).toEqual([]);

    const [pngAfter, bombAfter] = [await settingsOf(pngCompany), await settingsOf(bombCompany)];
    await runBackfill();
    expect(await settingsOf(pngCompany)).toEqual(pngAfter);
    expect(await settingsOf(bombCompany)).toEqual(bombAfter);
    expect(await rejectionsFor(bombCompany)).toHaveLength(1);
  });
});
