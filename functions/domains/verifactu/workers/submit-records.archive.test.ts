/**
 * The sender with the archive (store/archive.ts) over S3 mocked by aws-sdk-client-mock: the exact
 * envelope is stored before the AEAT is called, every history entry of the attempt carries the
 * archive keys, a request that cannot be stored means nothing is sent (records back to QUEUED),
 * a response that cannot be stored does not lose the outcome, a ConsultaLR is archived under its
 * own id, and keys are built from ids only. The table is the same in-memory stand-in as in
 * submit-records.test.ts; the gateway is a fake that archives like xmlGateway does.
 */

import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createLogger } from '@functions/platform/logger';
import type { VerifactuConfig, VerifactuRecord, VerifactuSubmission } from '@shared/schemas/verifactu';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsultaAnswer, SubmitAnswer } from '../model/outcome';
import type { AeatCallResult, AeatGateway, AeatTarget, Cabecera } from '../store/aeat-client';
import { ARCHIVE_BUCKET_ENV, type ExchangeRecorder, s3ArchiveStore } from '../store/archive';

// --- in-memory table behind the store functions ---------------------------------------------------

process.env.LOG_LEVEL = 'silent';

vi.mock('../store/submissions', async (importActual) => {
  const { fakeSubmissionsStore } = await import('../testing/sender-fakes');
  return fakeSubmissionsStore(await importActual<typeof import('../store/submissions')>());
});

vi.mock('../store/sender', async (importActual) => {
  const { fakeSenderStore } = await import('../testing/sender-fakes');
  return fakeSenderStore(await importActual<typeof import('../store/sender')>());
});

import { mem } from '../testing/sender-fakes';
import { drainCompany, RetryLaterError, type SubmitDeps } from './submit-records';

const s3 = mockClient(S3Client);
const COMPANY = 'co-1';
const log = createLogger({});
const ctx = { log };
/** What happened, in order: `put <key>` and `call <kind>`. */
let events: string[];
let ids = 0;

