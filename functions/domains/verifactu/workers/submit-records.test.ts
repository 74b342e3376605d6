/**
 * The sender's rules against an in-memory AEAT (receptions counted per record, faults on demand)
 * and an in-memory table behind the store functions. The fake store honours the same conditions
 * as the real conditional writes (status and attemptId), so duplicated and concurrent deliveries,
 * time-outs and retries are checked on their effect: how many times the AEAT received each record.
 * The DynamoDB commands themselves are checked in store/*.test.ts.
 */

import { createLogger } from '@functions/platform/logger';
import type { VerifactuConfig, VerifactuRecord } from '@shared/schemas/verifactu';
import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsultaAnswer, ResponseLine, SubmitAnswer } from '../model/outcome';
import type { AeatCallResult, AeatGateway, Cabecera } from '../store/aeat-client';

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
import {
  drainCompany,
  processMessage,
  RetryLaterError,
  rejectionNotice,
  retryDelaySeconds,
  type SubmitDeps,
  withBackoff,
} from './submit-records';

// --- in-memory AEAT --------------------------------------------------------------------------------

type Behaviour =
  | 'ok'
  | 'timeout-after-accept'
  | 'timeout-before-accept'
  | 'drop-before-send'
  | 'server-fault'
  | 'http-503'
  | 'tls-error';

class FakeAeat implements AeatGateway {
  registered = new Map<string, { estado: 'Correcta' | 'AceptadaConErrores'; huella: string }>();
  receptions = new Map<string, number>();
  messages: string[][] = [];
  consults = 0;
  next: Behaviour[] = [];
  /** Numbers the AEAT rejects (Incorrecto 1100) or that make the whole message a Client fault. */
  reject = new Set<string>();
  malformed = new Set<string>();
  acceptWithErrors = new Set<string>();
  wait = 60;

  async submit(_t: unknown, cab: Cabecera, records: VerifactuRecord[]) {
    const behaviour = this.next.shift() ?? 'ok';
    this.messages.push(records.map((r) => numberOf(r)));
    this.cabeceras.push(cab);
    if (behaviour === 'drop-before-send')
      return { call: { kind: 'connection-lost', requestSent: false } as AeatCallResult, answer: null };
    if (behaviour === 'tls-error')
      return { call: { kind: 'tls-error', message: 'ERR_SSL' } as AeatCallResult, answer: null };
    if (behaviour === 'timeout-before-accept')
      return { call: { kind: 'timeout', requestSent: true } as AeatCallResult, answer: null };
    if (behaviour === 'server-fault')
      return {
        call: { kind: 'http', status: 500, body: '' } as AeatCallResult,
        answer: {
          kind: 'fault',
          faultCode: 'Server',
          code: '20009',
          message: 'Error interno',
        } as SubmitAnswer,
      };
    if (behaviour === 'http-503')
      return {
        call: { kind: 'http', status: 503, body: '' } as AeatCallResult,
        answer: { kind: 'unreadable', message: 'x' } as SubmitAnswer,
      };
    if (records.some((r) => this.malformed.has(numberOf(r))))
      return {
        call: { kind: 'http', status: 500, body: '' } as AeatCallResult,
        answer: {
          kind: 'fault',
          faultCode: 'Client',
          code: '4102',
          message: 'El XML no cumple el esquema',
        } as SubmitAnswer,
      };
    const lines: ResponseLine[] = records.map((r) => {
      const key = numberOf(r);
      const id = { ...(r.fields.IDFactura as ResponseLine['idFactura']) };
      const have = this.registered.get(key);
      if (have && have.huella === r.huella) {
        this.receptions.set(key, (this.receptions.get(key) ?? 0) + 1);
        return {
          idFactura: id,
          operation: 'Alta',
          estadoRegistro: 'Incorrecto',
          code: '3000',
          message: 'Duplicado',
          duplicate: { estado: have.estado, code: null, message: null },
        };
      }
      if (this.reject.has(key))
        return {
          idFactura: id,
          operation: 'Alta',
          estadoRegistro: 'Incorrecto',
          code: '1100',
          message: 'Valor del campo NIF incorrecto',
          duplicate: null,
        };
      this.receptions.set(key, (this.receptions.get(key) ?? 0) + 1);
      const withErrors = this.acceptWithErrors.has(key);
      this.registered.set(key, { estado: withErrors ? 'AceptadaConErrores' : 'Correcta', huella: r.huella });
      return withErrors
        ? {
            idFactura: id,
            operation: 'Alta',
            estadoRegistro: 'AceptadoConErrores',
            code: '2001',
            message: null,
            duplicate: null,
          }
        : {
            idFactura: id,
            operation: 'Alta',
            estadoRegistro: 'Correcto',
            code: null,
            message: null,
            duplicate: null,
          };
    });
    if (behaviour === 'timeout-after-accept')
      return { call: { kind: 'timeout', requestSent: true } as AeatCallResult, answer: null };
    return {
      call: { kind: 'http', status: 200, body: '' } as AeatCallResult,
      answer: {
        kind: 'response',
        estadoEnvio: 'Correcto',
        csv: 'A-CSV0000000001',
        waitSeconds: this.wait,
        lines,
      } as SubmitAnswer,
    };
  }

