import { keys } from '@shared/db/keys';
import type { SiiEntry } from '@shared/schemas/sii';
import { describe, expect, it } from 'vitest';
import {
  COMPANY,
  collectionRecord,
  entry,
  GESTOR,
  MEMBER,
  NO_SII,
  OTHER,
  OWNER,
  siiApiHarness,
} from '../testing/api-harness';
import type { SiiBulkSubmitResult } from './bulk-submit';
import type { SiiRetryResult } from './retry-entry';
import type { SiiInvoiceSubmitResult } from './submit-invoice';

const h = siiApiHarness();

/** The issued invoice item whose `siiStatus` the FE entry mirrors. */
function invoiceItem(invoiceId: string) {
  h.table.put({ ...keys.invoice(COMPANY, invoiceId), entity: 'Invoice', invoiceId, siiStatus: 'ERROR' });
}

describe('POST /sii/submit', () => {
  it("queues the invoice's waiting and failed records of every book, mirrors the state and wakes the sender", async () => {
    invoiceItem('inv-1');
    await h.putEntry(entry('inv-1', 'ERROR'));
    await h.putEntry(
      entry('inv-1~pay-1', 'NOT_SENT', {
        book: 'RECC',
        source: { type: 'INVOICE_PAYMENT', id: 'pay-1', invoiceId: 'inv-1' },
        record: collectionRecord('F-inv-1', '2027-03-15', '2027-03-16', 121_000),
      }),
    );
    // Another invoice whose id starts the same: not touched.
    await h.putEntry(entry('inv-10', 'NOT_SENT'));
    const res = await h.call<SiiInvoiceSubmitResult>(OWNER, {
      routeId: 'sii.submitInvoice',
      body: { invoiceId: 'inv-1' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ invoiceId: 'inv-1', queued: 2 });
    expect(res.envelope.data?.entries.map((e) => [e.entryId, e.status, e.queued])).toEqual([
      ['FE:inv-1', 'QUEUED', true],
      ['RECC:inv-1~pay-1', 'QUEUED', true],
    ]);
    const fe = h.stored(COMPANY, 'FE', 'inv-1')!;
    expect(fe).toMatchObject({ status: 'QUEUED', pendingOperation: 'A0', attempts: 0 });
    expect(fe.history.at(-1)).toMatchObject({ status: 'QUEUED', by: OWNER.userId, operation: 'A0' });
    // In the sender's index again (gsi1) and the invoice shows it.
    expect(h.table.get(keys.siiEntry(COMPANY, 'FE', 'inv-1'))).toHaveProperty('gsi1pk');
    expect(h.table.get(keys.invoice(COMPANY, 'inv-1'))?.siiStatus).toBe('QUEUED');
    expect(h.stored(COMPANY, 'FE', 'inv-10')?.status).toBe('NOT_SENT');
    expect(h.wakeups).toHaveLength(1);
  });

  it('sends an A1 for a record the AEAT holds', async () => {
    await h.putEntry(entry('inv-2', 'REJECTED', { registered: true }));
    await h.call(OWNER, { routeId: 'sii.submitInvoice', body: { invoiceId: 'inv-2' } });
    expect(h.stored(COMPANY, 'FE', 'inv-2')).toMatchObject({ status: 'QUEUED', pendingOperation: 'A1' });
  });

  it('leaves records already queued or in flight as they are (asking twice is harmless)', async () => {
    await h.putEntry(entry('inv-1', 'SENT'));
    const res = await h.call<SiiInvoiceSubmitResult>(OWNER, {
      routeId: 'sii.submitInvoice',
      body: { invoiceId: 'inv-1' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.queued).toBe(0);
    expect(res.envelope.data?.entries[0]).toMatchObject({
      status: 'SENT',
      queued: false,
      reason: expect.stringContaining('enviando'),
    });
    expect(h.wakeups).toHaveLength(0);
  });

  it('answers 409 when nothing of the invoice can go', async () => {
    await h.putEntry(entry('inv-1', 'ACCEPTED'));
    await h.putEntry(entry('inv-2', 'NOT_SENT', { book: 'FR', held: true }));
    const accepted = await h.call(OWNER, { routeId: 'sii.submitInvoice', body: { invoiceId: 'inv-1' } });
    expect(accepted.status).toBe(409);
    expect(accepted.envelope.error?.message).toContain('ya lo ha aceptado');
    const held = await h.call(OWNER, { routeId: 'sii.submitInvoice', body: { invoiceId: 'inv-2' } });
    expect(held.status).toBe(409);
    expect(held.envelope.error?.message).toContain('Retenida');
  });

  it("is 404 for an invoice without records, and for another company's invoice", async () => {
    await h.putEntry(entry('inv-x', 'NOT_SENT', { companyId: OTHER }));
    const res = await h.call(OWNER, { routeId: 'sii.submitInvoice', body: { invoiceId: 'inv-x' } });
    expect(res.status).toBe(404);
    expect(res.envelope.error?.message).toBe('La factura no tiene registros en el SII.');
    expect(h.stored(OTHER, 'FE', 'inv-x')?.status).toBe('NOT_SENT');
  });

  it('refuses bad input naming the field, a company outside the SII, and a MEMBER (writes are for owner and gestor)', async () => {
    const bad = await h.call(OWNER, { routeId: 'sii.submitInvoice', body: { invoice: 'inv-1' } });
    expect(bad.status).toBe(400);
    const missing = await h.call(OWNER, { routeId: 'sii.submitInvoice', body: {} });
    expect(missing.envelope.error?.field).toBe('invoiceId');
    const noSii = await h.call(OWNER, {
      routeId: 'sii.submitInvoice',
      body: { invoiceId: 'inv-1' },
      headers: { 'x-company-id': NO_SII },
    });
    expect(noSii.status).toBe(400);
    expect(noSii.envelope.error?.details).toMatchObject({ reason: 'SII_NOT_ENABLED' });
    const member = await h.call(MEMBER, { routeId: 'sii.submitInvoice', body: { invoiceId: 'inv-1' } });
    expect(member.status).toBe(403);
  });

  it('decides again when the sender claims the record meanwhile', async () => {
    await h.putEntry(entry('inv-1', 'ERROR'));
    let raced = false;
    h.table.failWhen((command) => {
      if (command !== 'TransactWrite' || raced) return undefined;
      raced = true;
      // The sweep requeued and the sender claimed it between this request's read and write.
      h.table.put({
        ...h.table.get(keys.siiEntry(COMPANY, 'FE', 'inv-1'))!,
        status: 'SENT',
        updatedAt: '2027-03-17T09:00:01.000Z',
      });
      return undefined;
    });
    const res = await h.call<SiiInvoiceSubmitResult>(OWNER, {
      routeId: 'sii.submitInvoice',
      body: { invoiceId: 'inv-1' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.entries[0]).toMatchObject({ status: 'SENT', queued: false });
    expect(h.stored(COMPANY, 'FE', 'inv-1')?.status).toBe('SENT');
  });
});

describe('POST /sii/submit/bulk', () => {
  it('takes every NOT_SENT and ERROR record of a book when no invoice is named', async () => {
    await h.putEntry(entry('inv-1', 'NOT_SENT'));
    await h.putEntry(entry('inv-2', 'ERROR'));
    await h.putEntry(entry('inv-3', 'REJECTED'));
    await h.putEntry(entry('inv-4', 'NOT_SENT', { withdrawn: true, pendingOperation: null }));
    await h.putEntry(entry('rec-1', 'NOT_SENT', { book: 'FR' }));
    await h.putEntry(entry('inv-o', 'NOT_SENT', { companyId: OTHER }));
    const res = await h.call<SiiBulkSubmitResult>(GESTOR, {
      routeId: 'sii.bulkSubmit',
      body: { book: 'FE' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      considered: 2,
      queued: 2,
      alreadyPending: 0,
      skipped: [],
      notFound: [],
    });
    expect(h.stored(COMPANY, 'FE', 'inv-3')?.status).toBe('REJECTED');
    expect(h.stored(COMPANY, 'FR', 'rec-1')?.status).toBe('NOT_SENT');
    expect(h.stored(OTHER, 'FE', 'inv-o')?.status).toBe('NOT_SENT');
    expect(h.wakeups).toHaveLength(1);

    const all = await h.call<SiiBulkSubmitResult>(GESTOR, { routeId: 'sii.bulkSubmit', body: {} });
    expect(all.envelope.data?.queued).toBe(1);
    expect(h.stored(COMPANY, 'FR', 'rec-1')?.status).toBe('QUEUED');
  });

  it('takes named invoices, reporting those without records and what it left', async () => {
    await h.putEntry(entry('inv-1', 'NOT_SENT'));
    await h.putEntry(entry('inv-2', 'ACCEPTED'));
    await h.putEntry(entry('inv-3', 'QUEUED'));
    const res = await h.call<SiiBulkSubmitResult>(GESTOR, {
      routeId: 'sii.bulkSubmit',
      body: { invoiceIds: ['inv-1', 'inv-2', 'inv-3', 'nope', 'inv-1'] },
    });
    expect(res.envelope.data).toEqual({
      considered: 3,
      queued: 1,
      alreadyPending: 1,
      skipped: [{ entryId: 'FE:inv-2', documentNumber: 'F-inv-2', reason: 'La AEAT ya lo ha aceptado.' }],
      notFound: ['nope'],
    });
  });

  it('refuses a book that does not exist, naming the field', async () => {
    const res = await h.call(GESTOR, { routeId: 'sii.bulkSubmit', body: { book: 'XX' } });
    expect(res.status).toBe(400);
    expect(res.envelope.error?.field).toBe('book');
  });
});

describe('POST /sii/entries/{book}/{documentId}/retry', () => {
  it("resends a rejected record with the corrections: 'Reintento iniciado'", async () => {
    invoiceItem('inv-1');
    await h.putEntry(entry('inv-1', 'REJECTED'));
    const res = await h.call<SiiRetryResult>(GESTOR, {
      routeId: 'sii.retryEntry',
      params: { book: 'FE', documentId: 'inv-1' },
      body: {
        corrections: {
          counterpartyName: 'Client Overseas Ltd',
          counterpartyOtherId: { countryCode: 'GB', idType: '07', id: 'GB123456' },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.message).toBe('Reintento iniciado');
    expect(res.envelope.data?.entry).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'A0',
      contentVersion: 2,
      counterpartyName: 'Client Overseas Ltd',
      counterpartyTaxId: 'GB123456',
    });
    const stored = h.stored(COMPANY, 'FE', 'inv-1') as SiiEntry;
    expect(stored.record.book === 'FE' && stored.record.counterparty).toEqual({
      name: 'Client Overseas Ltd',
      nif: null,
      otherId: { countryCode: 'GB', idType: '07', id: 'GB123456' },
    });
    expect(stored.history.at(-1)).toMatchObject({
      message: 'Reintento iniciado con correcciones',
      by: GESTOR.userId,
    });
    expect(h.table.get(keys.invoice(COMPANY, 'inv-1'))?.siiStatus).toBe('QUEUED');
    expect(h.wakeups).toHaveLength(1);
  });

  it('retries ERROR and PENDING_CORRECTION as they are; a registered record goes as A1', async () => {
    await h.putEntry(entry('inv-1', 'ERROR'));
    await h.putEntry(entry('inv-2', 'PENDING_CORRECTION', { registered: true }));
    const a = await h.call<SiiRetryResult>(GESTOR, {
      routeId: 'sii.retryEntry',
      params: { book: 'FE', documentId: 'inv-1' },
      body: {},
    });
    expect(a.envelope.data?.entry).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'A0',
      contentVersion: 1,
      attempts: 0,
    });
    const b = await h.call<SiiRetryResult>(GESTOR, {
      routeId: 'sii.retryEntry',
      params: { book: 'FE', documentId: 'inv-2' },
      body: {},
    });
    expect(b.envelope.data?.entry).toMatchObject({ status: 'QUEUED', pendingOperation: 'A1' });
  });

  it('answers 409 with a Spanish message in the other states', async () => {
    for (const [id, status, text] of [
      ['inv-1', 'ACCEPTED', 'ya ha aceptado'],
      ['inv-2', 'SENT', 'se está enviando'],
      ['inv-3', 'QUEUED', 'ya está en cola'],
      ['inv-4', 'NOT_SENT', 'aún no se ha enviado'],
    ] as const) {
      await h.putEntry(entry(id, status));
      const res = await h.call(GESTOR, {
        routeId: 'sii.retryEntry',
        params: { book: 'FE', documentId: id },
        body: {},
      });
      expect(res.status, status).toBe(409);
      expect(res.envelope.error?.code).toBe('DOC_047');
      expect(res.envelope.error?.message).toContain(text);
      expect(h.stored(COMPANY, 'FE', id)?.status).toBe(status);
    }
    expect(h.wakeups).toHaveLength(0);
  });

  it("is 404 for a missing record and for another company's, 400 naming a bad field", async () => {
    await h.putEntry(entry('inv-o', 'REJECTED', { companyId: OTHER }));
    const other = await h.call(GESTOR, {
      routeId: 'sii.retryEntry',
      params: { book: 'FE', documentId: 'inv-o' },
      body: {},
    });
    expect(other.status).toBe(404);
    expect(h.stored(OTHER, 'FE', 'inv-o')?.status).toBe('REJECTED');
    const book = await h.call(GESTOR, {
      routeId: 'sii.retryEntry',
      params: { book: 'XX', documentId: 'inv-1' },
      body: {},
    });
    expect(book.status).toBe(400);
    expect(book.envelope.error?.field).toBe('book');
    await h.putEntry(entry('inv-1', 'REJECTED'));
    const regime = await h.call(GESTOR, {
      routeId: 'sii.retryEntry',
      params: { book: 'FE', documentId: 'inv-1' },
      body: { corrections: { regimeKey: '1' } },
    });
    expect(regime.status).toBe(400);
    expect(regime.envelope.error?.field).toBe('corrections.regimeKey');
    const both = await h.call(GESTOR, {
      routeId: 'sii.retryEntry',
      params: { book: 'FE', documentId: 'inv-1' },
      body: {
        corrections: {
          counterpartyNif: 'A87654321',
          counterpartyOtherId: { countryCode: 'GB', idType: '02', id: 'X1' },
        },
      },
    });
    expect(both.status).toBe(400);
    expect(h.stored(COMPANY, 'FE', 'inv-1')?.status).toBe('REJECTED');
  });
});
