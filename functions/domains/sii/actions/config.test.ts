import { keys } from '@shared/db/keys';
import type { SiiConfig } from '@shared/schemas/sii';
import { describe, expect, it } from 'vitest';
import {
  COMPANY,
  entry,
  GESTOR,
  NO_SII,
  OTHER,
  OWNER,
  STRANGER,
  siiApiHarness,
} from '../testing/api-harness';
import type { SiiConfigView } from './get-config';
import type { SiiConnectionTest } from './test-connection';

const h = siiApiHarness();
const params = { companyId: COMPANY };
const storedConfig = () => h.table.get(keys.siiConfig(COMPANY)) as unknown as SiiConfig | undefined;

describe('GET /companies/{companyId}/sii-config', () => {
  it('answers the defaults, not configured, until the company saves one', async () => {
    const res = await h.call<SiiConfigView>(OWNER, { routeId: 'sii.getConfig', params });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      companyId: COMPANY,
      configured: false,
      environment: 'TEST',
      submissionMode: 'AUTOMATIC',
      holdUnapprovedReceived: false,
      certificateId: null,
      effectiveCertificateId: null,
    });
  });

  it("falls back to the VeriFacTu configuration's certificate", async () => {
    h.table.put({ ...keys.verifactuConfig(COMPANY), entity: 'VerifactuConfig', certificateId: 'cert-vf' });
    const res = await h.call<SiiConfigView>(OWNER, { routeId: 'sii.getConfig', params });
    expect(res.envelope.data?.effectiveCertificateId).toBe('cert-vf');
  });

  it('refuses a company outside the SII with a clear message', async () => {
    const res = await h.call(OWNER, { routeId: 'sii.getConfig', params: { companyId: NO_SII } });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', details: { reason: 'SII_NOT_ENABLED' } });
    expect(res.envelope.error?.message).toContain('no está dada de alta en el SII');
  });

  it("refuses another company's configuration (not a member)", async () => {
    const res = await h.call(STRANGER, { routeId: 'sii.getConfig', params });
    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_003');
  });
});

describe('PUT /companies/{companyId}/sii-config', () => {
  it('creates the configuration from the defaults with the fields sent', async () => {
    await h.putCertificate(COMPANY, 'cert-1');
    const res = await h.call<SiiConfigView>(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: {
        certificateId: 'cert-1',
        representative: { name: 'Asesores Fiscales SL', nif: 'b87654323' },
        submissionMode: 'MANUAL',
      },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      configured: true,
      certificateId: 'cert-1',
      effectiveCertificateId: 'cert-1',
      environment: 'TEST',
      submissionMode: 'MANUAL',
      representative: { name: 'Asesores Fiscales SL', nif: 'B87654323' },
    });
    expect(storedConfig()).toMatchObject({ certificateId: 'cert-1', submissionMode: 'MANUAL' });
  });

  it("refuses a certificate that is not the company's (another company's id)", async () => {
    await h.putCertificate(OTHER, 'cert-other');
    const res = await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { certificateId: 'cert-other' },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'certificateId' });
    expect(storedConfig()).toBeUndefined();
  });

  it('refuses an expired certificate, and a test certificate for PRODUCTION', async () => {
    await h.putCertificate(COMPANY, 'cert-old', { validTo: '2027-01-31T00:00:00.000Z' });
    const expired = await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { certificateId: 'cert-old' },
    });
    expect(expired.status).toBe(400);
    expect(expired.envelope.error).toMatchObject({
      code: 'TAX_025',
      field: 'certificateId',
      details: { reason: 'CERTIFICATE_EXPIRED' },
    });
    expect(expired.envelope.error?.message).toContain('31/01/2027');

    await h.putCertificate(COMPANY, 'cert-test');
    const production = await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { certificateId: 'cert-test', environment: 'PRODUCTION' },
    });
    expect(production.status).toBe(400);
    expect(production.envelope.error?.details).toMatchObject({ reason: 'CERTIFICATE_NOT_QUALIFIED' });

    await h.putCertificate(COMPANY, 'cert-fnmt', { qualifiedCa: 'FNMT-RCM' });
    const ok = await h.call<SiiConfigView>(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { certificateId: 'cert-fnmt', environment: 'PRODUCTION' },
    });
    expect(ok.status).toBe(200);
    expect(ok.envelope.data?.environment).toBe('PRODUCTION');
  });

  it('checks the fallback certificate when only the environment changes', async () => {
    await h.putCertificate(COMPANY, 'cert-vf');
    h.table.put({ ...keys.verifactuConfig(COMPANY), entity: 'VerifactuConfig', certificateId: 'cert-vf' });
    const res = await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { environment: 'PRODUCTION' },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.error?.details).toMatchObject({ reason: 'CERTIFICATE_NOT_QUALIFIED' });
  });

  it('refuses bad input naming the field', async () => {
    const mode = await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { submissionMode: 'SOMETIMES' },
    });
    expect(mode.status).toBe(400);
    expect(mode.envelope.error).toMatchObject({ code: 'CORE_004', field: 'submissionMode' });
    const nif = await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { representative: { name: 'Asesores', nif: 'B12345670' } },
    });
    expect(nif.status).toBe(400);
    expect(nif.envelope.error).toMatchObject({ code: 'CORE_004', field: 'representative.nif' });
    const unknown = await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: { enabled: true } });
    expect(unknown.status).toBe(400);
    const notJson = await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: '{nope' });
    expect(notJson.status).toBe(400);
    expect(notJson.envelope.error?.field).toBe('body');
  });

  it('refuses a company outside the SII', async () => {
    const res = await h.call(OWNER, {
      routeId: 'sii.updateConfig',
      params: { companyId: NO_SII },
      body: { submissionMode: 'MANUAL' },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.error?.details).toMatchObject({ reason: 'SII_NOT_ENABLED' });
  });

  it('queues the records MANUAL mode kept waiting when it becomes AUTOMATIC, and wakes the sender', async () => {
    await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: { submissionMode: 'MANUAL' } });
    await h.putEntry(entry('inv-1', 'NOT_SENT'));
    await h.putEntry(entry('inv-2', 'NOT_SENT', { held: true }));
    await h.putEntry(entry('inv-3', 'NOT_SENT', { withdrawn: true, pendingOperation: null }));
    const before = h.wakeups.length;
    const res = await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { submissionMode: 'AUTOMATIC' },
    });
    expect(res.status).toBe(200);
    expect(h.stored(COMPANY, 'FE', 'inv-1')?.status).toBe('QUEUED');
    expect(h.stored(COMPANY, 'FE', 'inv-2')?.status).toBe('NOT_SENT');
    expect(h.stored(COMPANY, 'FE', 'inv-3')?.status).toBe('NOT_SENT');
    expect(h.wakeups).toHaveLength(before + 1);
    expect(h.wakeups.at(-1)).toMatchObject({
      MessageGroupId: COMPANY,
      MessageBody: JSON.stringify({ companyId: COMPANY }),
    });
  });

  it('wakes the sender when a configuration is saved: records queued without one can go', async () => {
    await h.putEntry(entry('inv-1', 'QUEUED'));
    const before = h.wakeups.length;
    await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: { environment: 'TEST' } });
    expect(h.wakeups).toHaveLength(before + 1);
  });

  it('releases the held received invoices when holding is switched off', async () => {
    await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: { holdUnapprovedReceived: true } });
    await h.putEntry(entry('rec-1', 'NOT_SENT', { book: 'FR', held: true }));
    await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: { holdUnapprovedReceived: false } });
    expect(h.stored(COMPANY, 'FR', 'rec-1')).toMatchObject({ status: 'QUEUED', held: false });
  });

  it('refuses a save based on a configuration someone changed meanwhile (409)', async () => {
    await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: { submissionMode: 'MANUAL' } });
    // Another save lands between this request's read and write.
    h.table.failWhen((command, input) => {
      if (command !== 'Put' || (input as { Item?: { entity?: string } }).Item?.entity !== 'SiiConfig')
        return undefined;
      h.table.failWhen(undefined);
      h.table.put({ ...h.table.get(keys.siiConfig(COMPANY))!, updatedAt: '2027-03-17T09:30:00.000Z' });
      return undefined;
    });
    const res = await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params,
      body: { submissionMode: 'AUTOMATIC' },
    });
    expect(res.status).toBe(409);
    expect(res.envelope.error?.code).toBe('CONCURRENT_UPDATE');
  });
});