  cabeceras: Cabecera[] = [];

  async consult(_t: unknown, _c: Cabecera, record: VerifactuRecord): Promise<ConsultaAnswer> {
    this.consults += 1;
    const have = this.registered.get(numberOf(record));
    if (!have || have.huella !== record.huella) return { kind: 'not-found' };
    return { kind: 'found', estado: have.estado, code: null, message: null };
  }
}

const numberOf = (r: VerifactuRecord) => (r.fields.IDFactura as { NumSerieFactura: string }).NumSerieFactura;

// --- fixtures ---------------------------------------------------------------------------------------

const COMPANY = 'co-1';
const log = createLogger({});

function addRecord(seq: number) {
  const number = `F-2027-${String(seq).padStart(4, '0')}`;
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
  });
  return number;
}

let aeat: FakeAeat;
let notified: { seq: number; code: string | null }[];
let uses: { operation: string; ok: boolean }[];
let ids = 0;

const deps = (): SubmitDeps => ({
  db: {} as SubmitDeps['db'],
  table: 't',
  now: () => mem.now,
  newId: () => `id${++ids}`,
  gateway: aeat,
  loadCertificate: async () => ({ certificateId: 'cert-1', pfx: Buffer.from('p12'), passphrase: 'secret' }),
  recordUse: async (_c, _id, use) => {
    uses.push(use);
  },
  notifyRejected: async (sub, o) => {
    notified.push({ seq: sub.seq, code: o.code });
  },
  endpoint: () => 'https://aeat.test/VerifactuSOAP',
  soapTimeoutMs: 15_000,
  elapsedMs: () => 0,
  budgetMs: 27_000,
});

const advance = (ms: number) => {
  mem.now = new Date(mem.now.getTime() + ms);
};
const status = (seq: number) => mem.subs.get(seq)!.status;
const ctx = { log };

beforeEach(() => {
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
  };
  aeat = new FakeAeat();
  notified = [];
  uses = [];
});

