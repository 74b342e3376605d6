/**
 * The SII sender against an in-memory AEAT that counts every reception of every record
 * (testing/sender-fakes.ts) and the in-memory table of testing/harness.ts, so every claim and every
 * outcome is the real conditional write. Duplicated and concurrent deliveries, lost answers, partly
 * rejected messages, duplicates, SOAP faults, content changed in flight, bajas, archive and transport
 * failures are checked on their effect: how many times the AEAT received each record, and the state
 * every entry (and its invoice's siiStatus) ends in.
 */

import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { issuedDomestic, payment } from '@functions/lib/sii-xml/testing/records';
import { keys } from '@shared/db/keys';
import { SII_MAX_RECORDS_PER_MESSAGE, type SiiEntry, type SiiSubmission } from '@shared/schemas/sii';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../model/outcome';
import { entryFromItem } from '../store/entry-item';
import {
  COMPANY,
  COMPANY_NIF,
  companyItems,
  configItem,
  invoiceItemOf,
  issuedInvoice,
  memberItem,
  siiHarness,
  silentLog,
} from '../testing/harness';
import { entryItemOf, FakeAeat, MemoryArchive, queuedEntry } from '../testing/sender-fakes';
import {
  drainCompany,
  processMessage,
  RetryLaterError,
  retryDelaySeconds,
  type SubmitDeps,
  siiNotice,
  withBackoff,
} from './submit-records';

const h = siiHarness();
const ctx = { log: silentLog };

let aeat: FakeAeat;
let archive: MemoryArchive;
let notices: { entryId: string; notice: string }[];
let wakes: string[];
let elapsed: number;

const deps = (over: Partial<SubmitDeps> = {}): SubmitDeps => ({
  db: h.deps.db,
  table: h.deps.table,
  now: h.deps.now,
  newId: h.deps.newId,
  gateway: aeat,
  archive,
  loadCertificate: async () => ({
    certificateId: 'cert-1',
    pfx: Buffer.from('p12'),
    passphrase: 'secreto',
    validTo: null,
  }),
  notify: async (entry, notice) => {
    notices.push({ entryId: entry.entryId, notice });
  },
  wake: async (_companyId, dedupeId) => {
    wakes.push(dedupeId);
  },
  soapTimeoutMs: 15_000,
  elapsedMs: () => elapsed,
  budgetMs: 27_000,
  maxRecordsPerMessage: SII_MAX_RECORDS_PER_MESSAGE,
  ...over,
});

const record = (n: number, over: Parameters<typeof issuedDomestic>[0] = {}) =>
  issuedDomestic({
    period: { year: 2026, period: '03' },
    invoiceId: {
      issuerNif: COMPANY_NIF,
      number: `F-2026-${String(n).padStart(4, '0')}`,
      issueDate: '2026-03-09',
    },
    ...over,
  });

/** A confirmed invoice `inv-<n>` and its FE entry, QUEUED for its A0 (created in order of n). */
function addIssued(n: number, over: Partial<SiiEntry> = {}): SiiEntry {
  const invoiceId = `inv-${n}`;
  h.table.put(invoiceItemOf(issuedInvoice({ invoiceId, siiStatus: 'QUEUED' })));
  const entry = queuedEntry(record(n), {
    documentId: invoiceId,
    entryId: `FE:${invoiceId}`,
    source: { type: 'INVOICE', id: invoiceId, invoiceId },
    createdAt: `2026-03-10T08:00:${String(n).padStart(2, '0')}.000Z`,
    updatedAt: `2026-03-10T08:00:${String(n).padStart(2, '0')}.000Z`,
    ...over,
  });
  h.table.put(entryItemOf(entry));
  return entry;
}

const itemOf = (n: number) => h.table.get(keys.siiEntry(COMPANY, 'FE', `inv-${n}`))!;
const entry = (n: number) => entryFromItem(itemOf(n));
const status = (n: number) => entry(n).status;
const invoiceSiiStatus = (n: number) => h.table.get(keys.invoice(COMPANY, `inv-${n}`))?.siiStatus;
const submissions = () =>
  (h.table.all('SiiSubmission') as unknown as SiiSubmission[]).sort((a, b) =>
    a.submissionId.localeCompare(b.submissionId),
  );
const advance = (ms: number) => h.setNow(new Date(h.deps.now().getTime() + ms));

