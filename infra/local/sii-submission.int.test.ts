/**
 * SII submission end to end on the local cloud and its AEAT simulator (issue 16 items 2, 3, 5 and 9):
 * a fresh SII company of the demo gestor uploads a test certificate and saves its SII configuration
 * through the API; confirmed, cancelled and received invoices travel event → stream → `sii` queue →
 * registration → `sii-send` FIFO queue → sender → the simulator's SII services, through the local
 * cloud's own pollers. The simulator's count of receptions per record is the judge of "exactly once":
 *  (a) confirmed invoices: their FE records ACCEPTED, the invoice's `siiStatus` mirrored, one
 *      reception each;
 *  (b) a partly rejected message: invoices to a customer the simulator's census does not identify
 *      next to good ones, sent together: the good ACCEPTED, the bad REJECTED 1117; a retry with the
 *      customer as IDOtro 07 ('no censado') answers 'Reintento iniciado' and ends ACCEPTED;
 *  (c) received invoices: FR ACCEPTED; a correction goes as A1 (the AEAT's copy shows it); the
 *      deletion as a baja;
 *  (d) an invoice cancelled after it was accepted: its baja accepted, the AEAT's copy 'Anulada';
 *  (e) nothing lost: an invoice whose SII entry never came to be (removed from the table, as if its
 *      event had expired) is found by the `sii-deadlines` schedule and accepted, received once;
 *  (f) GET /sii/statistics counts the company's records as they ended.
 * The tests run in order on one company. Asynchronous results are awaited by polling with a
 * deadline; the `sii-sweep` schedule is run through the dev endpoint while waiting.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { makeTestP12 } from '@functions/domains/verifactu/testing/certificates';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import { cifControl } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { Invoice } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { SiiBook, SiiEntry, SiiStatistics, SiiStatus, SiiSubmission } from '@shared/schemas/sii';
import type { CertificateView } from '@shared/schemas/verifactu';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type SiiReception, siiSimulatorClient } from './aeat-simulator/sii-client';
import { SII_DEMO_UNIDENTIFIED_CUSTOMER, SII_UNIDENTIFIED_NIFS } from './aeat-simulator/sii-rules';
import { localClientConfig } from './aws';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const simTarget = cloud.aeatSimulator;
const api = apiClient(cloud.url);
const table = cloud.env.TABLE_NAME!;
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  { marshallOptions: { removeUndefinedValues: true } },
);

const run = Date.now().toString(36).toUpperCase().slice(-4);
let cifSeed = (Date.now() * 7 + Math.floor(Math.random() * 1e6)) % 9_000_000;
const freshCif = (letter = 'A') => {
  const seven = String(1_000_000 + (cifSeed++ % 8_999_999)).padStart(7, '0');
  return `${letter}${seven}${cifControl(seven).digit}`;
};
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
const address = {
  street: 'Avenida de Aragón 30',
  postalCode: '46021',
  city: 'Valencia',
  province: 'Valencia',
  country: 'ES',
};
const PASSWORD = 'Certificado-SII-Prueba-1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An SII entry as the API lists it (without record and history). */
type EntryRow = Omit<SiiEntry, 'record' | 'history'>;
interface InvoiceSii {
  invoiceId: string;
  siiStatus: SiiStatus | null;
  entries: EntryRow[];
}

async function runSchedule(name: string): Promise<void> {
  const res = await fetch(new URL(`/_dev/schedules/${name}/run`, cloud.url), {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`schedule ${name}: ${res.status} ${await res.text()}`);
}

/** Polls `probe` until it returns a value (not undefined) or the deadline passes; runs the sweep now and then. */
async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastSweep = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    if (Date.now() - lastSweep > 5_000) {
      lastSweep = Date.now();
      await runSchedule('sii-sweep').catch(() => undefined);
    }
    await sleep(400);
  }
}

const FINAL: readonly SiiStatus[] = ['ACCEPTED', 'REJECTED', 'ERROR', 'PENDING_CORRECTION'];

