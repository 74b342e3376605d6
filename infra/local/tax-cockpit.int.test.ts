/**
 * The gestor's batch cockpit and filing through the submission gateway (issue 14 items 4 and 5),
 * end to end against the local cloud and its AEAT simulator, over real HTTP:
 *
 * - a fresh gestoría (registered, verified, logged in) with its own company and certificate, and four
 *   client companies created through the API, each with its certificate (the VeriFacTu store),
 *   VeriFacTu configured, a tax profile and confirmed invoices in the last closed quarter;
 * - the cockpit lists every client with its obligation and preview; compute all, approve all,
 *   submit all through the simulator: one with its own certificate (accepted with a CSV), one as
 *   colaborador social (the gestoría's certificate), one rejected (an injected AEAT refusal), one
 *   without an answer (the connection dropped after the AEAT registered it);
 * - a duplicate is refused (by Cuadra, and by the simulated AEAT with its own message), the rejected
 *   one is filed again, the unanswered one is retried (asked first: recovered, never filed twice),
 *   every result is published to its client; history, statistics and the justificante;
 * - 100 clients: the cockpit's answer time is logged (no timed assertion).
 */

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { httpSubmissionGateway } from '@functions/domains/taxmodels/store/gateway';
import { makeTestP12 } from '@functions/domains/verifactu/testing/certificates';
import type { Page } from '@shared/api/envelope';
import { cifControl } from '@shared/fiscal/nif';
import type {
  CertificateValidationView,
  GestoriaStatistics,
  SubmissionDetail,
} from '@shared/schemas/tax-filing';
import type {
  CockpitActionResult,
  CockpitView,
  PublishedModelView,
  TaxModelView,
} from '@shared/schemas/tax-models';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import type { CertificateView } from '@shared/schemas/verifactu';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const simulator = cloud.aeatSimulator!;
const simulatorCa = fs.readFileSync(simulator.caFile, 'utf8');
const modelsControl = new URL('/_sim/modelos', simulator.url).toString();

const run = Date.now().toString(36).toUpperCase().slice(-4);
/** CIFs unique in the run (consecutive numbers from a random start), with their control digit. */
const cifBase = Math.floor(Math.random() * 9_000_000);
let cifSeq = 0;
const freshCif = () => {
  const seven = String((cifBase + ++cifSeq) % 10_000_000).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const PASSWORD = 'Clave-Pruebas-2026';
const address = {
  street: 'Calle de Colón 20',
  postalCode: '46004',
  city: 'Valencia',
  province: 'Valencia',
  country: 'ES',
};

/** The last closed quarter (Madrid): its year, AEAT period code and three invoice dates. */
function lastClosedQuarter() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const q = Math.ceil(m / 3) - 1;
  const year = q === 0 ? y - 1 : y;
  const quarter = q === 0 ? 4 : q;
  const month = (k: number) => String((quarter - 1) * 3 + k).padStart(2, '0');
  return {
    year,
    period: `${quarter}T`,
    dates: [`${year}-${month(1)}-10`, `${year}-${month(2)}-14`, `${year}-${month(3)}-20`],
  };
}
const Q = lastClosedQuarter();
const MODEL_ID = `${Q.year}-303-${Q.period}`;

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>, what = ''): T => {
  if (!res.body.success) throw new Error(`${what} ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

/** The simulator's model-filing control API (no client certificate). */
function control<T>(method: string, sub: string, body?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${modelsControl}${sub}`,
      {
        method,
        ca: simulatorCa,
        agent: false,
        headers: body !== undefined ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body !== undefined ? JSON.stringify(body) : undefined);
  });
}

interface SimFiling {
  nif: string;
  modelo: string;
  ejercicio: string;
  periodo: string;
  csv: string;
  numeroJustificante: string;
  presentador: string;
  colaborador: string | null;
  idPeticion: string | null;
}
const filingsOf = async (nif: string) =>
  (await control<{ filings: SimFiling[] }>('GET', '')).filings.filter((f) => f.nif === nif);