describe('POST /companies/{companyId}/sii-config/test-connection', () => {
  it('asks the AEAT with the certificate and keeps the result on the configuration', async () => {
    await h.putCertificate(COMPANY, 'cert-1');
    await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: { certificateId: 'cert-1' } });
    const before = storedConfig()!.updatedAt;
    const res = await h.call<SiiConnectionTest>(GESTOR, { routeId: 'sii.testConnection', params });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      ok: true,
      environment: 'TEST',
      at: '2027-03-17T09:00:00.000Z',
    });
    expect(h.aeat.current.calls).toEqual([
      { service: 'FE', period: '2027-03', invoiceNumber: expect.any(String) },
    ]);
    expect(storedConfig()).toMatchObject({ lastConnectionTest: { ok: true }, updatedAt: before });
    // The exchange is archived and listed among the submissions (a ConsultaLR).
    expect([...h.archived.keys()].every((k) => k.startsWith(`${COMPANY}/2027/03/`))).toBe(true);
    expect(h.table.all('SiiSubmission')).toEqual([
      expect.objectContaining({ operation: 'CONSULTA', status: 'ACCEPTED' }),
    ]);
  });

  it('answers ok: false with the reason when there is no certificate, and keeps it', async () => {
    const res = await h.call<SiiConnectionTest>(OWNER, { routeId: 'sii.testConnection', params });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.ok).toBe(false);
    expect(res.envelope.data?.message).toContain('No hay certificado');
    expect(h.aeat.current.calls).toHaveLength(0);
    expect(storedConfig()?.lastConnectionTest).toMatchObject({ ok: false });
  });

  it('answers ok: false when the AEAT does not answer', async () => {
    await h.putCertificate(COMPANY, 'cert-1');
    await h.call(GESTOR, { routeId: 'sii.updateConfig', params, body: { certificateId: 'cert-1' } });
    h.aeat.current.failure = Object.assign(new Error('timeout'), {
      name: 'SiiTransportError',
      detail: 'La AEAT no ha respondido en 15 segundos',
    });
    const res = await h.call<SiiConnectionTest>(GESTOR, { routeId: 'sii.testConnection', params });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      ok: false,
      message: 'La AEAT no ha respondido en 15 segundos',
    });
  });

  it('refuses a company outside the SII', async () => {
    const res = await h.call(OWNER, { routeId: 'sii.testConnection', params: { companyId: NO_SII } });
    expect(res.status).toBe(400);
  });
});
