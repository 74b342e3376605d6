/**
 * Filing through the submission gateway, the authorizations and the certificate check, through the
 * real pipeline over the in-memory table, with a stand-in gateway and an in-memory documents bucket:
 * the worked example's 303 (2T 2025) filed with the company's certificate and as colaborador social,
 * rejected, unanswered and retried, never filed twice.
 */

import { useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type {
  CertificateValidationView,
  GestoriaStatistics,
  SubmissionDetail,
  SubmissionStatistics,
} from '@shared/schemas/tax-filing';
import type { AuthorizationView, TaxModelView } from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { workedExample } from './testing/books';
import {
  certificateItem,
  fakeBucket,
  fakeGateway,
  makeClientP12,
  useLocalSecretBox,
} from './testing/filing-fakes';
import {
  type Caller,
  company,
  GESTOR,
  member,
  obligation,
  profile,
  taxModelsHarness,
} from './testing/harness';

const NOW = new Date('2025-07-10T09:00:00.000Z');
const h = taxModelsHarness(NOW);
useEnv({ VERIFACTU_PRODUCER_NIF: 'B00000034', VERIFACTU_PRODUCER_NAME: 'Cuadra Software SL' });
useLocalSecretBox();

const CO = 'co-consultor';
const NIF = '44444444A';
const FIRM = 'co-gestoria';
const FIRM_NIF = 'B87654323';
const MODEL = '2025-303-2T';
const PASSWORD = 'clave';
const p12 = makeClientP12({ nif: NIF, name: 'ANA CONSULTORA', password: PASSWORD });
const firmP12 = makeClientP12({ nif: FIRM_NIF, name: 'GESTORIA NORTE SL', password: PASSWORD });
const OTHER: Caller = { userId: 'u-other-gestor', groups: ['GESTOR'] };

let gateway: ReturnType<typeof fakeGateway>;
let bucket: ReturnType<typeof fakeBucket>;

const call = <T>(
  routeId: string,
  opts: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {},
  who: Caller = GESTOR,
) => h.call<T>(who, { routeId: routeId as never, ...opts });
const submit = (body: unknown = {}, who: Caller = GESTOR) =>
  call<SubmissionDetail>(
    'taxModels.submit',
    { params: { companyId: CO, modelType: '303', modelId: MODEL }, body },
    who,
  );
const getModel = async () =>
  (await call<TaxModelView>('taxModels.get', { params: { companyId: CO, modelType: '303', modelId: MODEL } }))
    .envelope.data!;
const item = (key: { pk: string; sk: string }) => h.table.get(key) as Record<string, unknown> | undefined;

const cert = (companyId: string, nif: string, over: Record<string, unknown> = {}, secret = p12) =>
  certificateItem(
    {
      certificateId: `cert-${companyId}`,
      companyId,
      subject: `CN=${nif === NIF ? 'ANA CONSULTORA' : 'GESTORIA NORTE SL'} - ${nif}`,
      holderNif: nif,
      validFrom: '2025-01-01T00:00:00.000Z',
      validTo: '2026-01-01T00:00:00.000Z',
      ...over,
    },
    { p12: secret, password: PASSWORD },
  );

beforeEach(async () => {
  h.table.reset();
  gateway = fakeGateway();
  bucket = fakeBucket();
  Object.assign(h.deps, { s3: bucket.s3, gateway });
  h.table.put(company(CO, 'Ana Consultora', { nif: NIF, companyType: 'AUTONOMO' }));
  h.table.put(member(CO, GESTOR.userId, 'GESTOR'));
  h.table.put(member(CO, OTHER.userId, 'GESTOR'));
  h.table.put(profile(CO, 'AUTONOMO', {}, 2025));
  h.table.put(obligation(CO, '303', '2T', 2025, '2025-07-21'));
  h.table.put(company(FIRM, 'Gestoría Norte SL', { nif: FIRM_NIF }));
  h.table.put(member(FIRM, GESTOR.userId, 'OWNER'));
  h.table.put(await cert(FIRM, FIRM_NIF, {}, firmP12));
  await workedExample(h, CO);
  const generated = await call('taxModels.generate', {
    params: { companyId: CO, modelType: '303' },
    body: { year: 2025, period: '2T' },
  });
  expect(generated.status).toBe(201);
});

describe('submit with the company’s certificate', () => {
  it('files the exact AEAT file, records the CSV, and the model and its obligation become SUBMITTED', async () => {
    h.table.put(await cert(CO, NIF));

    const res = await submit({ mode: 'CERTIFICATE' });

    expect(res.status).toBe(201);
    const s = res.envelope.data!;
    expect(s).toMatchObject({
      submissionId: `${MODEL}-001`,
      state: 'ACCEPTED',
      mode: 'CERTIFICATE',
      csv: 'ABCDEFGHJK000001',
      receiptNumber: '3030000000001',
      attempts: 1,
      companyNif: NIF,
      result: { type: 'I', amountCents: 124_760 },
      retryable: false,
    });
    // What reached the AEAT: the company's own certificate, the submission's id as request id, the 303 file.
    const [sent] = gateway.submits;
    expect(sent).toMatchObject({
      companyNif: NIF,
      modelType: '303',
      year: 2025,
      period: '2T',
      requestId: `${NIF}-${MODEL}-001`,
    });
    expect(sent!.certificate!.pfx.equals(p12)).toBe(true);
    expect(sent!.collaborator).toBeUndefined();
    expect(sent!.file.toString('latin1').startsWith('<T303020252T0000><AUX>')).toBe(true);
    // The same bytes are kept in the documents bucket and downloadable.
    const file = await h.raw(GESTOR, {
      routeId: 'taxSubmissions.file',
      params: { companyId: CO, submissionId: s.submissionId },
    });
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.body, 'base64').equals(sent!.file)).toBe(true);

    const model = await getModel();
    expect(model).toMatchObject({
      status: 'SUBMITTED',
      reference: 'ABCDEFGHJK000001',
      submissionId: s.submissionId,
    });
    expect(item(keys.taxObligation(CO, 2025, MODEL))).toMatchObject({
      status: 'SUBMITTED',
      reference: 'ABCDEFGHJK000001',
    });
    expect(item(keys.taxAlert(CO, `${MODEL}#submitted`))).toMatchObject({
      type: 'submitted',
      status: 'ACTIVE',
    });

    // Filed once: a second submit is refused, whatever the mode.
    const again = await submit({ mode: 'CERTIFICATE' });
    expect(again.status).toBe(409);
    expect(again.envelope.error).toMatchObject({ code: 'TAX_022' });
    expect(gateway.submits).toHaveLength(1);
  });

  it('keeps the AEAT’s justificante PDF for download', async () => {
    h.table.put(await cert(CO, NIF));
    const pdf = Buffer.from('%PDF-1.7 justificante');
    gateway.answer({
      outcome: 'ACCEPTED',
      csv: 'CSV0000000000001',
      receiptNumber: '3031111111111',
      presentedAt: '2025-07-10T11:00:00+02:00',
      receiptPdf: pdf,
    });
    const s = (await submit()).envelope.data!;
    expect(s.hasReceipt).toBe(true);
    const res = await h.raw(GESTOR, {
      routeId: 'taxSubmissions.file',
      params: { companyId: CO, submissionId: s.submissionId },
      query: { kind: 'justificante' },
    });
    expect(res.headers?.['content-type']).toBe('application/pdf');
    expect(Buffer.from(res.body, 'base64').equals(pdf)).toBe(true);
  });

  it('without a valid certificate: 400 TAX_025 and nothing is sent', async () => {
    const none = await submit();
    expect(none.status).toBe(400);
    expect(none.envelope.error).toMatchObject({ code: 'TAX_025', details: { reason: 'NO_CERTIFICATE' } });

    h.table.put(await cert(CO, NIF, { validTo: '2025-06-30T00:00:00.000Z' }));
    const expired = await submit();
    expect(expired.envelope.error).toMatchObject({
      code: 'TAX_025',
      details: { reason: 'INVALID_CERTIFICATE' },
    });
    expect(expired.envelope.error!.message).toContain('El certificado caducó el 30/06/2025.');

    h.table.put(await cert(CO, '12345678Z', { certificateId: `cert-${CO}`, subject: 'CN=OTRO - 12345678Z' }));
    const other = await submit();
    expect(other.envelope.error!.message).toContain('no del NIF 44444444A');
    expect(gateway.submits).toHaveLength(0);
  });

  it('refuses a model with validation errors', async () => {
    h.table.put(await cert(CO, NIF));
    const stored = h.table.get(keys.taxModel(CO, 2025, MODEL)) as Record<string, unknown>;
    h.table.put({
      ...stored,
      issues: [{ code: 'IBAN_REQUIRED', message: 'Falta el IBAN', severity: 'ERROR' }],
    });
    const res = await submit();
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', details: { reason: 'VALIDATION_ERRORS' } });
  });
});