describe('submit-records: sending', () => {
  it('sends the queued records in one message in chain order and records the AEAT answer', async () => {
    for (let s = 1; s <= 3; s++) addRecord(s);
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toEqual([['F-2027-0001', 'F-2027-0002', 'F-2027-0003']]);
    expect([1, 2, 3].map(status)).toEqual(['VERIFIED', 'VERIFIED', 'VERIFIED']);
    expect(mem.subs.get(1)!).toMatchObject({ aeatState: 'Correcto', csv: 'A-CSV0000000001', attempts: 1 });
    expect(mem.subs.get(1)!.history.map((h) => h.outcome)).toEqual(['SENT_OK']);
    expect(mem.sender.nextAllowedAt).toBe('2027-01-15T10:01:00.000Z');
    expect(mem.stats).toEqual({ QUEUED: -3, SENT: 0, VERIFIED: 3 });
    expect(uses).toEqual([{ operation: 'SUBMISSION', ok: true, detail: 'HTTP 200' }]);
    expect(aeat.cabeceras[0]).toEqual({
      obligado: { name: 'Panadería La Espiga SL', nif: 'B12345678' },
      representante: null,
    });
    expect(r).toMatchObject({ sent: 3, messages: 1 });
    expect(mem.sender.leaseId).toBeUndefined(); // released
  });

  it('a change of the issuer NIF starts a new message (one ObligadoEmision per message)', async () => {
    aeat.wait = 0;
    addRecord(1);
    addRecord(2);
    (mem.records.get(2)!.fields.IDFactura as { IDEmisorFactura: string }).IDEmisorFactura = 'B99999999';
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toEqual([['F-2027-0001'], ['F-2027-0002']]);
    expect(aeat.cabeceras.map((c) => c.obligado.nif)).toEqual(['B12345678', 'B99999999']);
  });

  it('puts the representative of the configuration in the Cabecera', async () => {
    mem.config!.representative = { name: 'Asesoría Navarro SL', nif: 'B87654321' };
    addRecord(1);
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.cabeceras[0]!.representante).toEqual({ name: 'Asesoría Navarro SL', nif: 'B87654321' });
  });

  it.each([
    ['absent', null],
    ['disabled', { enabled: false }],
    ['NO VERI*FACTU', { mode: 'NO_VERIFACTU' }],
  ])('sends nothing when the configuration is %s', async (_n, change) => {
    addRecord(1);
    mem.config = change ? ({ ...mem.config, ...change } as VerifactuConfig) : null;
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(r.stop).toBe('not-configured');
    expect(aeat.messages).toEqual([]);
    expect(status(1)).toBe('QUEUED');
  });

  it('sends nothing and leaves the records queued when there is no certificate', async () => {
    addRecord(1);
    const r = await drainCompany({ ...deps(), loadCertificate: async () => null }, COMPANY, ctx);
    expect(r.stop).toBe('no-certificate');
    expect(status(1)).toBe('QUEUED');
  });

  it('returns without sending when another sender holds the lease', async () => {
    addRecord(1);
    mem.sender.leaseUntil = new Date(mem.now.getTime() + 30_000).toISOString();
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(r.stop).toBe('leased');
    expect(aeat.messages).toEqual([]);
  });

  it('takes an expired lease', async () => {
    addRecord(1);
    mem.sender.leaseUntil = new Date(mem.now.getTime() - 1).toISOString();
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(1)).toBe('VERIFIED');
  });
});

