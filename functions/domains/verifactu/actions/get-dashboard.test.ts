import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { VerifactuDashboard, VerifactuUsage } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import {
  COMPANY,
  seedCompany,
  seedConfig,
  seedRecord,
  submissionsHarness,
  table,
} from '../testing/submissions-harness';

const h = submissionsHarness();
const dashboard = (user?: string, companyId = COMPANY) =>
  h.call<VerifactuDashboard>({ routeId: 'verifactu.dashboard', params: { companyId }, user, company: null });
const usage = (user?: string) =>
  h.call<VerifactuUsage>({ routeId: 'verifactu.usage', params: { companyId: COMPANY }, user, company: null });
const stats = (counters: Record<string, number>) =>
  table.put({ ...keys.verifactuStats(COMPANY), entity: 'VerifactuStats', v: 1, ...counters });

const seedCertificate = (validTo: string) =>
  table.put({
    ...keys.verifactuCertificate(COMPANY, 'cert1'),
    entity: 'VerifactuCertificate',
    certificateId: 'cert1',
    companyId: COMPANY,
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo,
  });

describe('verifactu.dashboard', () => {
  it("before any configuration: not configured, the medium warning 'VeriFacTu no configurado', no Query", async () => {
    const res = await dashboard();
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      companyId: COMPANY,
      configured: false,
      config: null,
      certificate: null,
      lastSubmissionAt: null,
      recentErrors: [],
      counts: { QUEUED: 0, SENT: 0, VERIFIED: 0, ACCEPTED_WITH_ERRORS: 0, ERROR: 0 },
      warnings: [{ level: 'medium', message: 'VeriFacTu no configurado' }],
      usage: { currentUsage: 0, limit: 500, period: '2027-01', planName: 'Plan Básico', level: 'OK' },
    });
    expect(h.db.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('a company in the SII gets no "no configurado" warning', async () => {
    seedCompany({ siiEnabled: true });
    expect((await dashboard()).envelope.data!.warnings).toEqual([]);
  });

  it('configured: counts from the stats, last send, the 10 newest errors and the high warning', async () => {
    seedConfig({ certificateId: 'cert1' });
    seedCertificate('2028-01-01T00:00:00.000Z');
    for (let i = 0; i < 12; i++) seedRecord({ invoiceId: `e${i}`, status: 'ERROR', aeatState: 'Incorrecto' });
    seedRecord({ invoiceId: 'ok', status: 'VERIFIED' });
    stats({ status_ERROR: 12, status_VERIFIED: 1, 'usage_2027-01': 13, 'usage_2026-12': 400 });
    table.put({ ...keys.verifactuSender(COMPANY), lastSentAt: '2027-01-15T09:00:00.000Z' });

    const d = (await dashboard()).envelope.data!;

    expect(d.configured).toBe(true);
    expect(d.counts).toMatchObject({ ERROR: 12, VERIFIED: 1, QUEUED: 0 });
    expect(d.lastSubmissionAt).toBe('2027-01-15T09:00:00.000Z');
    expect(d.recentErrors.map((s) => s.seq)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(d.warnings).toEqual([{ level: 'high', message: '12 envíos VeriFacTu con errores' }]);
    expect(d.usage).toMatchObject({ currentUsage: 13, period: '2027-01' });
    expect(d.sending).toEqual({ ready: true, reason: null });
  });

  it('not configured: the reason records wait and when VeriFacTu is mandatory for the company', async () => {
    h.setNow(new Date('2026-11-26T10:00:00.000Z'));
    seedCompany({ companyType: 'SL' });
    seedRecord({ invoiceId: 'q1' });
    stats({ status_QUEUED: 1 });
    const d = (await dashboard()).envelope.data!;
    expect(d.sending).toMatchObject({ ready: false, reason: { code: 'NOT_CONFIGURED' } });
    expect(d.obligation).toMatchObject({
      applies: true,
      mandatoryFrom: '2027-01-01',
      mandatory: false,
      taxpayerKind: 'CORPORATE_TAX',
    });
    expect(d.warnings).toEqual([
      {
        level: 'medium',
        message: 'VeriFacTu no configurado',
        detail: expect.stringMatching(
          /^1 registro espera su envío\. VeriFacTu no configurado: .*VeriFacTu será obligatorio para esta empresa desde el 1 de enero de 2027/,
        ),
      },
    ]);
  });

  it("configured with an expired certificate: a high warning, records wait with the certificate's date", async () => {
    seedConfig({ certificateId: 'cert1' });
    seedCertificate('2027-01-01T00:00:00.000Z');
    seedRecord({ invoiceId: 'q1' });
    stats({ status_QUEUED: 1 });
    const d = (await dashboard()).envelope.data!;
    expect(d.sending).toMatchObject({ ready: false, reason: { code: 'CERTIFICATE_EXPIRED' } });
    expect(d.warnings).toEqual([
      {
        level: 'high',
        message: 'VeriFacTu no puede enviar los registros a la AEAT',
        detail:
          '1 registro espera su envío. El certificado de la configuración caducó el 01/01/2027: sube uno vigente.',
      },
    ]);
  });

  it('shows the configured certificate without any secret', async () => {
    seedConfig({ certificateId: 'cert1' });
    seedCertificate('2028-01-01T00:00:00.000Z');
    table.put({
      ...keys.verifactuCertificate(COMPANY, 'cert1'),
      entity: 'VerifactuCertificate',
      v: 1,
      certificateId: 'cert1',
      companyId: COMPANY,
      fileName: 'empresa.p12',
      subject: 'CN=FONTANERIA ROMERO SL',
      holderNif: 'B12345674',
      issuer: 'CN=AC Pruebas',
      serialNumber: '01',
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2028-01-01T00:00:00.000Z',
      uploadedAt: '2026-06-01T00:00:00.000Z',
      uploadedBy: 'gestor',
      sealed: 'SECRET-CIPHERTEXT',
      password: 'SECRET-PASSWORD',
    });
    const res = await dashboard();
    expect(res.envelope.data!.certificate).toMatchObject({
      certificateId: 'cert1',
      status: 'VALID',
      inUse: true,
    });
    const text = JSON.stringify(res.envelope);
    expect(text).not.toContain('SECRET');
  });

  it('CLIENTE without VIEW_TAX_DOCUMENTS is refused; a gestor of another firm gets CORE_003', async () => {
    expect((await dashboard('cliente')).envelope.error).toMatchObject({ code: 'CORE_002' });
    expect((await dashboard('stranger')).envelope.error).toMatchObject({ code: 'CORE_003' });
  });
});

describe('verifactu.usage', () => {
  it('the current Madrid month counter against the plan allowance, with its level', async () => {
    stats({ 'usage_2027-01': 401 });
    expect((await usage()).envelope.data).toEqual({
      currentUsage: 401,
      limit: 500,
      period: '2027-01',
      planName: 'Plan Básico',
      percentage: 80.2,
      level: 'WARNING',
    });
    stats({ 'usage_2027-01': 501 });
    expect((await usage()).envelope.data).toMatchObject({ level: 'EXCEEDED' });
  });

  it("the limit is the plan of the subscription that pays for the company (its creator's)", async () => {
    seedCompany({ createdBy: 'gestor-sub' });
    table.put({ ...keys.subscription('gestor-sub'), planCode: 'GESTORIA_PROFESSIONAL' });
    stats({ 'usage_2027-01': 401 });
    expect((await usage()).envelope.data).toMatchObject({
      currentUsage: 401,
      limit: 10_000,
      planName: 'Gestoría Professional',
      level: 'OK',
    });
    expect((await dashboard()).envelope.data!.usage).toMatchObject({
      limit: 10_000,
      planName: 'Gestoría Professional',
    });
  });

  it('the period follows Madrid time (23:30 UTC on 31 December is already January in Spain)', async () => {
    h.setNow(new Date('2026-12-31T23:30:00.000Z'));
    stats({ 'usage_2027-01': 7, 'usage_2026-12': 99 });
    expect((await usage()).envelope.data).toMatchObject({ period: '2027-01', currentUsage: 7 });
  });

  it('CLIENTE without VIEW_TAX_DOCUMENTS is refused', async () => {
    expect((await usage('cliente')).status).toBe(403);
  });
});