describe('rejected, unanswered, retried', () => {
  beforeEach(async () => {
    h.table.put(await cert(CO, NIF));
  });

  it('a rejection records the AEAT’s errors and an error alert; the corrected model is filed anew', async () => {
    gateway.answer({
      outcome: 'REJECTED',
      errors: [{ code: '1002', message: 'La página 01000 mide 1580 caracteres' }],
    });
    const rejected = (await submit()).envelope.data!;
    expect(rejected).toMatchObject({ state: 'REJECTED', retryable: false, errors: [{ code: '1002' }] });
    expect((await getModel()).status).toBe('MODEL_GENERATED');
    expect(item(keys.taxAlert(CO, `${MODEL}#error`))).toMatchObject({
      type: 'error',
      priority: 'high',
      status: 'ACTIVE',
      message:
        'No se pudo completar la declaración. La AEAT rechazó la presentación: [1002] La página 01000 mide 1580 caracteres',
    });
    const retry = await call('taxSubmissions.retry', {
      params: { companyId: CO, submissionId: rejected.submissionId },
    });
    expect(retry.status).toBe(409);

    const accepted = (await submit()).envelope.data!;
    expect(accepted).toMatchObject({ submissionId: `${MODEL}-002`, state: 'ACCEPTED' });
    expect(item(keys.taxAlert(CO, `${MODEL}#error`))).toMatchObject({
      status: 'RESOLVED',
      resolvedBy: 'system',
    });
  });

  it('no answer after sending: ERROR, a new submit is refused, the retry asks first and finds it filed', async () => {
    gateway.answer({ throws: 'connection-lost', requestSent: true });
    const lost = (await submit()).envelope.data!;
    expect(lost).toMatchObject({
      state: 'ERROR',
      retryable: true,
      ambiguous: true,
      errors: [{ code: 'TAX_024' }],
    });
    expect(item(keys.taxAlert(CO, `${MODEL}#error`))).toMatchObject({ status: 'ACTIVE' });

    const blocked = await submit();
    expect(blocked.status).toBe(409);
    expect(blocked.envelope.error!.message).toContain('reinténtala');

    // The AEAT had registered it (same request id): recovered without sending it again.
    gateway.setFiled({
      filed: true,
      csv: 'RECOVERED0000001',
      receiptNumber: '3032222222222',
      presentedAt: '2025-07-10T11:01:00+02:00',
      requestId: `${NIF}-${lost.submissionId}`,
    });
    const retried = await call<SubmissionDetail>('taxSubmissions.retry', {
      params: { companyId: CO, submissionId: lost.submissionId },
    });
    expect(retried.status).toBe(200);
    expect(retried.envelope.data).toMatchObject({ state: 'ACCEPTED', csv: 'RECOVERED0000001', attempts: 2 });
    expect(gateway.statuses).toHaveLength(1);
    expect(gateway.submits).toHaveLength(1);
    expect((await getModel()).reference).toBe('RECOVERED0000001');
  });

  it('the retry sends the same bytes with the same request id when the AEAT does not have it', async () => {
    gateway.answer({ throws: 'timeout', requestSent: true });
    const lost = (await submit()).envelope.data!;
    const retried = await call<SubmissionDetail>('taxSubmissions.retry', {
      params: { companyId: CO, submissionId: lost.submissionId },
    });
    expect(retried.envelope.data).toMatchObject({ state: 'ACCEPTED', attempts: 2 });
    expect(gateway.statuses).toHaveLength(1);
    expect(gateway.submits).toHaveLength(2);
    expect(gateway.submits[1]!.requestId).toBe(gateway.submits[0]!.requestId);
    expect(gateway.submits[1]!.file.equals(gateway.submits[0]!.file)).toBe(true);
  });

  it('a period filed by someone else is not claimed: REJECTED with the justificante found', async () => {
    gateway.answer({ throws: 'http', requestSent: true });
    const lost = (await submit()).envelope.data!;
    gateway.setFiled({
      filed: true,
      csv: 'OTHERCSV00000001',
      receiptNumber: '3039999999999',
      presentedAt: 'x',
      requestId: 'sede',
    });
    const retried = (
      await call<SubmissionDetail>('taxSubmissions.retry', {
        params: { companyId: CO, submissionId: lost.submissionId },
      })
    ).envelope.data!;
    expect(retried).toMatchObject({ state: 'REJECTED', errors: [{ code: 'ALREADY_FILED' }] });
    expect(retried.errors[0]!.message).toContain('justificante 3039999999999');
    expect((await getModel()).status).toBe('MODEL_GENERATED');
  });

  it('a failure before sending is retried without asking', async () => {
    gateway.answer({ throws: 'tls-error', requestSent: false });
    const lost = (await submit()).envelope.data!;
    expect(lost.ambiguous).toBe(false);
    await call('taxSubmissions.retry', { params: { companyId: CO, submissionId: lost.submissionId } });
    expect(gateway.statuses).toHaveLength(0);
    expect(gateway.submits).toHaveLength(2);
  });
});

