/**
 * ConsultaLR: pages followed and archived one by one, and the company-level query the API uses
 * (configuration and certificate loaded, the exchange recorded as a CONSULTA submission, the AEAT's
 * failures answered, never thrown).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seal } from '@functions/lib/secret-box';
import type { SiiConsultaRecord, SiiConsultaResponse } from '@functions/lib/sii-xml';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COMPANY,
  COMPANY_NAME,
  COMPANY_NIF,
  companyItems,
  configItem,
  siiHarness,
  silentLog,
} from '../testing/harness';
import { MemoryArchive } from '../testing/sender-fakes';
import { type SiiGateway, SiiTransportError } from './aeat-client';
import { consultaForCompany, consultaLR, testSiiConnection } from './consulta';

const h = siiHarness();
const dir = mkdtempSync(join(tmpdir(), 'sii-consulta-'));
const savedKey = process.env[envNames.certificatesLocalKeyFile];
process.env[envNames.certificatesLocalKeyFile] = join(dir, 'master.key');
afterAll(() => {
  if (savedKey === undefined) delete process.env[envNames.certificatesLocalKeyFile];
  else process.env[envNames.certificatesLocalKeyFile] = savedKey;
  rmSync(dir, { recursive: true, force: true });
});

const row = (n: number): SiiConsultaRecord => ({
  invoiceId: { issuerNif: COMPANY_NIF, number: `F-${n}`, issueDate: '2026-03-09', issuerName: null },
  goodIdentification: null,
  key: `${COMPANY_NIF}|F-${n}|2026-03-09`,
  state: 'Correcta',
  code: null,
  message: null,
  timestamp: null,
  csv: 'CSV1',
  payment: null,
});

/** An AEAT with `pages` pages of one record each, or one that fails. */
function pagedGateway(pages: number, fail?: Error): SiiGateway & { queries: unknown[] } {
  const queries: unknown[] = [];
  return {
    queries,
    submit: async () => {
      throw new Error('not here');
    },
    async consult(_t, service, _h, query, recorder) {
      await recorder?.request(`<q n="${queries.length + 1}"/>`);
      queries.push(query);
      if (fail) throw fail;
      const n = queries.length;
      await recorder?.response({ kind: 'http', status: 200, body: `<a n="${n}"/>` });
      const res: SiiConsultaResponse = {
        service,
        records: [row(n)],
        more: n < pages,
        paginationKey:
          n < pages
            ? { kind: 'INVOICE', invoiceId: row(n).invoiceId, issuerName: null, goodIdentification: null }
            : null,
      };
      return res;
    },
  };
}

const target = {
  environment: 'TEST' as const,
  base: null,
  pfx: Buffer.from('p'),
  passphrase: 'x',
  timeoutMs: 1_000,
};
const input = {
  company: { companyId: COMPANY, name: COMPANY_NAME, nif: COMPANY_NIF },
  config: { environment: 'TEST' as const, representative: null },
  target,
  service: 'FE' as const,
  period: { year: 2026, period: '03' },
};

async function putCertificate() {
  const plaintext = Buffer.from(JSON.stringify({ p12Base64: 'cDEy', password: 'secreto' }));
  const sealed = await seal(plaintext, {
    purpose: 'verifactu-certificate',
    companyId: COMPANY,
    certificateId: 'cert-1',
  });
  h.table.put({
    ...keys.verifactuCertificate(COMPANY, 'cert-1'),
    certificateId: 'cert-1',
    validTo: '2030-01-01T00:00:00.000Z',
    sealed,
  });
}

beforeEach(() => h.reset());

describe('consultaLR', () => {
  it('follows the pages with their keys, archiving each page apart', async () => {
    const gateway = pagedGateway(3);
    const archive = new MemoryArchive();
    const res = await consultaLR(
      { gateway, archive, now: h.deps.now, newId: h.deps.newId, log: silentLog },
      { ...input, exchangeId: 'q1' },
    );
    expect(res).toMatchObject({ exchangeId: 'q1', complete: true, pages: 3 });
    expect(res.records.map((r) => r.invoiceId.number)).toEqual(['F-1', 'F-2', 'F-3']);
    expect(gateway.queries[1]).toMatchObject({
      paginationKey: { kind: 'INVOICE', invoiceId: { number: 'F-1' } },
    });
    expect([...archive.objects.keys()].filter((k) => k.includes('request'))).toEqual([
      `${COMPANY}/2026/03/q1-request.xml`,
      `${COMPANY}/2026/03/q1-p2-request.xml`,
      `${COMPANY}/2026/03/q1-p3-request.xml`,
    ]);
    expect(res.archive).toEqual({
      request: `${COMPANY}/2026/03/q1-request.xml`,
      response: `${COMPANY}/2026/03/q1-response.xml`,
    });
  });

  it('stops at maxPages and says the answer is incomplete', async () => {
    const res = await consultaLR(
      { gateway: pagedGateway(5), archive: null, now: h.deps.now, newId: h.deps.newId, log: silentLog },
      { ...input, maxPages: 2 },
    );
    expect(res).toMatchObject({ complete: false, pages: 2 });
  });
});