describe.skipIf(!simTarget)('SII submission to the AEAT simulator (local cloud)', () => {
  const sim = siiSimulatorClient(simTarget ?? { controlUrl: 'https://127.0.0.1:1/_sim' });
  let gestor: string;
  let companyId: string;
  let nif: string;
  let customer: Customer;
  let unidentified: Customer;
  /** Issued invoices that end ACCEPTED and stay (counted by the statistics). */
  const acceptedIssued: string[] = [];
  /** Received invoices that end ACCEPTED and stay. */
  const acceptedReceived: string[] = [];

  const call = async <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await api.request<T>(method, path, { token: gestor, companyId, ...opts });
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const configure = (body: Record<string, unknown>) =>
    call('PUT', `/api/v1/companies/${companyId}/sii-config`, { body });

  const confirm = (to: Customer, cents: number, description = 'Transporte Valencia – Zaragoza') =>
    call<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
      body: {
        invoiceType: 'F1',
        invoiceDate: TODAY,
        customerId: to.customerId,
        invoiceLines: [{ description, quantity: 1, unitPriceCents: cents, vatRateBp: 2100 }],
      },
    });

  const siiOf = (invoiceId: string) => call<InvoiceSii>('GET', `/api/v1/sii/invoices/${invoiceId}`);

  /** The invoice's record of `book` once `done` says so (by default: a final state). */
  const entryOf = (
    invoiceId: string,
    book: SiiBook,
    done: (e: EntryRow) => boolean = (e) => FINAL.includes(e.status),
  ) =>
    eventually(`the ${book} record of ${invoiceId}`, async () => {
      const e = (await siiOf(invoiceId)).entries.find((x) => x.book === book);
      return e && done(e) ? e : undefined;
    });

  /** What the simulator counted for one record of this company. */
  const receptionOf = async (service: 'FE' | 'FR', number: string): Promise<SiiReception | undefined> =>
    (await sim.receptions({ titular: nif, service })).find((r) => r.number === number);

  const storedRecordOf = async (book: 'FE' | 'FR', number: string) =>
    (await sim.records({ titular: nif, book })).find((r) => r.id.number === number);

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    await sim.clearFaults();
    const name = `Transportes SII ${run} SA`;
    const company = await api.request<{ companyId: string; nif: string }>('POST', '/api/v1/companies', {
      token: gestor,
      body: { name, nif: freshCif('A'), companyType: 'SA', address, siiEnabled: true },
    });
    if (!company.body.success) throw new Error(JSON.stringify(company.body.error));
    companyId = company.body.data.companyId;
    nif = company.body.data.nif;
    customer = await call<Customer>('POST', '/api/v1/customers', {
      body: { name: `Logística Ebro ${run} SL`, taxId: freshCif('B'), address, vatTreatment: 'DOMESTIC' },
    });
    unidentified = await call<Customer>('POST', '/api/v1/customers', {
      body: {
        name: SII_DEMO_UNIDENTIFIED_CUSTOMER.name,
        taxId: SII_DEMO_UNIDENTIFIED_CUSTOMER.nif,
        address: { ...address, postalCode: '50011', city: 'Zaragoza', province: 'Zaragoza' },
        vatTreatment: 'DOMESTIC',
      },
    });
    await call('POST', '/api/v1/invoice-series', {
      body: { code: `T${run}`, description: `SII ${run}`, isDefault: true },
    });
    const p12 = makeTestP12({ nif, name: name.toUpperCase(), password: PASSWORD });
    const cert = await call<CertificateView>('POST', `/api/v1/companies/${companyId}/certificates`, {
      body: {
        file: {
          fileName: 'certificado-sii.p12',
          contentType: 'application/x-pkcs12',
          contentBase64: p12.toString('base64'),
        },
        password: PASSWORD,
      },
    });
    await configure({
      environment: 'TEST',
      certificateId: cert.certificateId,
      submissionMode: 'AUTOMATIC',
      holdUnapprovedReceived: false,
    });
  });

  afterAll(async () => {
    await sim.clearFaults().catch(() => undefined);
  });

  it('(a) confirmed invoices end ACCEPTED, mirrored on the invoice, each received once', {
    timeout: 150_000,
  }, async () => {
    const invoices: Invoice[] = [];
    for (let i = 0; i < 3; i++) invoices.push(await confirm(customer, 100_000 + i * 1_000));
    acceptedIssued.push(...invoices.map((i) => i.invoiceId));
    for (const inv of invoices) {
      const e = await entryOf(inv.invoiceId, 'FE');
      expect(e).toMatchObject({
        status: 'ACCEPTED',
        registered: true,
        documentNumber: inv.invoiceNumber,
        pendingOperation: null,
        lastError: null,
      });
      expect(e.csv).toBeTruthy();
      // One exchange carried it.
      const detail = await call<{ entry: SiiEntry; submissions: SiiSubmission[] }>(
        'GET',
        `/api/v1/sii/entries/FE/${inv.invoiceId}`,
      );
      expect(detail.submissions.map((s) => [s.operation, s.status])).toEqual([['A0', 'ACCEPTED']]);
      expect(detail.entry.history.map((h) => h.status)).toEqual(['QUEUED', 'SENT', 'ACCEPTED']);
      const view = await call<Invoice>('GET', `/api/v1/invoices/${inv.invoiceId}`);
      expect(view.siiStatus).toBe('ACCEPTED');
      const r = await receptionOf('FE', inv.invoiceNumber!);
      expect(r, inv.invoiceNumber!).toMatchObject({ count: 1, accepted: 1, unprocessed: [] });
    }
  });

  it('(b) a partly rejected message: the good ACCEPTED, the unidentified customer REJECTED 1117, then corrected and ACCEPTED', {
    timeout: 180_000,
  }, async () => {
    expect(SII_UNIDENTIFIED_NIFS).toContain(unidentified.taxId);
    // MANUAL: the records wait for 'Enviar', so one bulk submit puts the three in one message.
    await configure({ submissionMode: 'MANUAL' });
    const good = [await confirm(customer, 50_000), await confirm(customer, 51_000)];
    const bad = await confirm(unidentified, 228_000, 'Transporte Zaragoza – Tarazona');
    const all = [...good, bad];
    acceptedIssued.push(...all.map((i) => i.invoiceId));
    for (const inv of all) await entryOf(inv.invoiceId, 'FE', (e) => e.status === 'NOT_SENT');
    const bulk = await call<{ queued: number; notFound: string[] }>('POST', '/api/v1/sii/submit/bulk', {
      body: { invoiceIds: all.map((i) => i.invoiceId) },
    });
    expect(bulk).toMatchObject({ queued: 3, notFound: [] });
    await configure({ submissionMode: 'AUTOMATIC' });

    const entries = await Promise.all(all.map((inv) => entryOf(inv.invoiceId, 'FE')));
    expect(entries.map((e) => e.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'REJECTED']);
    expect(entries[2]!.lastError).toMatchObject({ code: '1117' });
    expect(entries[2]!.registered).toBe(false);
    // One message normally carries the three (the AEAT answers it ParcialmenteCorrecto). The per-minute
    // sweep may wake the sender while the bulk is still moving them, splitting the message: then the
    // bad record's own message is the partly (or wholly) rejected one.
    const submissionId = entries[2]!.lastSubmissionId!;
    const submission = await call<SiiSubmission>('GET', `/api/v1/sii/submissions/${submissionId}`);
    const together = entries.every((e) => e.lastSubmissionId === submissionId);
    expect(submission).toMatchObject({
      book: 'FE',
      operation: 'A0',
      status: together ? 'PARTIALLY_ACCEPTED' : expect.stringMatching(/^(PARTIALLY_ACCEPTED|REJECTED)$/),
      ...(together
        ? { aeatState: 'ParcialmenteCorrecto', recordCount: 3, acceptedCount: 2, rejectedCount: 1 }
        : { rejectedCount: 1 }),
    });
    const badView = await call<Invoice>('GET', `/api/v1/invoices/${bad.invoiceId}`);
    expect(badView.siiStatus).toBe('REJECTED');
    // The statistics list it as a problem with the AEAT's text.
    const stats = await call<SiiStatistics>('GET', '/api/v1/sii/statistics');
    expect(stats.rejectedLast7Days).toBe(1);
    expect(stats.problems).toContainEqual(
      expect.objectContaining({
        invoiceId: bad.invoiceId,
        siiStatus: 'REJECTED',
        errorMessage: expect.stringContaining('[1117]'),
      }),
    );

    const retried = await call<{ message: string; entry: EntryRow }>(
      'POST',
      `/api/v1/sii/entries/FE/${bad.invoiceId}/retry`,
      {
        body: {
          corrections: {
            counterpartyOtherId: { countryCode: 'ES', idType: '07', id: SII_DEMO_UNIDENTIFIED_CUSTOMER.nif },
          },
        },
      },
    );
    expect(retried.message).toBe('Reintento iniciado');
    expect(['QUEUED', 'SENT', 'ACCEPTED']).toContain(retried.entry.status);
    const fixed = await entryOf(bad.invoiceId, 'FE', (e) => e.status !== 'QUEUED' && e.status !== 'SENT');
    expect(fixed).toMatchObject({ status: 'ACCEPTED', registered: true, lastError: null });
    expect((await call<Invoice>('GET', `/api/v1/invoices/${bad.invoiceId}`)).siiStatus).toBe('ACCEPTED');

    // The AEAT holds each once: the bad one was received twice (refused, then accepted as IDOtro).
    for (const inv of good)
      expect(await receptionOf('FE', inv.invoiceNumber!)).toMatchObject({ count: 1, accepted: 1 });
    const r = await receptionOf('FE', bad.invoiceNumber!);
    expect(r).toMatchObject({ count: 2, accepted: 1 });
    expect(r!.outcomes).toEqual(['A0 Incorrecto 1117', 'A0 Correcto']);
    const stored = await storedRecordOf('FE', bad.invoiceNumber!);
    expect(JSON.stringify(stored?.fields)).toContain('"IDType":"07"');
  });

  it('(c) received invoices: FR ACCEPTED, a correction sent as A1, a deletion as a baja', {
    timeout: 180_000,
  }, async () => {
    const supplier = { name: `Talleres Lasheras ${run} SL`, taxId: freshCif('B') };
    const received = (number: string, cents: number, description: string) => ({
      supplier,
      supplierInvoiceNumber: number,
      issueDate: TODAY,
      lines: [{ description, quantity: 1, unitPriceCents: cents, vatRateBp: 2100, kind: 'DOMESTIC' }],
      paymentMethod: 'TRANSFER',
    });
    const kept = await call<ReceivedInvoice>('POST', '/api/v1/received-invoices', {
      body: { ...received(`TL-${run}-1`, 64_500, 'Revisión de frenos'), approvalStatus: 'APPROVED' },
    });
    const changed = await call<ReceivedInvoice>('POST', '/api/v1/received-invoices', {
      body: { ...received(`TL-${run}-2`, 30_000, 'Cambio de neumáticos'), approvalStatus: 'APPROVED' },
    });
    acceptedReceived.push(kept.receivedInvoiceId);
    for (const ri of [kept, changed]) {
      const e = await entryOf(ri.receivedInvoiceId, 'FR');
      expect(e).toMatchObject({
        status: 'ACCEPTED',
        registered: true,
        documentNumber: ri.supplierInvoiceNumber,
      });
      const view = await call<ReceivedInvoice>('GET', `/api/v1/received-invoices/${ri.receivedInvoiceId}`);
      expect(view.siiStatus).toBe('ACCEPTED');
      expect(await receptionOf('FR', ri.supplierInvoiceNumber)).toMatchObject({ count: 1, accepted: 1 });
    }

    // A correction: the AEAT holds the record, so the new content goes as A1.
    const before = await entryOf(changed.receivedInvoiceId, 'FR');
    await call('PUT', `/api/v1/received-invoices/${changed.receivedInvoiceId}`, {
      body: received(`TL-${run}-2`, 34_000, 'Cambio de neumáticos y alineación'),
    });
    const updated = await entryOf(
      changed.receivedInvoiceId,
      'FR',
      (e) => e.contentVersion > before.contentVersion && FINAL.includes(e.status),
    );
    expect(updated).toMatchObject({ status: 'ACCEPTED', registered: true, totalCents: 41_140 });
    const afterA1 = await storedRecordOf('FR', changed.supplierInvoiceNumber);
    expect(afterA1?.history.map((h) => h.operation)).toEqual(['A0', 'A1']);
    expect(JSON.stringify(afterA1?.fields)).toContain('Cambio de neumáticos y alineación');
    expect(JSON.stringify(afterA1?.fields)).toContain('411.40');

    // The deletion: a baja of what the AEAT holds; the entry stays as its trace.
    await call('DELETE', `/api/v1/received-invoices/${changed.receivedInvoiceId}`);
    const withdrawn = await entryOf(
      changed.receivedInvoiceId,
      'FR',
      (e) => e.withdrawn && FINAL.includes(e.status) && e.pendingOperation === null,
    );
    expect(withdrawn).toMatchObject({ status: 'ACCEPTED', withdrawn: true });
    const afterBaja = await storedRecordOf('FR', changed.supplierInvoiceNumber);
    expect(afterBaja?.estado).toBe('Anulada');
    expect(afterBaja?.history.map((h) => h.operation)).toEqual(['A0', 'A1', 'BAJA']);
    expect((await receptionOf('FR', changed.supplierInvoiceNumber))?.outcomes).toEqual([
      'A0 Correcto',
      'A1 Correcto',
      'BAJA Correcto',
    ]);
  });

  it('(d) an invoice cancelled after it was accepted: its baja is accepted, the AEAT shows it Anulada', {
    timeout: 150_000,
  }, async () => {
    const inv = await confirm(customer, 75_000);
    await entryOf(inv.invoiceId, 'FE', (e) => e.status === 'ACCEPTED');
    await call('POST', `/api/v1/invoices/${inv.invoiceId}/cancel`, {
      body: { reason: 'Servicio no prestado: el cliente anuló el transporte.' },
    });
    const e = await entryOf(
      inv.invoiceId,
      'FE',
      (x) => x.withdrawn && x.pendingOperation === null && FINAL.includes(x.status),
    );
    expect(e).toMatchObject({ status: 'ACCEPTED', withdrawn: true });
    const stored = await storedRecordOf('FE', inv.invoiceNumber!);
    expect(stored?.estado).toBe('Anulada');
    expect((await receptionOf('FE', inv.invoiceNumber!))?.outcomes).toEqual(['A0 Correcto', 'BAJA Correcto']);
  });

  it('(e) nothing lost: an invoice without its SII entry is found by the sii-deadlines schedule and accepted once', {
    timeout: 180_000,
  }, async () => {
    // MANUAL keeps the record from leaving while it is removed, as if its event had expired unseen.
    await configure({ submissionMode: 'MANUAL' });
    const inv = await confirm(customer, 88_000);
    acceptedIssued.push(inv.invoiceId);
    await entryOf(inv.invoiceId, 'FE', (e) => e.status === 'NOT_SENT');
    await db.send(
      new DeleteCommand({ TableName: table, Key: keys.siiEntry(companyId, 'FE', inv.invoiceId) }),
    );
    await configure({ submissionMode: 'AUTOMATIC' });
    expect((await siiOf(inv.invoiceId)).entries).toEqual([]);
    expect(await receptionOf('FE', inv.invoiceNumber!)).toBeUndefined();
    const stored = await db.send(
      new GetCommand({ TableName: table, Key: keys.invoice(companyId, inv.invoiceId), ConsistentRead: true }),
    );
    expect(stored.Item?.siiStatus).toBe('NOT_SENT');

    await runSchedule('sii-deadlines');
    const e = await entryOf(inv.invoiceId, 'FE');
    expect(e).toMatchObject({ status: 'ACCEPTED', registered: true, documentNumber: inv.invoiceNumber });
    expect((await call<Invoice>('GET', `/api/v1/invoices/${inv.invoiceId}`)).siiStatus).toBe('ACCEPTED');
    expect(await receptionOf('FE', inv.invoiceNumber!)).toMatchObject({ count: 1, accepted: 1 });
    // A second run finds nothing more to do: still one reception.
    await runSchedule('sii-deadlines');
    await sleep(2_000);
    expect(await receptionOf('FE', inv.invoiceNumber!)).toMatchObject({ count: 1, accepted: 1 });
  });

  it("(f) GET /sii/statistics counts the company's records as they ended", { timeout: 60_000 }, async () => {
    const stats = await call<SiiStatistics>('GET', '/api/v1/sii/statistics');
    const accepted = acceptedIssued.length + acceptedReceived.length;
    expect(stats).toMatchObject({
      enabled: true,
      period: 'CURRENT_MONTH',
      totalPending: 0,
      errors: 0,
      rejectedLast7Days: 0,
      acceptedLast7Days: accepted,
      upcomingDeadlines: 0,
      // Every record was answered by the AEAT itself (no lost answer, no ConsultaLR difference).
      reconciliationPending: 0,
      problems: [],
      deadlines: [],
    });
    const row = (b: SiiBook) => stats.books.find((x) => x.bookType === b);
    expect(stats.books.map((b) => b.bookType)).toEqual(['FE', 'FR', 'BI', 'OI', 'RECC']);
    expect(row('FE')).toMatchObject({
      bookName: 'Libro registro de facturas expedidas',
      pending: 0,
      accepted: acceptedIssued.length,
      rejected: 0,
      errors: 0,
    });
    expect(row('FR')).toMatchObject({
      pending: 0,
      accepted: acceptedReceived.length,
      rejected: 0,
      errors: 0,
    });
    for (const b of ['BI', 'OI', 'RECC'] as const)
      expect(row(b)).toMatchObject({ pending: 0, accepted: 0, rejected: 0, errors: 0 });
    // One book asked alone.
    const fe = await call<SiiStatistics>('GET', '/api/v1/sii/statistics', {
      query: { period: 'LAST_7_DAYS', book: 'FE' },
    });
    expect(fe.books).toEqual([expect.objectContaining({ bookType: 'FE', accepted: acceptedIssued.length })]);
    expect(fe.acceptedLast7Days).toBe(acceptedIssued.length);
    // Every submission of the company's FE book is in its list, none left in flight.
    const subs = await call<Page<SiiSubmission>>('GET', '/api/v1/sii/submissions', {
      query: { book: 'FE', size: '100' },
    });
    expect(subs.content.length).toBeGreaterThan(0);
    expect(subs.content.filter((s) => s.status === 'SENT')).toEqual([]);
  });
});