describe('submit as colaborador social', () => {
  const authorize = (body: Record<string, unknown> = {}) =>
    call<AuthorizationView>('taxAuthorizations.create', {
      params: { companyId: CO },
      body: {
        collaboratorNif: FIRM_NIF,
        collaboratorName: 'Gestoría Norte SL',
        models: ['303'],
        validUntil: '2026-06-30',
        ...body,
      },
    });

  it('needs an ACTIVE authorization covering the model: 403 otherwise', async () => {
    const none = await submit({ mode: 'COLLABORATOR' });
    expect(none.status).toBe(403);
    expect(none.envelope.error).toMatchObject({ code: 'CORE_002', details: { reason: 'NO_AUTHORIZATION' } });

    const a = (await authorize({ models: ['349'] })).envelope.data!;
    const wrongModel = await submit({ mode: 'COLLABORATOR', authorizationId: a.authorizationId });
    expect(wrongModel.envelope.error).toMatchObject({
      code: 'CORE_002',
      details: { reason: 'MODEL_NOT_AUTHORIZED' },
    });
    expect(gateway.submits).toHaveLength(0);
  });

  it('files with the gestoría’s certificate for the company’s NIF', async () => {
    await authorize();
    const s = (await submit({ mode: 'COLLABORATOR' })).envelope.data!;
    expect(s).toMatchObject({ state: 'ACCEPTED', mode: 'COLLABORATOR', collaboratorNif: FIRM_NIF });
    const [sent] = gateway.submits;
    expect(sent).toMatchObject({ companyNif: NIF, collaborator: { nif: FIRM_NIF } });
    expect(sent!.collaborator!.certificate.pfx.equals(firmP12)).toBe(true);
    expect(sent!.certificate).toBeUndefined();
  });

  it('only members of the gestoría present as it; a revoked authorization stops it', async () => {
    const a = (await authorize()).envelope.data!;
    const outsider = await submit({ mode: 'COLLABORATOR' }, OTHER);
    expect(outsider.envelope.error).toMatchObject({
      code: 'CORE_002',
      details: { reason: 'NOT_A_COLLABORATOR_MEMBER' },
    });
    await call('taxAuthorizations.revoke', {
      params: { companyId: CO, authorizationId: a.authorizationId },
      body: { reason: 'Fin del encargo' },
    });
    const revoked = await submit({ mode: 'COLLABORATOR', authorizationId: a.authorizationId });
    expect(revoked.envelope.error).toMatchObject({
      code: 'CORE_002',
      details: { reason: 'AUTHORIZATION_REVOKED' },
    });
  });
});

