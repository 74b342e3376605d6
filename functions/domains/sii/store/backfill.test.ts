/**
 * The backfill on the in-memory table: it finds exactly the documents of the company's SII period
 * that have no entry in their book (confirmed, cancelled, received), gives them their entries once
 * (a second run finds nothing), leaves alone what the events registered, and wakes the sender once.
 */

import { keys } from '@shared/db/keys';
import type { SiiEntry } from '@shared/schemas/sii';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMPANY,
  companyItems,
  invoiceItemOf,
  invoicePayment,
  invoicePaymentItem,
  issuedEventBody,
  issuedInvoice,
  receivedEventBody,
  receivedInvoice,
  receivedItemOf,
  siiHarness,
  silentLog,
  workerCtx,
} from '../testing/harness';
import { registerEvent } from '../workers/register-events';
import { backfillCompany, listSiiCompanyIds, siiPeriodStart } from './backfill';

const h = siiHarness();
const { table, deps } = h;
const TODAY = '2026-03-10';

const entry = (book: SiiEntry['book'], documentId: string) =>
  table.get(keys.siiEntry(COMPANY, book, documentId)) as SiiEntry | undefined;
const entries = () => (table.all('SiiEntry') as unknown as SiiEntry[]).map((e) => e.entryId).sort();

beforeEach(() => {
  h.reset();
  for (const item of companyItems()) table.put(item);
});

describe('the SII period', () => {
  it("starts on the company's siiSince, else its earliest invoice with an SII state, else 1 January", async () => {
    expect(
      await siiPeriodStart(deps, { companyId: COMPANY, siiSince: '2026-02-01T10:00:00.000Z' }, TODAY),
    ).toBe('2026-02-01');
    expect(await siiPeriodStart(deps, { companyId: COMPANY, siiSince: null }, TODAY)).toBe('2026-01-01');
    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'old', invoiceDate: '2025-11-03', siiStatus: null })));
    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'first', invoiceDate: '2025-12-15' })));
    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'later', invoiceDate: '2026-01-20' })));
    expect(await siiPeriodStart(deps, { companyId: COMPANY, siiSince: null }, TODAY)).toBe('2025-12-15');
  });

  it('only companies in the SII are backfilled', async () => {
    for (const item of companyItems({ companyId: 'co-out', siiEnabled: false })) table.put(item);
    expect(await listSiiCompanyIds(deps)).toEqual([COMPANY]);
  });
});