/** The registration's effect of a change of the source while the entry is SENT: content bumped only. */
function changeContentInFlight(n: number, description: string) {
  const e = entry(n);
  h.table.put(
    entryItemOf({
      ...e,
      record: record(n, { description }),
      contentVersion: e.contentVersion + 1,
      updatedAt: '2026-03-10T09:00:00.500Z',
    }),
  );
}

beforeEach(() => {
  h.reset();
  for (const item of companyItems()) h.table.put(item);
  h.table.put(configItem());
  h.table.put(memberItem('u-owner', 'OWNER'));
  aeat = new FakeAeat(h.deps.now);
  archive = new MemoryArchive();
  notices = [];
  wakes = [];
  elapsed = 0;
});

describe('submit-records: sending', () => {
  it('sends the queued records in one message and records the answer on entries, invoices and the submission', async () => {
    for (let n = 1; n <= 3; n++) addIssued(n);
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toEqual([
      { service: 'FE', operation: 'A0', numbers: ['F-2026-0001', 'F-2026-0002', 'F-2026-0003'] },
    ]);
    expect(r).toMatchObject({ messages: 1, sent: 3, accepted: 3, rejected: 0, stop: 'idle' });
    for (let n = 1; n <= 3; n++) {
      expect(entry(n)).toMatchObject({
        status: 'ACCEPTED',
        registered: true,
        pendingOperation: null,
        sentContentVersion: 1,
        sentOperation: 'A0',
        attempts: 0,
        csv: 'CSV0000000000001',
        lastError: null,
      });
      expect(invoiceSiiStatus(n)).toBe('ACCEPTED');
      // Final: out of the sender's index and of the open index.
      expect(itemOf(n).gsi1pk).toBeUndefined();
      expect(itemOf(n).gsi2pk).toBeUndefined();
    }
    expect(entry(1).history.map((x) => x.status)).toEqual(['SENT', 'ACCEPTED']);
    const [sub] = submissions();
    expect(sub).toMatchObject({
      book: 'FE',
      operation: 'A0',
      environment: 'TEST',
      status: 'ACCEPTED',
      recordCount: 3,
      acceptedCount: 3,
      aeatState: 'Correcto',
      csv: 'CSV0000000000001',
      periods: ['2026-03'],
    });
    expect(sub!.records.map((x) => x.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    expect(entry(1).lastSubmissionId).toBe(sub!.submissionId);
    // The exact envelope and the answer are archived under the submission id.
    expect(sub!.archive.request).toBe(`${COMPANY}/2026/03/${sub!.submissionId}-request.xml`);
    expect(sub!.archive.response).toBe(`${COMPANY}/2026/03/${sub!.submissionId}-response.xml`);
    expect(archive.objects.get(sub!.archive.request!)!.body).toContain('F-2026-0002');
    // The lease is given back, with how the run ended.
    expect(h.table.get(keys.siiSender(COMPANY))).toMatchObject({ lastRun: { stop: 'idle', message: null } });
    expect(h.table.get(keys.siiSender(COMPANY))!.leaseId).toBeUndefined();
  });

  it('AceptadoConErrores: ACCEPTED and registered, with the AEAT code kept', async () => {
    addIssued(1);
    aeat.acceptWithErrors.add('F-2026-0001');
    await drainCompany(deps(), COMPANY, ctx);
    expect(entry(1)).toMatchObject({
      status: 'ACCEPTED',
      registered: true,
      acceptedWithErrors: true,
      lastError: { code: '2011', message: 'El NIF de la contraparte no está censado.' },
    });
    // Every record is registered: the message is ACCEPTED; the AEAT's own word is kept beside it.
    expect(submissions()[0]).toMatchObject({
      status: 'ACCEPTED',
      aeatState: 'ParcialmenteCorrecto',
      acceptedWithErrorsCount: 1,
    });
  });

  it('sends one message per service and communication, and puts the representative in the Cabecera', async () => {
    h.table.put(configItem({ representative: { name: 'Asesoría Navarro SL', nif: 'B87654321' } }));
    addIssued(1);
    addIssued(2, { pendingOperation: 'A1', registered: true });
    aeat.held.set(FakeAeat.keyOf('FE', record(2)), {
      service: 'FE',
      key: FakeAeat.keyOf('FE', record(2)),
      record: record(2),
      state: 'Correcta',
      code: null,
      message: null,
      csv: 'CSVOLD',
      timestamp: '2026-03-09T10:00:00.000Z',
      payments: [],
    });
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => `${m.operation}:${m.numbers.join(',')}`)).toEqual([
      'A0:F-2026-0001',
      'A1:F-2026-0002',
    ]);
    expect(status(1)).toBe('ACCEPTED');
    expect(status(2)).toBe('ACCEPTED');
    expect([...archive.objects.values()][0]!.body).toContain(
      '<sii:NIFRepresentante>B87654321</sii:NIFRepresentante>',
    );
  });

  it('sends nothing when the company is not in the SII, and says why', async () => {
    addIssued(1);
    h.table.put(companyItems({ siiEnabled: false })[0]!);
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(r.stop).toBe('not-enabled');
    expect(aeat.calls).toBe(0);
    expect(status(1)).toBe('QUEUED');
    expect(h.table.get(keys.siiSender(COMPANY))!.lastRun).toMatchObject({ stop: 'not-enabled' });
  });

  it('sends nothing without an SII configuration, and says why', async () => {
    addIssued(1);
    await h.deps.db.send(new DeleteCommand({ TableName: h.deps.table, Key: keys.siiConfig(COMPANY) }));
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(r.stop).toBe('not-configured');
    expect(aeat.calls).toBe(0);
    expect(status(1)).toBe('QUEUED');
    expect(h.table.get(keys.siiSender(COMPANY))!.lastRun).toMatchObject({
      stop: 'not-configured',
      message: expect.stringMatching(/configuración SII/),
    });
  });

  it('sends nothing without a usable certificate; the entries wait and the sender item says why', async () => {
    addIssued(1);
    const r = await drainCompany(
      deps({ loadCertificate: async () => ({ problem: 'CERTIFICATE_EXPIRED' }) }),
      COMPANY,
      ctx,
    );
    expect(r.stop).toBe('no-certificate');
    expect(status(1)).toBe('QUEUED');
    expect(h.table.get(keys.siiSender(COMPANY))!.lastRun).toMatchObject({
      stop: 'no-certificate',
      message: expect.stringMatching(/caducado/),
    });
  });

  it('returns without sending when another sender holds the lease', async () => {
    addIssued(1);
    h.table.put({
      ...keys.siiSender(COMPANY),
      leaseId: 'other',
      leaseUntil: new Date(h.deps.now().getTime() + 30_000).toISOString(),
    });
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(r.stop).toBe('leased');
    expect(aeat.calls).toBe(0);
    expect(status(1)).toBe('QUEUED');
  });

  it('takes an expired lease', async () => {
    addIssued(1);
    h.table.put({
      ...keys.siiSender(COMPANY),
      leaseId: 'other',
      leaseUntil: new Date(h.deps.now().getTime() - 1).toISOString(),
    });
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(1)).toBe('ACCEPTED');
  });

  it('a record our writer refuses is REJECTED without being sent; the others go', async () => {
    addIssued(1);
    addIssued(2, { record: record(2, { description: '' }) });
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toEqual([{ service: 'FE', operation: 'A0', numbers: ['F-2026-0001'] }]);
    expect(entry(2)).toMatchObject({ status: 'REJECTED', lastError: { code: 'VALIDACION' }, attempts: 0 });
    expect(entry(2).lastError!.message).toMatch(/DescripcionOperacion/);
    expect(notices).toEqual([{ entryId: 'FE:inv-2', notice: 'REJECTED' }]);
    expect(invoiceSiiStatus(2)).toBe('REJECTED');
  });

  it('a change of a cobro already sent cannot be sent: PENDING_CORRECTION, the staff told', async () => {
    const cash = queuedEntry(payment(), { pendingOperation: 'A1', registered: true });
    h.table.put(entryItemOf(cash));
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.calls).toBe(0);
    const after = entryFromItem(h.table.get(keys.siiEntry(COMPANY, 'RECC', cash.documentId))!);
    expect(after).toMatchObject({ status: 'PENDING_CORRECTION', lastError: { code: 'NO_ADMITIDO' } });
    expect(notices).toEqual([{ entryId: cash.entryId, notice: 'PENDING_CORRECTION' }]);
  });
});