describe('authorizations', () => {
  it('create, list, active, renew, revoke (with and without a body)', async () => {
    const created = await call<AuthorizationView>('taxAuthorizations.create', {
      params: { companyId: CO },
      body: {
        collaboratorNif: FIRM_NIF,
        collaboratorName: 'Gestoría Norte SL',
        models: ['303', '390'],
        validUntil: '2025-12-31',
      },
    });
    expect(created.status).toBe(201);
    const a = created.envelope.data!;
    expect(a).toMatchObject({
      status: 'ACTIVE',
      validFrom: '2025-07-10',
      validUntil: '2025-12-31',
      revokedAt: null,
    });

    const past = await call('taxAuthorizations.create', {
      params: { companyId: CO },
      body: {
        collaboratorNif: 'B12345674',
        collaboratorName: 'Otra',
        models: ['303'],
        validUntil: '2025-07-10',
      },
    });
    expect(past.envelope.error).toMatchObject({ code: 'CORE_004', field: 'validUntil' });

    const renewedRes = await call<AuthorizationView>('taxAuthorizations.renew', {
      params: { companyId: CO, authorizationId: a.authorizationId },
      body: { validUntil: '2026-12-31' },
    });
    expect(renewedRes.envelope.data).toMatchObject({ status: 'ACTIVE', validUntil: '2026-12-31' });
    expect(
      (await call<AuthorizationView[]>('taxAuthorizations.active', { params: { companyId: CO } })).envelope
        .data,
    ).toHaveLength(1);

    const revokedRes = await call<AuthorizationView>('taxAuthorizations.revoke', {
      params: { companyId: CO, authorizationId: a.authorizationId },
    });
    expect(revokedRes.status).toBe(200);
    expect(revokedRes.envelope.data).toMatchObject({ status: 'REVOKED', revokeReason: null });
    expect(
      (await call<AuthorizationView[]>('taxAuthorizations.active', { params: { companyId: CO } })).envelope
        .data,
    ).toEqual([]);
    const list = (await call<AuthorizationView[]>('taxAuthorizations.list', { params: { companyId: CO } }))
      .envelope.data!;
    expect(list.map((x) => x.status)).toEqual(['REVOKED']);
  });

  it('a CLIENTE may not create one (tax.write)', async () => {
    const client: Caller = { userId: 'u-client', groups: ['CLIENTE'] };
    h.table.put(member(CO, client.userId, 'CLIENTE', { permissions: ['VIEW_TAX_DOCUMENTS'] }));
    const res = await call(
      'taxAuthorizations.create',
      {
        params: { companyId: CO },
        body: { collaboratorNif: FIRM_NIF, collaboratorName: 'G', models: ['303'], validUntil: '2026-01-31' },
      },
      client,
    );
    expect(res.status).toBe(403);
  });
});