describe('submit-records: each record reaches the AEAT once', () => {
  it('the same message delivered three times sends each record once', async () => {
    for (let s = 1; s <= 5; s++) addRecord(s);
    const message = {
      messageId: 'm1',
      body: JSON.stringify({ companyId: COMPANY }),
      attributes: {},
    } as never;
    for (let i = 0; i < 3; i++) await processMessage(deps(), message, ctx);
    expect(aeat.messages).toHaveLength(1);
    for (let s = 1; s <= 5; s++) expect(aeat.receptions.get(`F-2027-000${s}`)).toBe(1);
  });

  it('three concurrent deliveries send each record once (the lease)', async () => {
    for (let s = 1; s <= 5; s++) addRecord(s);
    await Promise.all([0, 1, 2].map(() => drainCompany(deps(), COMPANY, ctx)));
    expect(aeat.messages).toHaveLength(1);
    expect([...aeat.receptions.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it('a record someone else claimed in between is not sent', async () => {
    addRecord(1);
    addRecord(2);
    mem.beforeMove = () => {
      const s = mem.subs.get(2)!;
      s.status = 'SENT';
      s.attemptId = 'other';
      s.lastAttemptAt = mem.now.toISOString();
    };
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toEqual([['F-2027-0001']]);
  });

  it('a time-out after the AEAT accepted: retry consults first and does not resend', async () => {
    addRecord(1);
    aeat.next = ['timeout-after-accept'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    expect(status(1)).toBe('SENT');
    expect(mem.subs.get(1)!.history.map((h) => h.outcome)).toEqual(['TIMEOUT']);

    // Delivered again before the SOAP time-out has passed: in flight, nothing is done.
    advance(5_000);
    expect((await drainCompany(deps(), COMPANY, ctx)).stop).toBe('in-flight');
    expect(aeat.consults).toBe(0);

    advance(20_000);
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.consults).toBe(1);
    expect(aeat.messages).toHaveLength(1);
    expect(aeat.receptions.get('F-2027-0001')).toBe(1);
    expect(status(1)).toBe('VERIFIED');
    expect(mem.subs.get(1)!.history.map((h) => h.outcome)).toEqual(['TIMEOUT', 'CONSULTED']);
    expect(r.resolved).toBe(1);
  });

  it('a time-out before the AEAT registered it: the query does not find it and it is sent again', async () => {
    addRecord(1);
    aeat.next = ['timeout-before-accept'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toThrow(/ConsultaLR before any resend/);
    advance(20_000);
    // Not found → QUEUED; the waiting time of the unanswered message still applies.
    expect((await drainCompany(deps(), COMPANY, ctx)).stop).toBe('waiting');
    expect(status(1)).toBe('QUEUED');
    advance(60_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(1)).toBe('VERIFIED');
    expect(aeat.receptions.get('F-2027-0001')).toBe(1);
    expect(mem.subs.get(1)!.attempts).toBe(2);
    expect(mem.subs.get(1)!.history.map((h) => h.outcome)).toEqual(['TIMEOUT', 'NOT_AT_AEAT', 'SENT_OK']);
  });

  it('a resend of a record the AEAT has (3000 duplicate) takes the stored state', async () => {
    addRecord(1);
    aeat.registered.set('F-2027-0001', { estado: 'AceptadaConErrores', huella: mem.records.get(1)!.huella });
    await drainCompany(deps(), COMPANY, ctx);
    expect(mem.subs.get(1)!).toMatchObject({
      status: 'ACCEPTED_WITH_ERRORS',
      aeatState: 'AceptadaConErrores',
    });
    expect(mem.subs.get(1)!.aeatMessage).toMatch(/duplicado/i);
    expect(mem.subs.get(1)!.history.at(-1)!.outcome).toBe('DUPLICATE');
    expect(notified).toEqual([]);
  });

  it.each([
    ['server-fault', 'SOAP_FAULT'],
    ['http-503', 'SERVER_ERROR'],
  ] as const)('an ambiguous %s leaves the records SENT and asks SQS to retry', async (behaviour, outcome) => {
    addRecord(1);
    aeat.next = [behaviour];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    expect(status(1)).toBe('SENT');
    expect(mem.subs.get(1)!.history.map((h) => h.outcome)).toEqual([outcome]);
  });

  it.each([
    ['drop-before-send', 'CONNECTION_LOST'],
    ['tls-error', 'TLS_ERROR'],
  ] as const)(
    '%s: nothing left, the records go back to QUEUED and SQS retries',
    async (behaviour, outcome) => {
      addRecord(1);
      aeat.next = [behaviour];
      await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
      expect(status(1)).toBe('QUEUED');
      expect(mem.subs.get(1)!.history.map((h) => h.outcome)).toEqual([outcome]);
      await drainCompany(deps(), COMPANY, ctx);
      expect(status(1)).toBe('VERIFIED');
      expect(aeat.receptions.get('F-2027-0001')).toBe(1);
    },
  );
});

describe('submit-records: flow control (TiempoEsperaEnvio)', () => {
  it('waits for the AEAT waiting time before the next message', async () => {
    addRecord(1);
    await drainCompany(deps(), COMPANY, ctx);
    addRecord(2);
    advance(30_000);
    expect((await drainCompany(deps(), COMPANY, ctx)).stop).toBe('waiting');
    expect(status(2)).toBe('QUEUED');
    advance(31_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(2)).toBe('VERIFIED');
    expect(aeat.messages).toEqual([['F-2027-0001'], ['F-2027-0002']]);
  });

  it('honours the waiting time the AEAT returns', async () => {
    aeat.wait = 5;
    addRecord(1);
    await drainCompany(deps(), COMPANY, ctx);
    expect(mem.sender.nextAllowedAt).toBe('2027-01-15T10:00:05.000Z');
  });

  it('after an unanswered message the latest waiting time received applies', async () => {
    aeat.wait = 5;
    addRecord(1);
    await drainCompany(deps(), COMPANY, ctx);
    advance(6_000);
    addRecord(2);
    aeat.next = ['timeout-after-accept'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    expect(mem.sender.nextAllowedAt).toBe('2027-01-15T10:00:11.000Z');
  });

  it('sends at once when 1,000 records wait, in messages of at most 1,000', async () => {
    mem.sender.nextAllowedAt = new Date(mem.now.getTime() + 50_000).toISOString();
    for (let s = 1; s <= 1001; s++) addRecord(s);
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => m.length)).toEqual([1000]);
    expect(status(1001)).toBe('QUEUED');
  });
});

describe('submit-records: rejections and faults', () => {
  it('a rejected record ends ERROR with the AEAT code and its staff is told once', async () => {
    addRecord(1);
    addRecord(2);
    aeat.reject.add('F-2027-0002');
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(1)).toBe('VERIFIED');
    expect(mem.subs.get(2)!).toMatchObject({
      status: 'ERROR',
      aeatState: 'Incorrecto',
      aeatCode: '1100',
      aeatMessage: 'Valor del campo NIF incorrecto',
    });
    expect(notified).toEqual([{ seq: 2, code: '1100' }]);
    // A later delivery does not touch it again.
    advance(120_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect(notified).toHaveLength(1);
    expect(aeat.messages).toHaveLength(1);
  });

  it('an accepted-with-errors line keeps its code', async () => {
    addRecord(1);
    aeat.acceptWithErrors.add('F-2027-0001');
    await drainCompany(deps(), COMPANY, ctx);
    expect(mem.subs.get(1)!).toMatchObject({ status: 'ACCEPTED_WITH_ERRORS', aeatCode: '2001' });
  });

  it('a SOAP Client fault on a batch is isolated: the bad record ends ERROR, the others are accepted', async () => {
    for (let s = 1; s <= 3; s++) addRecord(s);
    aeat.malformed.add('F-2027-0002');
    aeat.wait = 0;
    // A zero waiting time lets the one-by-one sends follow each other in one delivery.
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toEqual([
      ['F-2027-0001', 'F-2027-0002', 'F-2027-0003'],
      ['F-2027-0001'],
      ['F-2027-0002'],
      ['F-2027-0003'],
    ]);
    expect([1, 2, 3].map(status)).toEqual(['VERIFIED', 'ERROR', 'VERIFIED']);
    expect(mem.subs.get(2)!).toMatchObject({ aeatState: 'Fault', aeatCode: '4102' });
    expect(mem.subs.get(1)!.history.map((h) => h.outcome)).toEqual(['SOAP_FAULT_SPLIT', 'SENT_OK']);
    expect(notified).toEqual([{ seq: 2, code: '4102' }]);
    expect(mem.sender.isolateThroughSeq).toBeNull();
    for (const n of ['F-2027-0001', 'F-2027-0003']) expect(aeat.receptions.get(n)).toBe(1);
  });

  it('isolation honours the waiting time between the one-by-one sends', async () => {
    for (let s = 1; s <= 3; s++) addRecord(s);
    aeat.malformed.add('F-2027-0003');
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toEqual([['F-2027-0001', 'F-2027-0002', 'F-2027-0003'], ['F-2027-0001']]);
    expect(mem.sender.isolateThroughSeq).toBe(3);
    advance(61_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.at(-1)).toEqual(['F-2027-0002']);
    advance(61_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect([1, 2, 3].map(status)).toEqual(['VERIFIED', 'VERIFIED', 'ERROR']);
    expect(mem.sender.isolateThroughSeq).toBeNull();
  });

  it('the rejection notice is Spanish, names the invoice and the code, and links to VeriFacTu', () => {
    addRecord(7);
    const n = rejectionNotice(mem.subs.get(7)!, { code: '1100', message: 'Valor incorrecto' });
    expect(n).toMatchObject({
      title: 'Registro VeriFacTu rechazado',
      link: '/app/verifactu',
      severity: 'error',
    });
    expect(n.type.startsWith('verifactu')).toBe(true);
    expect(n.message).toContain('F-2027-0007');
    expect(n.message).toContain('1100');
  });
});

describe('submit-records: SQS entry point', () => {
  it('a message without a company is ignored', async () => {
    const r = await processMessage(deps(), { messageId: 'x', body: '{"foo":1}' } as never, ctx);
    expect(r).toBeNull();
  });

  it('failed messages get a growing back-off visibility', async () => {
    const changed: [string, number][] = [];
    const event = {
      Records: [
        { messageId: 'a', receiptHandle: 'ra', attributes: { ApproximateReceiveCount: '1' } },
        { messageId: 'b', receiptHandle: 'rb', attributes: { ApproximateReceiveCount: '3' } },
        { messageId: 'c', receiptHandle: 'rc', attributes: { ApproximateReceiveCount: '1' } },
      ],
    } as unknown as SQSEvent;
    const handler = withBackoff(
      async () => ({ batchItemFailures: [{ itemIdentifier: 'a' }, { itemIdentifier: 'b' }] }),
      async (h, s) => {
        changed.push([h, s]);
      },
    );
    const res = await handler(event);
    expect(res.batchItemFailures).toHaveLength(2);
    expect(changed).toEqual([
      ['ra', 20],
      ['rb', 80],
    ]);
    expect(retryDelaySeconds(10)).toBe(300);
  });
});