async function waitForMail(to: string, timeoutMs = 30_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(new URL('/_dev/mailbox.json', cloud.url))).json()) as SentMail[];
    const found = mails.find((m) => m.to.includes(to));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to}`);
}

/** A new GESTORIA account, verified through its e-mail link, logged in. */
async function freshGestor(): Promise<string> {
  const email = `cabina-${randomUUID().slice(0, 8)}@cuadra.test`;
  const reg = await api.request('POST', '/api/v1/auth/register', {
    body: {
      email,
      password: PASSWORD,
      firstName: 'Lucía',
      lastName: 'Ferrer Gil',
      accountType: 'GESTORIA',
      firmName: `Asesores Cabina ${run}`,
      acceptTerms: true,
    },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const mail = await waitForMail(email);
  const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail.text ?? mail.html ?? '')![1]!);
  dataOf(await api.request('POST', '/api/v1/auth/verify-email', { query: { token } }), 'verify');
  return api.login(email, PASSWORD);
}

describe('tax cockpit and filing (local cloud)', () => {
  let gestor: string;
  const clients: Record<'A' | 'B' | 'C' | 'D', { companyId: string; nif: string; name: string }> =
    {} as never;
  let firm: { companyId: string; nif: string };

  const as = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string>; companyId?: string } = {},
  ) => api.request<T>(method, path, { token: gestor, ...opts });

  async function createCompany(name: string): Promise<{ companyId: string; nif: string; name: string }> {
    const nif = freshCif();
    const c = dataOf(
      await as<{ companyId: string }>('POST', '/api/v1/companies', {
        body: { name, nif, companyType: 'SL', address, siiEnabled: false },
      }),
      'company',
    );
    return { companyId: c.companyId, nif, name };
  }

  /** The company's certificate in the VeriFacTu store, and VeriFacTu configured with it. */
  async function certify(c: { companyId: string; nif: string; name: string }) {
    const base = `/api/v1/companies/${c.companyId}`;
    const p12 = makeTestP12({ nif: c.nif, name: c.name.toUpperCase(), password: PASSWORD });
    const cert = dataOf(
      await as<CertificateView>('POST', `${base}/certificates`, {
        companyId: c.companyId,
        body: {
          file: { fileName: 'empresa.p12', contentBase64: p12.toString('base64') },
          password: PASSWORD,
        },
      }),
      'certificate',
    );
    dataOf(
      await as('POST', `${base}/verifactu-config`, {
        companyId: c.companyId,
        body: { mode: 'VERIFACTU', environment: 'TEST', certificateId: cert.certificateId, enabled: true },
      }),
      'verifactu-config',
    );
    return p12;
  }

  async function taxProfile(companyId: string) {
    dataOf(
      await as('POST', `/api/v1/companies/${companyId}/tax-profile`, {
        companyId,
        body: { facts: defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }), taxYear: Q.year },
      }),
      'tax-profile',
    );
  }

  /** Confirmed invoices of the quarter: bases in céntimos at 21 %. */
  async function sell(companyId: string, bases: number[]) {
    const customer = dataOf(
      await as<{ customerId: string }>('POST', '/api/v1/customers', {
        companyId,
        body: {
          name: `Cliente ${run} ${companyId.slice(-4)}`,
          taxId: freshCif(),
          address,
          vatTreatment: 'DOMESTIC',
        },
      }),
      'customer',
    );
    dataOf(
      await as('POST', '/api/v1/invoice-series', {
        companyId,
        body: { code: `T${run}`, description: `Trimestre ${run}`, isDefault: true },
      }),
      'series',
    );
    for (const [i, base] of bases.entries()) {
      dataOf(
        await as('POST', '/api/v1/invoices/create-and-confirm', {
          companyId,
          body: {
            invoiceType: 'F1',
            invoiceDate: Q.dates[i % Q.dates.length],
            customerId: customer.customerId,
            invoiceLines: [{ description: 'Asesoría', quantity: 1, unitPriceCents: base, vatRateBp: 2100 }],
          },
        }),
        'invoice',
      );
    }
  }

  const cockpit = () =>
    as<CockpitView>('GET', '/api/v1/tax/cockpit', {
      query: { modelType: '303', year: String(Q.year), period: Q.period },
    });
  const bulk = (action: string, companyIds: string[], extra: Record<string, unknown> = {}) =>
    as<CockpitActionResult>('POST', `/api/v1/tax/cockpit/${action}`, {
      body: { modelType: '303', year: Q.year, period: Q.period, companyIds, ...extra },
    });
  const outcomeOf = (r: CockpitActionResult, companyId: string) =>
    r.results.find((x) => x.companyId === companyId)!;
  const submissionsOf = async (companyId: string) =>
    dataOf(
      await as<Page<SubmissionDetail>>('GET', `/api/v1/tax/companies/${companyId}/submissions`, {
        companyId,
      }),
    ).content;
  const modelOf = async (companyId: string) =>
    dataOf(
      await as<TaxModelView>('GET', `/api/v1/tax/companies/${companyId}/models/303/${MODEL_ID}`, {
        companyId,
      }),
    );

  let p12A: Buffer;

  beforeAll(async () => {
    gestor = await freshGestor();
    firm = await createCompany(`Asesores Cabina ${run} SL`);
    await certify({ ...firm, name: `ASESORES CABINA ${run} SL` });
    for (const [key, name, bases] of [
      ['A', `Alfa Cabina ${run} SL`, [1_000_000, 250_000]],
      ['B', `Beta Cabina ${run} SL`, [600_000]],
      ['C', `Gamma Cabina ${run} SL`, [420_000, 80_000]],
      ['D', `Delta Cabina ${run} SL`, [300_000]],
    ] as const) {
      const c = await createCompany(name);
      clients[key] = c;
      const p12 = await certify(c);
      if (key === 'A') p12A = p12;
      await taxProfile(c.companyId);
      await sell(c.companyId, [...bases]);
    }
    // B lets the gestoría file its 303 as colaborador social.
    dataOf(
      await as('POST', `/api/v1/tax/companies/${clients.B.companyId}/authorizations`, {
        companyId: clients.B.companyId,
        body: {
          collaboratorNif: firm.nif,
          collaboratorName: `Asesores Cabina ${run} SL`,
          models: ['303', '390'],
          validUntil: `${Q.year + 1}-12-31`,
        },
      }),
      'authorization',
    );
  }, 180_000);

  it('the cockpit lists every client with its obligation and the preview of the quarter', async () => {
    const view = dataOf(await cockpit(), 'cockpit');
    const byId = new Map(view.rows.map((r) => [r.companyId, r]));
    for (const [key, c] of Object.entries(clients)) {
      expect(byId.get(c.companyId), key).toMatchObject({
        applicable: true,
        obligationId: MODEL_ID,
        status: 'NOT_GENERATED',
        result: { type: 'I' },
      });
    }
    // A: 12.500,00 € at 21 %, nothing deductible.
    expect(byId.get(clients.A.companyId)!.result).toEqual({ type: 'I', amountCents: 262_500 });
    // The gestoría's own company has no tax profile: listed, not applicable.
    expect(byId.get(firm.companyId)).toMatchObject({ applicable: false, status: 'NOT_GENERATED' });
  });

  it('compute all, approve all, submit all through the simulator: accepted, as collaborator, rejected, unanswered', {
    timeout: 120_000,
  }, async () => {
    const ids = Object.values(clients).map((c) => c.companyId);
    const computed = dataOf(await bulk('compute', ids), 'compute');
    expect(computed.results.map((r) => r.outcome)).toEqual(['OK', 'OK', 'OK', 'OK']);
    expect(dataOf(await bulk('approve', ids)).results.map((r) => r.outcome)).toEqual([
      'OK',
      'OK',
      'OK',
      'OK',
    ]);

    await control('POST', '/faults', [
      {
        kind: 'reject',
        nif: clients.C.nif,
        code: '1020',
        description: 'La casilla 27 no coincide con la suma de las cuotas devengadas.',
      },
      { kind: 'drop-after-accept', nif: clients.D.nif },
    ]);
    const submitted = dataOf(await bulk('submit', ids), 'submit');

    const said = JSON.stringify(submitted.results);
    expect(outcomeOf(submitted, clients.A.companyId), said).toMatchObject({ outcome: 'OK' });
    expect(outcomeOf(submitted, clients.B.companyId), said).toMatchObject({ outcome: 'OK' });
    expect(outcomeOf(submitted, clients.C.companyId)).toMatchObject({ outcome: 'ERROR' });
    expect(outcomeOf(submitted, clients.C.companyId).message).toContain('[1020] La casilla 27');
    expect(outcomeOf(submitted, clients.D.companyId)).toMatchObject({ outcome: 'ERROR' });
    expect(outcomeOf(submitted, clients.D.companyId).message).toContain('Sin respuesta de la AEAT');

    // A: its own certificate; the CSV and justificante the AEAT gave, on the model and its obligation.
    const [a] = await submissionsOf(clients.A.companyId);
    expect(a).toMatchObject({ state: 'ACCEPTED', mode: 'CERTIFICATE', attempts: 1, hasReceipt: true });
    expect(a!.csv).toMatch(/^[0-9A-Z]{16}$/);
    expect(a!.receiptNumber).toMatch(/^303\d{10}$/);
    expect(await modelOf(clients.A.companyId)).toMatchObject({ status: 'SUBMITTED', reference: a!.csv });
    expect(await filingsOf(clients.A.nif)).toMatchObject([
      {
        modelo: '303',
        ejercicio: String(Q.year),
        periodo: Q.period,
        presentador: clients.A.nif,
        colaborador: null,
        csv: a!.csv,
      },
    ]);

    // B: the gestoría presented with its own certificate, as colaborador social.
    const [b] = await submissionsOf(clients.B.companyId);
    expect(b).toMatchObject({ state: 'ACCEPTED', mode: 'COLLABORATOR', collaboratorNif: firm.nif });
    expect(await filingsOf(clients.B.nif)).toMatchObject([{ presentador: firm.nif, colaborador: firm.nif }]);

    // C: refused by the AEAT, its errors kept; D: no answer, retryable.
    const [c] = await submissionsOf(clients.C.companyId);
    expect(c).toMatchObject({ state: 'REJECTED', retryable: false, errors: [{ code: '1020' }] });
    expect((await modelOf(clients.C.companyId)).status).toBe('MODEL_GENERATED');
    const [d] = await submissionsOf(clients.D.companyId);
    expect(d).toMatchObject({ state: 'ERROR', retryable: true, ambiguous: true });
  });

  it('a duplicate is refused, by Cuadra and by the simulated AEAT', async () => {
    const again = await as(
      'POST',
      `/api/v1/tax/companies/${clients.A.companyId}/models/303/${MODEL_ID}/submit`,
      {
        companyId: clients.A.companyId,
        body: { mode: 'CERTIFICATE' },
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.success === false && again.body.error.code).toBe('TAX_022');

    // The very file Cuadra filed, presented again with another request id: the AEAT's own refusal.
    const [a] = await submissionsOf(clients.A.companyId);
    const file = await fetch(
      new URL(`/api/v1/tax/companies/${clients.A.companyId}/submissions/${a!.submissionId}/file`, cloud.url),
      {
        headers: { authorization: `Bearer ${gestor}`, 'x-company-id': clients.A.companyId },
      },
    );
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.toString('latin1').startsWith(`<T3030${Q.year}${Q.period}0000>`)).toBe(true);
    const direct = httpSubmissionGateway({
      endpoint: new URL('/modelos/presentacion', simulator.url).toString(),
      ca: simulatorCa,
    });
    const answer = await direct.submit({
      requestId: `otra-${run}`,
      companyNif: clients.A.nif,
      modelType: '303',
      year: Q.year,
      period: Q.period,
      file: bytes,
      certificate: { pfx: p12A, passphrase: PASSWORD },
    });
    expect(answer.outcome).toBe('REJECTED');
    expect(answer.outcome === 'REJECTED' && answer.errors[0]!.message).toContain(
      'Ya existe una declaración presentada para este ejercicio y periodo',
    );
    expect(await filingsOf(clients.A.nif)).toHaveLength(1);
  });

  it('the rejected one is filed again; the unanswered one is retried after asking, never filed twice', async () => {
    const refiled = dataOf(
      await as<SubmissionDetail>(
        'POST',
        `/api/v1/tax/companies/${clients.C.companyId}/models/303/${MODEL_ID}/submit`,
        {
          companyId: clients.C.companyId,
          body: {},
        },
      ),
      'refile',
    );
    expect(refiled).toMatchObject({ submissionId: `${MODEL_ID}-002`, state: 'ACCEPTED' });

    const [d] = await submissionsOf(clients.D.companyId);
    const retried = dataOf(
      await as<SubmissionDetail>(
        'POST',
        `/api/v1/tax/companies/${clients.D.companyId}/submissions/${d!.submissionId}/retry`,
        {
          companyId: clients.D.companyId,
        },
      ),
      'retry',
    );
    expect(retried).toMatchObject({ state: 'ACCEPTED', attempts: 2 });
    const filed = await filingsOf(clients.D.nif);
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ idPeticion: `${clients.D.nif}-${d!.submissionId}`, csv: retried.csv });
    expect((await modelOf(clients.D.companyId)).reference).toBe(retried.csv);
  });

  it('publishes every result to its client; the cockpit shows all filed; history, statistics, justificante', async () => {
    const ids = Object.values(clients).map((c) => c.companyId);
    expect(dataOf(await bulk('publish', ids), 'publish').results.map((r) => r.outcome)).toEqual([
      'OK',
      'OK',
      'OK',
      'OK',
    ]);
    const published = dataOf(
      await as<Page<PublishedModelView>>(
        'GET',
        `/api/v1/tax/companies/${clients.A.companyId}/published-models`,
        {
          companyId: clients.A.companyId,
        },
      ),
    );
    expect(published.content.map((m) => m.modelId)).toContain(MODEL_ID);

    const view = dataOf(await cockpit());
    const mine = view.rows.filter((r) => ids.includes(r.companyId));
    expect(mine.every((r) => r.status === 'SUBMITTED' && r.approved && r.published)).toBe(true);

    const [a] = await submissionsOf(clients.A.companyId);
    const pdf = await fetch(
      new URL(
        `/api/v1/tax/companies/${clients.A.companyId}/submissions/${a!.submissionId}/file?kind=justificante`,
        cloud.url,
      ),
      { headers: { authorization: `Bearer ${gestor}`, 'x-company-id': clients.A.companyId } },
    );
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const recent = dataOf(await as<SubmissionDetail[]>('GET', '/api/v1/tax/submissions/recent'));
    // A, B, C twice (rejected, then accepted), D (retried): five filings.
    expect(recent).toHaveLength(5);
    const stats = dataOf(await as<GestoriaStatistics>('GET', '/api/v1/tax/gestoria/statistics'));
    expect(stats).toMatchObject({ total: 5, companies: 4, byState: { ACCEPTED: 4, REJECTED: 1, ERROR: 0 } });

    const check = dataOf(
      await as<CertificateValidationView>(
        'POST',
        `/api/v1/tax/companies/${clients.A.companyId}/certificate/validate`,
        {
          companyId: clients.A.companyId,
        },
      ),
    );
    expect(check).toMatchObject({ present: true, valid: true, nifMatches: true, configured: true });
  });

  it('100 clients: the cockpit answers (time logged)', { timeout: 300_000 }, async () => {
    const extra = 100 - Object.keys(clients).length;
    let next = 0;
    const created: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < extra) {
          const i = next++;
          const c = await createCompany(`Cliente ${String(i).padStart(3, '0')} Cabina ${run} SL`);
          await taxProfile(c.companyId);
          created.push(c.companyId);
        }
      }),
    );
    expect(created).toHaveLength(extra);
    const started = performance.now();
    const res = await cockpit();
    const ms = Math.round(performance.now() - started);
    const view = dataOf(res);
    console.info(`[tax-cockpit] GET /tax/cockpit with ${view.rows.length} companies: ${ms} ms`);
    expect(view.rows.filter((r) => r.applicable)).toHaveLength(100);
    expect(
      view.rows.filter((r) => r.anomalies.some((x) => x.code === 'NO_INVOICES')).length,
    ).toBeGreaterThanOrEqual(extra);
  });
});