describe('validate certificate', () => {
  it('answers subject, validity and days to expiry, and what is wrong', async () => {
    const none = (
      await call<CertificateValidationView>('taxCertificate.validate', { params: { companyId: CO } })
    ).envelope.data!;
    expect(none).toMatchObject({ present: false, valid: false });

    h.table.put(await cert(CO, NIF));
    const ok = (
      await call<CertificateValidationView>('taxCertificate.validate', { params: { companyId: CO } })
    ).envelope.data!;
    expect(ok).toMatchObject({
      present: true,
      valid: true,
      nifMatches: true,
      state: 'VALID',
      subject: 'CN=ANA CONSULTORA - 44444444A',
      validTo: '2026-01-01T00:00:00.000Z',
      daysToExpiry: 174,
      problems: [],
    });
    // Not from a qualified CA: a warning (the AEAT's test environment takes it), not a refusal.
    expect(ok.warnings.join(' ')).toContain('cualificada');
    const missing = await call('taxCertificate.validate', {
      params: { companyId: CO },
      query: { certificateId: 'nope' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('history and statistics', () => {
  it('lists newest first, counts by state, and the gestor’s recent and gestoría views', async () => {
    h.table.put(await cert(CO, NIF));
    gateway.answer({ outcome: 'REJECTED', errors: [{ code: '1099', message: 'No' }] });
    await submit();
    await submit();

    const list = (
      await call<{ content: SubmissionDetail[]; totalElements: number }>('taxSubmissions.list', {
        params: { companyId: CO },
      })
    ).envelope.data!;
    expect(list.totalElements).toBe(2);
    expect(list.content.map((s) => s.state).sort()).toEqual(['ACCEPTED', 'REJECTED']);
    const tooBig = await call('taxSubmissions.list', { params: { companyId: CO }, query: { size: '101' } });
    expect(tooBig.status).toBe(400);

    const stats = (
      await call<SubmissionStatistics>('taxSubmissions.statistics', { params: { companyId: CO } })
    ).envelope.data!;
    expect(stats).toMatchObject({ total: 2, byState: { ACCEPTED: 1, REJECTED: 1 }, acceptanceRate: 50 });

    const recent = (await call<SubmissionDetail[]>('taxSubmissions.recent')).envelope.data!;
    expect(recent.map((s) => s.submissionId)).toEqual([`${MODEL}-002`, `${MODEL}-001`]);
    const history = (await call<SubmissionDetail[]>('taxGestoria.history', { query: { state: 'REJECTED' } }))
      .envelope.data!;
    expect(history.map((s) => s.submissionId)).toEqual([`${MODEL}-001`]);
    const gestoria = (await call<GestoriaStatistics>('taxGestoria.statistics')).envelope.data!;
    expect(gestoria).toMatchObject({
      total: 2,
      companies: 1,
      byCompany: [{ companyId: CO, total: 2, accepted: 1, rejected: 1 }],
    });
    // Another gestor's recent list does not hold them.
    expect((await call<SubmissionDetail[]>('taxSubmissions.recent', {}, OTHER)).envelope.data).toEqual([]);
  });
});