describe('consultaForCompany (the API’s query)', () => {
  beforeEach(() => {
    for (const item of companyItems()) h.table.put(item);
    h.table.put(configItem());
  });

  it('loads the company’s certificate, queries and records the exchange', async () => {
    await putCertificate();
    const r = await consultaForCompany(
      { ...h.deps, log: silentLog, gateway: pagedGateway(1), archive: new MemoryArchive() },
      COMPANY,
      {
        service: 'FE',
        period: { year: 2026, period: '03' },
        triggeredBy: 'u-owner',
      },
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.result.records).toHaveLength(1);
    expect(h.table.get(keys.siiSubmission(COMPANY, r.submissionId))).toMatchObject({
      operation: 'CONSULTA',
      book: 'FE',
      status: 'ACCEPTED',
      aeatState: 'ConDatos',
      periods: ['2026-03'],
      triggeredBy: 'u-owner',
      archive: { request: `${COMPANY}/2026/03/${r.submissionId}-request.xml` },
    });
  });

  it('answers the AEAT’s failure and records it, without throwing', async () => {
    await putCertificate();
    const gateway = pagedGateway(
      1,
      new SiiTransportError('MAYBE', 'TIMEOUT', 'Sin respuesta de la AEAT en el tiempo límite.'),
    );
    const r = await consultaForCompany({ ...h.deps, log: silentLog, gateway, archive: null }, COMPANY, {
      service: 'FE',
      period: { year: 2026, period: '03' },
    });
    expect(r).toEqual({
      ok: false,
      problem: 'AEAT',
      message: 'Sin respuesta de la AEAT en el tiempo límite.',
    });
    expect(h.table.all('SiiSubmission')[0]).toMatchObject({ status: 'ERROR', error: { code: 'CONSULTA' } });
  });

  it('says why it cannot ask: no certificate, not in the SII', async () => {
    expect(
      await consultaForCompany({ ...h.deps, log: silentLog, gateway: pagedGateway(1) }, COMPANY, {
        service: 'FE',
        period: { year: 2026, period: '03' },
      }),
    ).toMatchObject({ ok: false, problem: 'CERTIFICATE_NOT_FOUND' });
    h.table.put(companyItems({ siiEnabled: false })[0]!);
    expect(
      await consultaForCompany({ ...h.deps, log: silentLog, gateway: pagedGateway(1) }, COMPANY, {
        service: 'FE',
        period: { year: 2026, period: '03' },
      }),
    ).toMatchObject({ ok: false, problem: 'NOT_IN_SII' });
  });

  it('the connection test asks for an invoice that cannot exist and reports in Spanish', async () => {
    await putCertificate();
    const gateway = pagedGateway(1);
    const ok = await testSiiConnection(
      { ...h.deps, log: silentLog, gateway, archive: null },
      COMPANY,
      'u-owner',
    );
    expect(ok).toEqual({
      at: h.deps.now().toISOString(),
      ok: true,
      message: 'Conexión correcta con el SII de la AEAT.',
    });
    expect(gateway.queries[0]).toMatchObject({
      invoiceId: { issuerNif: COMPANY_NIF, number: 'CUADRA-PRUEBA-CONEXION' },
    });
    const down = await testSiiConnection(
      {
        ...h.deps,
        log: silentLog,
        gateway: pagedGateway(
          1,
          new SiiTransportError('NO', 'TLS', 'La conexión segura con la AEAT falló (ERR_SSL).'),
        ),
        archive: null,
      },
      COMPANY,
    );
    expect(down).toMatchObject({ ok: false, message: 'La conexión segura con la AEAT falló (ERR_SSL).' });
  });
});