describe('backfillCompany', () => {
  it('finds exactly the never-sent documents, once', async () => {
    // Registered by its event: left alone.
    const sent = issuedInvoice({ invoiceId: 'inv-2' });
    table.put(invoiceItemOf(sent));
    await registerEvent(deps, issuedEventBody('INVOICE_CONFIRMED', sent), workerCtx);
    const receivedSent = receivedInvoice({ receivedInvoiceId: 'ri-3' });
    table.put(receivedItemOf(receivedSent));
    await registerEvent(deps, receivedEventBody('RECEIVED_REGISTERED', receivedSent), workerCtx);
    const wakesBefore = h.wakes().length;

    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-1' })));
    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-3', status: 'CANCELLED' })));
    table.put(
      invoiceItemOf(
        issuedInvoice({
          invoiceId: 'draft',
          status: 'DRAFT',
          invoiceNumber: null,
          number: null,
          siiStatus: null,
        }),
      ),
    );
    // Before the SII period (the earliest invoice with an SII state is inv-1's 9 March).
    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'pre', invoiceDate: '2026-02-02', siiStatus: null })));
    table.put(receivedItemOf(receivedInvoice({ receivedInvoiceId: 'ri-1', siiStatus: null })));
    table.put(
      receivedItemOf(
        receivedInvoice({
          receivedInvoiceId: 'ri-old',
          accountingDate: '2026-02-20',
          issueDate: '2026-02-18',
        }),
      ),
    );

    const first = await backfillCompany(deps, COMPANY, TODAY, silentLog);

    expect(first).toMatchObject({ since: '2026-03-09', found: 3, created: 3, unbuildable: 0, woken: true });
    expect(entries()).toEqual(['FE:inv-1', 'FE:inv-2', 'FE:inv-3', 'FR:ri-1', 'FR:ri-3']);
    expect(entry('FE', 'inv-1')).toMatchObject({ status: 'QUEUED', pendingOperation: 'A0' });
    expect(entry('FE', 'inv-3')).toMatchObject({
      status: 'NOT_SENT',
      withdrawn: true,
      pendingOperation: null,
    });
    expect(entry('FR', 'ri-1')).toMatchObject({ status: 'QUEUED', pendingOperation: 'A0' });
    expect(table.get(keys.invoice(COMPANY, 'inv-1'))).toMatchObject({ siiStatus: 'QUEUED' });
    expect(table.get(keys.receivedInvoice(COMPANY, 'ri-1'))).toMatchObject({ siiStatus: 'QUEUED' });
    expect(entry('FE', 'inv-2')?.contentVersion).toBe(1);
    expect(h.wakes().slice(wakesBefore)).toEqual([
      expect.objectContaining({ companyId: COMPANY, dedupeId: `${COMPANY}:backfill:${TODAY}` }),
    ]);

    const writes = table.writes.length;
    const second = await backfillCompany(deps, COMPANY, TODAY, silentLog);
    expect(second).toMatchObject({ found: 0, created: 0, woken: false });
    expect(table.writes).toHaveLength(writes);
    expect(h.wakes()).toHaveLength(wakesBefore + 1);
  });

  it('an entry registered by an event between the read and the write is not created twice', async () => {
    const inv = issuedInvoice();
    table.put(invoiceItemOf(inv));
    await registerEvent(deps, issuedEventBody('INVOICE_CONFIRMED', inv), workerCtx);
    const byEvent = table.get(keys.siiEntry(COMPANY, 'FE', 'inv-1'))!;
    table.items.delete(`${byEvent.pk}\u0000${byEvent.sk}`);
    let raced = false;
    table.failWhen((command) => {
      if (command !== 'TransactWrite' || raced) return undefined;
      raced = true;
      // The event's registration lands just before the backfill writes.
      table.put(byEvent);
      return undefined;
    });

    const r = await backfillCompany(deps, COMPANY, TODAY, silentLog);

    expect(r).toMatchObject({ found: 1, created: 0 });
    expect(raced).toBe(true);
    expect(entries()).toEqual(['FE:inv-1']);
    expect(entry('FE', 'inv-1')).toMatchObject({ contentVersion: 1, updatedAt: byEvent.updatedAt });
  });

  it('with siiSince, confirmed invoices from then on count even without an SII state', async () => {
    for (const item of companyItems({ siiSince: '2026-03-01' })) table.put(item);
    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-7', siiStatus: null })));
    table.put(
      invoiceItemOf(issuedInvoice({ invoiceId: 'inv-8', invoiceDate: '2026-02-27', siiStatus: null })),
    );
    const r = await backfillCompany(deps, COMPANY, TODAY, silentLog);
    expect(r).toMatchObject({ since: '2026-03-01', created: 1 });
    expect(entries()).toEqual(['FE:inv-7']);
  });

  it('under the criterio de caja, the active collections of a found invoice go to RECC too', async () => {
    const inv = issuedInvoice({ issuer: { ...issuedInvoice().issuer!, vatRegime: 'CRITERIO_CAJA' } });
    table.put(invoiceItemOf(inv));
    table.put(invoicePaymentItem('inv-1', invoicePayment({ paymentId: 'p1', amountCents: 60_000 })));
    table.put(
      invoicePaymentItem(
        'inv-1',
        invoicePayment({ paymentId: 'p2', status: 'DELETED', createdAt: '2026-03-12T09:00:00.000Z' }),
      ),
    );
    const r = await backfillCompany(deps, COMPANY, TODAY, silentLog);
    expect(r.created).toBe(2);
    expect(entries()).toEqual(['FE:inv-1', 'RECC:inv-1~p1']);
    expect(entry('RECC', 'inv-1~p1')).toMatchObject({ totalCents: 60_000, status: 'QUEUED' });
  });

  it('a document whose record cannot be built is counted and logged; the others go on', async () => {
    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-1', breakdown: [] })));
    table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-2' })));
    const r = await backfillCompany(deps, COMPANY, TODAY, silentLog);
    expect(r).toMatchObject({ found: 2, created: 1, unbuildable: 1 });
    expect(entries()).toEqual(['FE:inv-2']);
  });

  it('a company not in the SII is left alone', async () => {
    for (const item of companyItems({ siiEnabled: false })) table.put(item);
    table.put(invoiceItemOf(issuedInvoice()));
    expect(await backfillCompany(deps, COMPANY, TODAY, silentLog)).toMatchObject({ found: 0, since: null });
    expect(entries()).toEqual([]);
  });
});
