/**
 * VeriFacTu configuration and certificates against the local cloud (issue 5, item 6): the demo
 * gestor creates a fresh company, uploads a test .p12 as a browser form (sealed with the local key
 * file), lists it, creates and updates the configuration (the company's verifactuEnabled flag
 * follows in the same transaction), cannot delete the certificate while the enabled configuration
 * uses it, tests the connection against the AEAT simulator over mutual TLS; a CLIENTE is refused.
 */

import fs from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { makeTestP12 } from '@functions/domains/verifactu/testing/certificates';
import { envNames } from '@infra/manifest';
import { keys } from '@shared/db/keys';
import { cifControl } from '@shared/fiscal/nif';
import type {
  CertificateUsage,
  CertificateView,
  ConnectionTestResult,
  VerifactuConfig,
} from '@shared/schemas/verifactu';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
);
const simulatorWired = Boolean(cloud.env[envNames.aeatEndpoint] && cloud.aeatSimulator);

const run = Date.now().toString(36).toUpperCase().slice(-4);
const freshCif = () => {
  const seven = String((Date.now() * 13 + Math.floor(Math.random() * 1e6)) % 10_000_000).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const PASSWORD = `Clave-${run}-p12`;

describe('VeriFacTu configuration and certificates (local cloud)', () => {
  let gestor: string;
  let companyId: string;
  let nif: string;
  let p12: Buffer;
  let certificateId: string;

  const as = (token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) =>
    api.request(method, path, {
      token,
      companyId,
      ...(body === undefined ? {} : { body }),
      ...(query ? { query } : {}),
    });
  const data = async <T>(p: ReturnType<typeof as>): Promise<T> => {
    const res = await p;
    if (!res.body.success) throw new Error(`${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data as T;
  };
  const companyFlag = async () =>
    (await data<{ verifactuEnabled: boolean }>(as(gestor, 'GET', `/api/v1/companies/${companyId}`)))
      .verifactuEnabled;

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    const company = await api.request<{ companyId: string; nif: string }>('POST', '/api/v1/companies', {
      token: gestor,
      body: {
        name: `Certificados ${run} SL`,
        nif: freshCif(),
        companyType: 'SL',
        address: {
          street: 'Calle Mayor 1',
          postalCode: '46001',
          city: 'Valencia',
          province: 'Valencia',
          country: 'ES',
        },
        siiEnabled: false,
      },
    });
    if (!company.body.success) throw new Error(JSON.stringify(company.body.error));
    companyId = company.body.data!.companyId;
    nif = company.body.data!.nif;
    p12 = makeTestP12({ nif, name: `CERTIFICADOS ${run} SL`, password: PASSWORD });
  });

  it('has no configuration at first (200, null)', async () => {
    const res = await as(gestor, 'GET', `/api/v1/companies/${companyId}/verifactu-config`);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });

  it('uploads the .p12 as multipart/form-data, sealed in the table, and lists it', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(p12)], { type: 'application/x-pkcs12' }), 'empresa.p12');
    form.append('password', PASSWORD);
    const res = await fetch(new URL(`/api/v1/companies/${companyId}/certificates`, cloud.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId },
      body: form,
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(p12.toString('base64').slice(100, 160));
    const view = (JSON.parse(text) as { data: CertificateView }).data;
    expect(view).toMatchObject({ fileName: 'empresa.p12', holderNif: nif, status: 'VALID', inUse: false });
    certificateId = view.certificateId;

    // At rest: sealed with the local key file (no clear password or file in the item).
    const item = (
      await db.send(
        new GetCommand({
          TableName: cloud.env.TABLE_NAME!,
          Key: keys.verifactuCertificate(companyId, certificateId),
        }),
      )
    ).Item!;
    expect(item.sealed).toMatchObject({ alg: 'AES-256-GCM' });
    expect(String(item.sealed.keyRef)).toMatch(/^local:/);
    expect(JSON.stringify(item)).not.toContain(PASSWORD);
    const keyFile = cloud.env[envNames.certificatesLocalKeyFile]!;
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    const list = await data<CertificateView[]>(
      as(gestor, 'GET', `/api/v1/companies/${companyId}/certificates`),
    );
    expect(list.map((c) => c.certificateId)).toEqual([certificateId]);
  });

  it('refuses a wrong password and a file that is not a .p12', async () => {
    const wrong = await as(gestor, 'POST', `/api/v1/companies/${companyId}/certificates`, {
      file: { fileName: 'empresa.p12', contentBase64: p12.toString('base64') },
      password: 'otra',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      field: 'password',
      message: 'La contraseña del certificado no es correcta.',
    });
    const pdf = await as(gestor, 'POST', `/api/v1/companies/${companyId}/certificates`, {
      file: { fileName: 'empresa.p12', contentBase64: Buffer.from('%PDF-1.7').toString('base64') },
      password: PASSWORD,
    });
    expect(pdf.status).toBe(400);
    expect(pdf.body.error?.field).toBe('file');
  });

  it('creates and updates the configuration; the company flag follows', async () => {
    const created = await as(gestor, 'POST', `/api/v1/companies/${companyId}/verifactu-config`, {
      mode: 'VERIFACTU',
      environment: 'TEST',
      certificateId,
      enabled: false,
    });
    expect(created.status).toBe(201);
    expect(await companyFlag()).toBe(false);
    expect(
      (await as(gestor, 'POST', `/api/v1/companies/${companyId}/verifactu-config`, { enabled: false }))
        .status,
    ).toBe(409);

    const updated = await data<VerifactuConfig>(
      as(gestor, 'PUT', `/api/v1/companies/${companyId}/verifactu-config`, {
        enabled: true,
        representative: { name: 'Asesoría Martínez & Asociados', nif: 'B87654321' },
      }),
    );
    expect(updated).toMatchObject({ enabled: true, mode: 'VERIFACTU', certificateId, environment: 'TEST' });
    expect(await companyFlag()).toBe(true);
    const list = await data<CertificateView[]>(
      as(gestor, 'GET', `/api/v1/companies/${companyId}/certificates`),
    );
    expect(list[0]!.inUse).toBe(true);
  });

  it('refuses to delete the certificate while the enabled configuration uses it', async () => {
    const res = await as(gestor, 'DELETE', `/api/v1/companies/${companyId}/certificates/${certificateId}`);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('DOC_046');
  });

  it('refuses CLIENTE users: without membership (403) and without write permission (403)', async () => {
    const cliente = await api.login('cliente@cuadra.test');
    const foreign = await as(cliente, 'GET', `/api/v1/companies/${companyId}/certificates`);
    expect(foreign.status).toBe(403);
    // Its own company (VIEW_TAX_DOCUMENTS): may read, may not upload.
    const own = 'demo-panaderia-espiga';
    const read = await api.request('GET', `/api/v1/companies/${own}/certificates`, {
      token: cliente,
      companyId: own,
    });
    expect(read.status).toBe(200);
    const write = await api.request('POST', `/api/v1/companies/${own}/certificates`, {
      token: cliente,
      companyId: own,
      body: { file: { fileName: 'x.p12', contentBase64: p12.toString('base64') }, password: PASSWORD },
    });
    expect(write.status).toBe(403);
    expect(write.body.error?.code).toBe('CORE_002');
  });

  it.skipIf(!simulatorWired)('tests the connection against the AEAT simulator over mutual TLS', async () => {
    const result = await data<ConnectionTestResult>(
      as(gestor, 'POST', `/api/v1/companies/${companyId}/verifactu-config/test-connection`),
    );
    expect(result, result.message).toMatchObject({ ok: true, code: null });
    expect(result.message).toBe('Conexión correcta con el simulador local de la AEAT.');
    expect(result.endpoint).toBe(cloud.env[envNames.aeatEndpoint]);

    const config = await data<VerifactuConfig>(
      as(gestor, 'GET', `/api/v1/companies/${companyId}/verifactu-config`),
    );
    expect(config.lastConnectionTest).toEqual(result);
    const usage = await data<CertificateUsage[]>(
      as(gestor, 'GET', `/api/v1/companies/${companyId}/certificates/${certificateId}/usage`, undefined, {
        limit: '5',
      }),
    );
    expect(usage[0]).toMatchObject({ operation: 'TEST_CONNECTION', ok: true });
  });

  it('deletes the certificate once the configuration is switched off', async () => {
    await data(as(gestor, 'PUT', `/api/v1/companies/${companyId}/verifactu-config`, { enabled: false }));
    expect(await companyFlag()).toBe(false);
    const res = await as(gestor, 'DELETE', `/api/v1/companies/${companyId}/certificates/${certificateId}`);
    expect(res.status).toBe(200);
    const config = await data<VerifactuConfig>(
      as(gestor, 'GET', `/api/v1/companies/${companyId}/verifactu-config`),
    );
    expect(config.certificateId).toBeNull();
    expect(
      await data<CertificateView[]>(as(gestor, 'GET', `/api/v1/companies/${companyId}/certificates`)),
    ).toEqual([]);
  });
});