describe('submit-records: each record reaches the AEAT once', () => {
  const message = (id: string) =>
    ({ messageId: id, body: JSON.stringify({ companyId: COMPANY }), attributes: {} }) as unknown as SQSRecord;

  it('the same message delivered three times sends each record once', async () => {
    for (let n = 1; n <= 5; n++) addIssued(n);
    for (let i = 0; i < 3; i++) await processMessage(deps(), message('m1'), ctx);
    expect(aeat.calls).toBe(1);
    for (let n = 1; n <= 5; n++) expect(aeat.receptionsOf(record(n))).toBe(1);
  });

  it('three concurrent deliveries send each record once (the lease and the claims)', async () => {
    for (let n = 1; n <= 5; n++) addIssued(n);
    const results = await Promise.all([0, 1, 2].map(() => drainCompany(deps(), COMPANY, ctx)));
    expect(results.map((r) => r.stop).sort()).toEqual(['idle', 'leased', 'leased']);
    expect(aeat.calls).toBe(1);
    expect([...aeat.receptions.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it('a record another sender claimed in between is not sent by this one', async () => {
    addIssued(1);
    addIssued(2);
    let raced = false;
    h.table.failWhen((command) => {
      if (command !== 'TransactWrite' || raced) return undefined;
      raced = true;
      // Another attempt claims entry 2 between this sender's read and its claim.
      const e2 = entry(2);
      h.table.put(
        entryItemOf({
          ...e2,
          status: 'SENT',
          attemptId: 'other-attempt',
          lastSentAt: h.deps.now().toISOString(),
          updatedAt: '2026-03-10T08:59:59.000Z',
        }),
      );
      return undefined;
    });
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => m.numbers)).toEqual([['F-2026-0001']]);
    expect(entry(2)).toMatchObject({ status: 'SENT', attemptId: 'other-attempt' });
    expect(status(1)).toBe('ACCEPTED');
  });

  it('a lost answer after the AEAT stored the records: the retry asks ConsultaLR and sends nothing again', async () => {
    for (let n = 1; n <= 3; n++) addIssued(n);
    aeat.next = ['drop-response'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    expect([1, 2, 3].map(status)).toEqual(['SENT', 'SENT', 'SENT']);
    expect(invoiceSiiStatus(1)).toBe('SENT');
    expect(submissions()[0]).toMatchObject({ status: 'SENT', error: { code: 'CONNECTION_LOST' } });

    // Redelivered before the SOAP time-out: the records may still be in flight, nothing is done.
    advance(5_000);
    expect((await drainCompany(deps(), COMPANY, ctx)).stop).toBe('in-flight');
    expect(aeat.consults).toEqual([]);

    advance(20_000);
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.calls).toBe(1);
    expect(aeat.consults.length).toBeGreaterThan(0);
    for (let n = 1; n <= 3; n++) {
      expect(aeat.receptionsOf(record(n))).toBe(1);
      expect(entry(n)).toMatchObject({ status: 'ACCEPTED', registered: true, csv: 'CSV0000000000001' });
    }
    expect(r.resolved).toBe(3);
    expect(entry(1).history.at(-1)!.message).toMatch(/ConsultaLR/);
    const consultas = submissions().filter((s) => s.operation === 'CONSULTA');
    expect(consultas.every((s) => s.status === 'ACCEPTED')).toBe(true);
    expect(consultas.flatMap((s) => s.records.map((x) => x.status))).toEqual([
      'ACCEPTED',
      'ACCEPTED',
      'ACCEPTED',
    ]);
  });

  it('many unknown records of one period are asked with one ConsultaLR of the period', async () => {
    for (let n = 1; n <= 8; n++) addIssued(n);
    aeat.next = ['drop-response'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    advance(20_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.consults).toEqual([{ service: 'FE', number: null }]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(status).every((s) => s === 'ACCEPTED')).toBe(true);
  });

  it('no answer and nothing stored: ConsultaLR does not find them and they are sent once more', async () => {
    addIssued(1);
    aeat.next = ['timeout-before'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toThrow(/ConsultaLR antes de reenviar/);
    advance(20_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(1)).toBe('ACCEPTED');
    expect(aeat.receptionsOf(record(1))).toBe(1);
    expect(aeat.calls).toBe(2);
    expect(entry(1).history.map((x) => x.status)).toEqual(['SENT', 'SENT', 'QUEUED', 'SENT', 'ACCEPTED']);
  });

  it('a Server fault is an unknown outcome too: the records stay SENT until ConsultaLR answers', async () => {
    addIssued(1);
    aeat.next = ['server-fault'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    expect(status(1)).toBe('SENT');
  });

  it('a ConsultaLR without answer retries later; nothing is resent meanwhile', async () => {
    addIssued(1);
    aeat.next = ['drop-response'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    advance(20_000);
    aeat.consultNext = ['fail'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toThrow(/ConsultaLR sin respuesta/);
    expect(status(1)).toBe('SENT');
    expect(submissions().at(-1)).toMatchObject({ operation: 'CONSULTA', status: 'ERROR' });
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(1)).toBe('ACCEPTED');
    expect(aeat.receptionsOf(record(1))).toBe(1);
  });

  it('a record missing from the answer stays SENT and is resolved by ConsultaLR later', async () => {
    addIssued(1);
    addIssued(2);
    aeat.next = ['lose-line'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toThrow(/sin línea de respuesta/);
    expect(status(1)).toBe('ACCEPTED');
    expect(status(2)).toBe('SENT');
    advance(20_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(2)).toBe('ACCEPTED');
    expect(aeat.receptionsOf(record(2))).toBe(1);
  });

  it('a record the AEAT already holds (3000 duplicate): ConsultaLR, then ACCEPTED without sending it again', async () => {
    addIssued(1);
    aeat.held.set(FakeAeat.keyOf('FE', record(1)), {
      service: 'FE',
      key: FakeAeat.keyOf('FE', record(1)),
      record: record(1),
      state: 'AceptadaConErrores',
      code: '2011',
      message: 'El NIF de la contraparte no está censado.',
      csv: 'CSVPREVIO',
      timestamp: '2026-03-09T10:00:00.000Z',
      payments: [],
    });
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toHaveLength(1);
    expect(aeat.consults).toEqual([{ service: 'FE', number: 'F-2026-0001' }]);
    expect(entry(1)).toMatchObject({
      status: 'ACCEPTED',
      registered: true,
      acceptedWithErrors: true,
      csv: 'CSVPREVIO',
      lastError: { code: '2011' },
    });
    expect(notices).toEqual([]);
  });

  it('certainly not delivered: back to QUEUED, SQS retries, then it goes once', async () => {
    addIssued(1);
    aeat.next = ['refused'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toThrow(/no enviado/);
    expect(entry(1)).toMatchObject({ status: 'QUEUED', attemptId: null, attempts: 1 });
    expect(invoiceSiiStatus(1)).toBe('QUEUED');
    expect(itemOf(1).gsi1pk).toBeDefined();
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(1)).toBe('ACCEPTED');
    expect(aeat.receptionsOf(record(1))).toBe(1);
  });

  it(`after ${MAX_ATTEMPTS} technical failures the entry ends ERROR and the staff is told once`, async () => {
    addIssued(1);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      aeat.next = ['refused'];
      await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    }
    expect(entry(1)).toMatchObject({
      status: 'ERROR',
      attempts: MAX_ATTEMPTS,
      lastError: { code: 'CONNECTION' },
    });
    expect(invoiceSiiStatus(1)).toBe('ERROR');
    expect(itemOf(1).gsi1pk).toBeUndefined();
    expect(itemOf(1).gsi2pk).toBeDefined();
    expect(notices).toEqual([{ entryId: 'FE:inv-1', notice: 'ERROR' }]);
    expect((await drainCompany(deps(), COMPANY, ctx)).stop).toBe('idle');
    expect(notices).toHaveLength(1);
  });

  it('the archive is down: nothing is sent, the entries go back to QUEUED and SQS retries', async () => {
    addIssued(1);
    archive.failing = true;
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toThrow(/no enviado \(ARCHIVE_FAILED\)/);
    expect(aeat.calls).toBe(0);
    expect(entry(1)).toMatchObject({ status: 'QUEUED', attemptId: null });
    expect(submissions()[0]).toMatchObject({ status: 'ERROR', error: { code: 'ARCHIVE_FAILED' } });
    archive.failing = false;
    await drainCompany(deps(), COMPANY, ctx);
    expect(status(1)).toBe('ACCEPTED');
    expect(aeat.receptionsOf(record(1))).toBe(1);
  });
});

describe('submit-records: rejections and corrections', () => {
  it('a partly rejected message: the good records are accepted, the bad one REJECTED and correctable', async () => {
    for (let n = 1; n <= 3; n++) addIssued(n);
    aeat.reject.set('F-2026-0002', { code: '1117', message: 'El NIF no está identificado. NIF:A87654321' });
    await drainCompany(deps(), COMPANY, ctx);
    expect([1, 2, 3].map(status)).toEqual(['ACCEPTED', 'REJECTED', 'ACCEPTED']);
    expect(entry(2)).toMatchObject({
      registered: false,
      pendingOperation: 'A0',
      attempts: 0,
      lastError: { code: '1117', message: 'El NIF no está identificado. NIF:A87654321' },
    });
    expect(invoiceSiiStatus(2)).toBe('REJECTED');
    expect(itemOf(2).gsi2pk).toBeDefined(); // still open (problems list, deadlines)
    expect(notices).toEqual([{ entryId: 'FE:inv-2', notice: 'REJECTED' }]);
    expect(submissions()[0]).toMatchObject({
      status: 'PARTIALLY_ACCEPTED',
      acceptedCount: 2,
      rejectedCount: 1,
    });

    // 'Reintento iniciado': the user corrects the counterparty; the entry goes QUEUED with the new content.
    const e2 = entry(2);
    h.table.put(
      entryItemOf({
        ...e2,
        status: 'QUEUED',
        record: record(2, {
          counterparty: {
            name: 'Cliente Industrial SA',
            nif: null,
            otherId: { countryCode: 'ES', idType: '07', id: 'A87654321' },
          },
        }),
        contentVersion: e2.contentVersion + 1,
        updatedAt: '2026-03-10T11:00:00.000Z',
      }),
    );
    aeat.reject.clear();
    await drainCompany(deps(), COMPANY, ctx);
    expect(entry(2)).toMatchObject({ status: 'ACCEPTED', registered: true, lastError: null });
    expect(aeat.receptionsOf(record(1))).toBe(1);
    expect(aeat.receptionsOf(record(2))).toBe(2); // the refused one and the corrected one
    expect(aeat.receptionsOf(record(3))).toBe(1);
  });

  it('a SOAP Client fault isolates the bad record by halving; the others are accepted', async () => {
    for (let n = 1; n <= 8; n++) addIssued(n);
    aeat.malformed.add('F-2026-0006');
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(r.stop).toBe('idle');
    expect(aeat.messages.map((m) => m.numbers.map((x) => Number(x.slice(-4))))).toEqual([
      [1, 2, 3, 4],
      [5],
      [7, 8],
    ]);
    expect([1, 2, 3, 4, 5, 7, 8].map(status).every((s) => s === 'ACCEPTED')).toBe(true);
    expect(entry(6)).toMatchObject({ status: 'REJECTED', lastError: { code: '4102' } });
    expect(entry(6).lastError!.message).toMatch(/no cumple el esquema/);
    expect(notices).toEqual([{ entryId: 'FE:inv-6', notice: 'REJECTED' }]);
    for (const n of [1, 2, 3, 4, 5, 7, 8]) expect(aeat.receptionsOf(record(n))).toBe(1);
    expect(h.table.get(keys.siiSender(COMPANY))!.isolation).toEqual({});
    expect(submissions().filter((s) => s.status === 'ERROR')).toHaveLength(3);
  });

  it('content changed while SENT: after the A0 is accepted the new content goes as A1', async () => {
    addIssued(1);
    let changed = false;
    aeat.onSubmit = () => {
      if (changed) return;
      changed = true;
      changeContentInFlight(1, 'Transporte Valencia–Madrid (corregido)');
    };
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => m.operation)).toEqual(['A0', 'A1']);
    expect(entry(1)).toMatchObject({
      status: 'ACCEPTED',
      registered: true,
      contentVersion: 2,
      sentContentVersion: 2,
      sentOperation: 'A1',
    });
    expect(aeat.heldOf(record(1))!.record).toMatchObject({
      description: 'Transporte Valencia–Madrid (corregido)',
    });
    expect(entry(1).history.map((x) => x.status)).toEqual(['SENT', 'QUEUED', 'SENT', 'ACCEPTED']);
  });

  it('content changed while a rejected A0 was in flight: the new content is queued, not left REJECTED', async () => {
    addIssued(1);
    aeat.reject.set('F-2026-0001', { code: '1100', message: 'Valor o tipo incorrecto del campo.' });
    aeat.onSubmit = () => {
      aeat.onSubmit = null;
      changeContentInFlight(1, 'Descripción corregida');
    };
    const original = aeat.submit.bind(aeat);
    aeat.submit = async (target, message, recorder) => {
      try {
        return await original(target, message, recorder);
      } finally {
        aeat.reject.clear(); // only the first content is refused
      }
    };
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => m.operation)).toEqual(['A0', 'A0']);
    expect(entry(1)).toMatchObject({ status: 'ACCEPTED', registered: true, contentVersion: 2 });
    expect(aeat.heldOf(record(1))!.record).toMatchObject({ description: 'Descripción corregida' });
    expect(notices).toEqual([]);
  });

  it('an A1 the AEAT does not know (3002) goes again as an alta A0', async () => {
    addIssued(1, { pendingOperation: 'A1', registered: true, csv: 'CSVVIEJO' });
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => m.operation)).toEqual(['A1', 'A0']);
    expect(entry(1)).toMatchObject({ status: 'ACCEPTED', registered: true, sentOperation: 'A0' });
  });

  it('an unknown A1 is resolved by the presentation CSV: the old one means it did not land', async () => {
    addIssued(1, { pendingOperation: 'A1', registered: true, csv: 'CSVPREVIO' });
    aeat.held.set(FakeAeat.keyOf('FE', record(1)), {
      service: 'FE',
      key: FakeAeat.keyOf('FE', record(1)),
      record: record(1, { description: 'antes' }),
      state: 'Correcta',
      code: null,
      message: null,
      csv: 'CSVPREVIO',
      timestamp: '2026-03-09T10:00:00.000Z',
      payments: [],
    });
    aeat.next = ['timeout-before'];
    await expect(drainCompany(deps(), COMPANY, ctx)).rejects.toBeInstanceOf(RetryLaterError);
    advance(20_000);
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => m.operation)).toEqual(['A1']);
    expect(entry(1)).toMatchObject({ status: 'ACCEPTED', registered: true });
    expect(aeat.heldOf(record(1))!.record).toMatchObject({ description: record(1).description });
  });
});