const RESPONSE_XML = (csv: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><tikR:CSV>${csv}</tikR:CSV></env:Body></env:Envelope>`;

/** A fake AEAT that archives like xmlGateway: request before the call, raw answer after. */
class ArchivingAeat implements AeatGateway {
  calls = 0;
  consults = 0;
  mode: 'ok' | 'timeout' = 'ok';
  registered = new Set<string>();
  async submit(_t: AeatTarget, _c: Cabecera, records: VerifactuRecord[], recorder?: ExchangeRecorder) {
    const body = `<soapenv:Envelope>${records.map((r) => `<RegistroAlta>${numberOf(r)}|${r.huella}</RegistroAlta>`).join('')}</soapenv:Envelope>`;
    await recorder?.request(body);
    this.calls += 1;
    events.push('call submit');
    for (const r of records) this.registered.add(numberOf(r));
    const call: AeatCallResult =
      this.mode === 'timeout'
        ? { kind: 'timeout', requestSent: true }
        : { kind: 'http', status: 200, body: RESPONSE_XML('A-CSV1') };
    await recorder?.response(call);
    if (call.kind !== 'http') return { call, answer: null };
    const answer: SubmitAnswer = {
      kind: 'response',
      estadoEnvio: 'Correcto',
      csv: 'A-CSV1',
      waitSeconds: 60,
      lines: records.map((r) => ({
        idFactura: {
          ...(r.fields.IDFactura as {
            IDEmisorFactura: string;
            NumSerieFactura: string;
            FechaExpedicionFactura: string;
          }),
        },
        operation: 'Alta',
        estadoRegistro: 'Correcto',
        code: null,
        message: null,
        duplicate: null,
      })),
    };
    return { call, answer };
  }
  async consult(_t: AeatTarget, _c: Cabecera, record: VerifactuRecord, recorder?: ExchangeRecorder) {
    try {
      await recorder?.request('<soapenv:Envelope><ConsultaFactuSistemaFacturacion/></soapenv:Envelope>');
    } catch {
      return { kind: 'ambiguous', message: 'ConsultaLR: no se pudo archivar la petición' } as ConsultaAnswer;
    }
    this.consults += 1;
    events.push('call consult');
    await recorder?.response({ kind: 'http', status: 200, body: RESPONSE_XML('') });
    return this.registered.has(numberOf(record))
      ? ({ kind: 'found', estado: 'Correcta', code: null, message: null } as ConsultaAnswer)
      : ({ kind: 'not-found' } as ConsultaAnswer);
  }
}

const numberOf = (r: VerifactuRecord) => (r.fields.IDFactura as { NumSerieFactura: string }).NumSerieFactura;

/** A record whose invoice number is hostile text: it must never reach an S3 key. */
function addRecord(seq: number, number = `../../F 2027/${seq}`) {
  const record = {
    companyId: COMPANY,
    seq,
    recordId: `${COMPANY}-${seq}`,
    kind: 'ALTA',
    operation: 'ALTA',
    invoiceId: `inv-${seq}`,
    invoiceNumber: number,
    invoiceDate: '2027-01-15',
    fields: {
      IDVersion: '1.0',
      IDFactura: {
        IDEmisorFactura: 'B12345678',
        NumSerieFactura: number,
        FechaExpedicionFactura: '15-01-2027',
      },
      NombreRazonEmisor: 'Panadería La Espiga SL',
    },
    huella: `H${seq}`.padEnd(64, '0'),
  } as unknown as VerifactuRecord;
  mem.records.set(seq, record);
  mem.subs.set(seq, {
    companyId: COMPANY,
    seq,
    recordId: record.recordId,
    kind: 'ALTA',
    operation: 'ALTA',
    invoiceId: record.invoiceId,
    invoiceNumber: number,
    invoiceDate: '2027-01-15',
    totalCents: 12100,
    customerName: null,
    status: 'QUEUED',
    aeatCode: null,
    aeatMessage: null,
    aeatState: null,
    csv: null,
    attemptId: null,
    attempts: 0,
    lastAttemptAt: null,
    sentAt: null,
    resolvedAt: null,
    correctedBySeq: null,
    history: [],
    createdAt: mem.now.toISOString(),
    updatedAt: mem.now.toISOString(),
  } as VerifactuSubmission);
}

let aeat: ArchivingAeat;
const deps = (): SubmitDeps => ({
  db: {} as SubmitDeps['db'],
  table: 't',
  now: () => mem.now,
  newId: () => `id${++ids}`,
  gateway: aeat,
  loadCertificate: async () => ({ certificateId: 'cert-1', pfx: Buffer.from('p12'), passphrase: 'secret' }),
  recordUse: async () => {},
  notifyRejected: async () => {},
  endpoint: () => 'https://aeat.test/VerifactuSOAP',
  soapTimeoutMs: 15_000,
  elapsedMs: () => 0,
  budgetMs: 27_000,
  archive: s3ArchiveStore(),
});

const putKeys = () => s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Key as string);
const history = (seq: number) => mem.subs.get(seq)!.history;

beforeEach(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env[ARCHIVE_BUCKET_ENV] = 'cuadra-test-verifactu-archive';
  s3.reset();
  s3.on(PutObjectCommand).callsFake((input: { Key: string }) => {
    events.push(`put ${input.Key}`);
    return {};
  });
  events = [];
  mem.subs.clear();
  mem.records.clear();
  mem.sender = {};
  mem.stats = {};
  mem.now = new Date('2027-01-15T10:00:00.000Z');
  mem.config = {
    companyId: COMPANY,
    mode: 'VERIFACTU',
    environment: 'TEST',
    representative: null,
    certificateId: 'cert-1',
    sealCertificate: false,
    enabled: true,
    lastConnectionTest: null,
    createdAt: '',
    updatedAt: '',
  } as VerifactuConfig;
  aeat = new ArchivingAeat();
});

describe('submit-records: the archive of the SOAP exchanges', () => {
  it('stores the request before the call and puts both keys on every history entry of the attempt', async () => {
    addRecord(1);
    addRecord(2);
    await drainCompany(deps(), COMPANY, ctx);
    expect(mem.subs.get(1)!.status).toBe('VERIFIED');
    const attemptId = mem.subs.get(1)!.history[0]!.attemptId;
    const request = `verifactu/${COMPANY}/2027/01/${attemptId}-request.xml`;
    const response = `verifactu/${COMPANY}/2027/01/${attemptId}-response.xml`;
    expect(events).toEqual([`put ${request}`, 'call submit', `put ${response}`]);
    for (const seq of [1, 2])
      expect(history(seq)).toEqual([
        expect.objectContaining({ attemptId, outcome: 'SENT_OK', archive: { request, response } }),
      ]);
    const sent = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(sent.Body).toContain(`${mem.records.get(1)!.huella}`);
    expect(sent.ContentType).toMatch(/^application\/xml/);
  });

  it('sends nothing when the request cannot be archived: records back to QUEUED, retried later', async () => {
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));
    addRecord(1);
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    expect(aeat.calls).toBe(0);
    expect(mem.subs.get(1)!.status).toBe('QUEUED');
    const [entry] = history(1);
    expect(entry).toEqual(expect.objectContaining({ outcome: 'ARCHIVE_FAILED' }));
    expect(entry!.archive).toBeUndefined();
    // Once the archive is back, the record goes out (with its archive).
    s3.reset();
    s3.on(PutObjectCommand).resolves({});
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.calls).toBe(1);
    expect(mem.subs.get(1)!.status).toBe('VERIFIED');
    expect(history(1).at(-1)!.archive?.request).toMatch(/-request\.xml$/);
  });

  it('an answer that cannot be archived does not lose the outcome (response: null)', async () => {
    s3.on(PutObjectCommand).resolvesOnce({}).rejects(new Error('SlowDown'));
    addRecord(1);
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.calls).toBe(1);
    expect(mem.subs.get(1)!.status).toBe('VERIFIED');
    expect(mem.subs.get(1)!.csv).toBe('A-CSV1');
    const [entry] = history(1);
    expect(entry!.archive).toEqual({ request: expect.stringMatching(/-request\.xml$/), response: null });
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(3); // request + response tried twice
  });

  it('an ambiguous time-out keeps its request and a text answer; the ConsultaLR has its own files', async () => {
    aeat.mode = 'timeout';
    addRecord(1);
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    const [sent] = history(1);
    expect(sent).toEqual(
      expect.objectContaining({
        outcome: 'TIMEOUT',
        archive: {
          request: `verifactu/${COMPANY}/2027/01/${sent!.attemptId}-request.xml`,
          response: `verifactu/${COMPANY}/2027/01/${sent!.attemptId}-response.txt`,
        },
      }),
    );
    const txt = s3.commandCalls(PutObjectCommand)[1]!.args[0].input;
    expect(txt.Body).toMatch(/^timeout\nrequestSent=true/);

    mem.now = new Date(mem.now.getTime() + 60_000);
    aeat.mode = 'ok';
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.consults).toBe(1);
    expect(aeat.calls).toBe(1); // found at the AEAT: not sent again
    const consulted = history(1).at(-1)!;
    expect(consulted.attemptId).toBe(sent!.attemptId);
    expect(consulted.archive?.request).toMatch(/-request\.xml$/);
    expect(consulted.archive?.request).not.toBe(sent!.archive!.request); // never overwrites the send's files
    expect(consulted.archive?.response).toMatch(/-response\.xml$/);
  });

  it('builds every key from the company id, the month and an id: never from the invoice number', async () => {
    addRecord(1, '../../etc/passwd');
    addRecord(2, 'F 2027/0002?x=<y>');
    await drainCompany(deps(), COMPANY, ctx);
    expect(putKeys().length).toBeGreaterThan(0);
    for (const key of putKeys())
      expect(key).toMatch(/^verifactu\/co-1\/2027\/01\/[A-Za-z0-9_-]+-(request|response)\.(xml|txt)$/);
  });

  it('a company id that is not an id never becomes a key (nothing is sent)', async () => {
    mem.config = { ...mem.config!, companyId: 'co/../x' };
    addRecord(1);
    await expect(drainCompany(deps(), 'co/../x', ctx)).rejects.toThrow();
    expect(aeat.calls).toBe(0);
    expect(putKeys()).toEqual([]);
  });
});