describe('submit-records: bajas', () => {
  const held = (n: number) =>
    aeat.held.set(FakeAeat.keyOf('FE', record(n)), {
      service: 'FE',
      key: FakeAeat.keyOf('FE', record(n)),
      record: record(n),
      state: 'Correcta',
      code: null,
      message: null,
      csv: 'CSVALTA',
      timestamp: '2026-03-09T10:00:00.000Z',
      payments: [],
    });

  it('a withdrawn record the AEAT holds is given de baja, and the entry is final', async () => {
    held(1);
    addIssued(1, { pendingOperation: 'BAJA', registered: true, withdrawn: true, csv: 'CSVALTA' });
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages).toEqual([{ service: 'FE', operation: 'BAJA', numbers: ['F-2026-0001'] }]);
    expect(aeat.heldOf(record(1))!.state).toBe('Anulada');
    expect(entry(1)).toMatchObject({
      status: 'ACCEPTED',
      registered: false,
      pendingOperation: null,
      withdrawn: true,
    });
    expect(itemOf(1).gsi1pk).toBeUndefined();
    expect(itemOf(1).gsi2pk).toBeUndefined();
    expect(submissions()[0]).toMatchObject({ operation: 'BAJA', status: 'ACCEPTED' });
  });

  it('a baja of a record the AEAT no longer has (3002) has nothing to remove: done', async () => {
    addIssued(1, { pendingOperation: 'BAJA', registered: true, withdrawn: true });
    await drainCompany(deps(), COMPANY, ctx);
    expect(entry(1)).toMatchObject({ status: 'ACCEPTED', registered: false, pendingOperation: null });
    expect(entry(1).history.at(-1)!.message).toMatch(/nada que anular/);
  });

  it('withdrawn while its A0 was in flight: the A0 is accepted, then the baja goes', async () => {
    addIssued(1);
    aeat.onSubmit = () => {
      aeat.onSubmit = null;
      const e = entry(1);
      // The registration: withdrawn, operation computed from what it knew (not registered → none).
      h.table.put(
        entryItemOf({
          ...e,
          withdrawn: true,
          pendingOperation: null,
          contentVersion: 2,
          updatedAt: '2026-03-10T09:30:00.000Z',
        }),
      );
    };
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => m.operation)).toEqual(['A0', 'BAJA']);
    expect(entry(1)).toMatchObject({
      status: 'ACCEPTED',
      registered: false,
      withdrawn: true,
      pendingOperation: null,
    });
    expect(aeat.heldOf(record(1))!.state).toBe('Anulada');
  });
});

describe('submit-records: the run', () => {
  it('stops before a SOAP call would outlive the budget, and wakes itself to go on', async () => {
    addIssued(1);
    elapsed = 20_000;
    const r = await drainCompany(deps(), COMPANY, ctx);
    expect(r.stop).toBe('budget');
    expect(aeat.calls).toBe(0);
    expect(wakes).toHaveLength(1);
    expect(wakes[0]).toMatch(new RegExp(`^${COMPANY}:more:`));
  });

  it('when claiming took the time the call needed, the claims are given back untouched', async () => {
    addIssued(1);
    let calls = 0;
    const r = await drainCompany(deps({ elapsedMs: () => (++calls > 1 ? 20_000 : 0) }), COMPANY, ctx);
    expect(r.stop).toBe('budget');
    expect(aeat.calls).toBe(0);
    expect(entry(1)).toMatchObject({ status: 'QUEUED', attempts: 0, attemptId: null });
    expect(wakes).toHaveLength(1);
  });

  it('caps a message at the most records per message', async () => {
    for (let n = 1; n <= 5; n++) addIssued(n);
    await drainCompany(deps({ maxRecordsPerMessage: 2 }), COMPANY, ctx);
    expect(aeat.messages.map((m) => m.numbers.length)).toEqual([2, 2, 1]);
  });

  it('two cobros of one invoice never share a message (answers are matched by invoice)', async () => {
    const a = queuedEntry(payment(), { documentId: 'ri-9~p1', entryId: 'RECC:ri-9~p1' });
    const b = queuedEntry(
      { ...payment(), payments: [{ date: '2027-02-15', amountCents: 1_000, method: '01', account: 'ES00' }] },
      { documentId: 'ri-9~p2', entryId: 'RECC:ri-9~p2', createdAt: '2026-03-10T08:00:01.000Z' },
    );
    h.table.put(entryItemOf(a));
    h.table.put(entryItemOf(b));
    await drainCompany(deps(), COMPANY, ctx);
    expect(aeat.messages.map((m) => `${m.service}:${m.numbers.length}`)).toEqual(['PAGOS:1', 'PAGOS:1']);
    expect(entryFromItem(h.table.get(keys.siiEntry(COMPANY, 'RECC', 'ri-9~p2'))!).status).toBe('ACCEPTED');
  });

  it('retries come back soon with a growing back-off', async () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelaySeconds)).toEqual([20, 40, 80, 160, 300, 300]);
    const changed: [string, number][] = [];
    const handler = withBackoff(
      async () => ({ batchItemFailures: [{ itemIdentifier: 'b' }] }),
      async (rh, s) => {
        changed.push([rh, s]);
      },
    );
    await handler({
      Records: [
        { messageId: 'a', receiptHandle: 'rh-a', attributes: { ApproximateReceiveCount: '1' } },
        { messageId: 'b', receiptHandle: 'rh-b', attributes: { ApproximateReceiveCount: '3' } },
      ],
    } as unknown as SQSEvent);
    expect(changed).toEqual([['rh-b', 80]]);
  });

  it('notices are in Spanish and say what to do', () => {
    const e = { ...entry0(), lastError: { code: '1117', message: 'El NIF no está identificado.' } };
    expect(siiNotice(e, 'REJECTED')).toMatchObject({
      type: 'sii_record_rejected',
      title: 'Registro SII rechazado',
      message: expect.stringMatching(/F-2026-0001.*1117.*Corrígelo/),
      link: '/app/tax/sii',
    });
  });
});

function entry0(): SiiEntry {
  return queuedEntry(record(1));
}
