/**
 * The `sii` queue consumer on the in-memory table: each event becomes its books' entries, the
 * applied marker and the source's siiStatus in one transaction, exactly once however often it is
 * delivered; events out of order end as the latest change says; the sender is woken once per new
 * change, never for a repeat.
 */

import { keys } from '@shared/db/keys';
import type { SiiEntry } from '@shared/schemas/sii';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMPANY,
  companyItems,
  configItem,
  invoiceItemOf,
  invoicePayment,
  issuedEventBody,
  issuedInvoice,
  receivedEventBody,
  receivedInvoice,
  receivedItemOf,
  SEND_QUEUE_URL,
  siiHarness,
  sqsEvent,
  workerCtx,
} from '../testing/harness';
import { handler, registerEvent } from './register-events';

const h = siiHarness();
const { table, deps } = h;

const entry = (book: SiiEntry['book'], documentId: string) =>
  table.get(keys.siiEntry(COMPANY, book, documentId)) as (SiiEntry & Record<string, unknown>) | undefined;
const entries = () => table.all('SiiEntry') as unknown as SiiEntry[];
const markers = () => table.all('SiiAppliedEvent');

/** The sender's move of an entry to ACCEPTED (registered), as its transaction leaves it. */
function acceptAs(book: SiiEntry['book'], documentId: string) {
  const e = entry(book, documentId)!;
  const { gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...rest } = e;
  table.put({
    ...rest,
    status: 'ACCEPTED',
    registered: true,
    pendingOperation: null,
    sentContentVersion: e.contentVersion,
    acceptedAt: '2026-03-10T09:30:00.000Z',
    updatedAt: '2026-03-10T09:30:00.000Z',
  });
}

beforeEach(() => {
  h.reset();
  for (const item of companyItems()) table.put(item);
});

describe('issued invoices', () => {
  it('a confirmation registers the FE alta, its marker and the invoice state, and wakes the sender', async () => {
    const inv = issuedInvoice();
    table.put(invoiceItemOf(inv));

    const outcome = await registerEvent(deps, issuedEventBody('INVOICE_CONFIRMED', inv), workerCtx);

    expect(outcome).toBe('applied');
    expect(entry('FE', 'inv-1')).toMatchObject({
      entity: 'SiiEntry',
      status: 'QUEUED',
      pendingOperation: 'A0',
      documentNumber: inv.invoiceNumber,
      counterpartyName: 'Ferretería López SL',
      totalCents: 121_000,
      period: { year: 2026, period: '03' },
      // 9 March 2026 (Monday) + 4 working days.
      deadline: '2026-03-13',
      gsi1pk: keys.siiPendingPartition(COMPANY, 'FE').gsi1pk,
      gsi2pk: 'SII#OPEN',
    });
    expect(entry('FE', 'inv-1')?.record).toMatchObject({ book: 'FE', invoiceType: 'F1' });
    expect(table.get(keys.invoice(COMPANY, 'inv-1'))).toMatchObject({ siiStatus: 'QUEUED' });
    expect(markers()).toHaveLength(1);
    expect(markers()[0]).toMatchObject({ eventId: 'ev-INVOICE_CONFIRMED-inv-1', kind: 'INVOICE_CONFIRMED' });
    expect(markers()[0]?.ttl).toBeGreaterThan(Date.parse('2026-04-08T00:00:00Z') / 1000);
    expect(h.wakes()).toEqual([
      {
        companyId: COMPANY,
        groupId: COMPANY,
        dedupeId: `${COMPANY}:ev-INVOICE_CONFIRMED-inv-1`,
        queueUrl: SEND_QUEUE_URL,
      },
    ]);
  });

  it('the same event delivered three times: one entry, one marker, one wake-up', async () => {
    const inv = issuedInvoice();
    table.put(invoiceItemOf(inv));
    const body = issuedEventBody('INVOICE_CONFIRMED', inv);

    const res = await handler(sqsEvent(body, body), undefined);
    const third = await registerEvent(deps, body, workerCtx);

    expect(res.batchItemFailures).toEqual([]);
    expect(third).toBe('duplicate');
    expect(entries()).toHaveLength(1);
    expect(entry('FE', 'inv-1')).toMatchObject({ contentVersion: 1, status: 'QUEUED' });
    expect(entry('FE', 'inv-1')?.history).toHaveLength(1);
    expect(markers()).toHaveLength(1);
    expect(h.wakes()).toHaveLength(1);
  });

  it('a cancellation before its confirmation ends withdrawn; the late confirmation changes nothing', async () => {
    const inv = issuedInvoice({ status: 'CANCELLED' });
    table.put(invoiceItemOf(inv));

    expect(await registerEvent(deps, issuedEventBody('INVOICE_CANCELLED', inv), workerCtx)).toBe('applied');
    expect(await registerEvent(deps, issuedEventBody('INVOICE_CONFIRMED', inv), workerCtx)).toBe('unchanged');

    expect(entry('FE', 'inv-1')).toMatchObject({
      withdrawn: true,
      pendingOperation: null,
      status: 'NOT_SENT',
    });
    expect(entry('FE', 'inv-1')).not.toHaveProperty('gsi1pk');
    expect(entry('FE', 'inv-1')).not.toHaveProperty('gsi2pk');
    expect(markers()).toHaveLength(2);
    expect(h.wakes()).toEqual([]);
  });

  it('a cancellation of an accepted invoice queues its baja; the intra-EU operation goes with it', async () => {
    const op = {
      operationType: 'A' as const,
      memberState: 'FR',
      termDays: 30,
      goodsDescription: 'Remolque para reparación',
      operatorAddress: '12 Rue du Port, 13002 Marseille',
    };
    const inv = issuedInvoice({
      intraEuOperation: op,
      customer: {
        ...issuedInvoice().customer!,
        taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' } as never,
      },
    });
    table.put(invoiceItemOf(inv));
    await registerEvent(deps, issuedEventBody('INVOICE_CONFIRMED', inv), workerCtx);
    expect(entry('OI', 'inv-1')).toMatchObject({ status: 'QUEUED', pendingOperation: 'A0' });
    acceptAs('FE', 'inv-1');

    await registerEvent(
      deps,
      issuedEventBody('INVOICE_CANCELLED', { ...inv, status: 'CANCELLED' } as never),
      workerCtx,
    );

    expect(entry('FE', 'inv-1')).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'BAJA',
      withdrawn: true,
    });
    expect(entry('OI', 'inv-1')).toMatchObject({
      status: 'NOT_SENT',
      pendingOperation: null,
      withdrawn: true,
    });
    expect(table.get(keys.invoice(COMPANY, 'inv-1'))).toMatchObject({ siiStatus: 'QUEUED' });
    expect(h.wakes()).toHaveLength(2);
  });

  it('collections of an invoice under the criterio de caja become RECC records; others none', async () => {
    const caja = issuedInvoice({
      issuer: { ...issuedInvoice().issuer!, vatRegime: 'CRITERIO_CAJA' },
    });
    table.put(invoiceItemOf(caja));
    const pay = invoicePayment();

    await registerEvent(deps, issuedEventBody('PAYMENT_RECORDED', caja, { payment: pay }), workerCtx);
    expect(entry('RECC', 'inv-1~pay-1')).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'A0',
      source: { type: 'INVOICE_PAYMENT', id: 'pay-1', invoiceId: 'inv-1' },
      totalCents: 121_000,
      // 12 March (Thursday) + 4 working days.
      deadline: '2026-03-18',
    });
    expect(entry('RECC', 'inv-1~pay-1')?.record).toMatchObject({ direction: 'COLLECTION' });
    // The invoice's state is its FE record's: a collection does not touch it.
    expect(table.get(keys.invoice(COMPANY, 'inv-1'))).toMatchObject({ siiStatus: 'NOT_SENT' });

    // Deleted before it was sent: nothing to tell.
    await registerEvent(
      deps,
      issuedEventBody('PAYMENT_DELETED', caja, { payment: pay, at: '2026-03-13T08:00:00.000Z' }),
      workerCtx,
    );
    expect(entry('RECC', 'inv-1~pay-1')).toMatchObject({ withdrawn: true, pendingOperation: null });

    const general = issuedInvoice({ invoiceId: 'inv-2' });
    table.put(invoiceItemOf(general));
    expect(
      await registerEvent(deps, issuedEventBody('PAYMENT_RECORDED', general, { payment: pay }), workerCtx),
    ).toBe('unchanged');
    expect(entry('RECC', 'inv-2~pay-1')).toBeUndefined();
  });

  it('a correction of a collection arriving before the deletion of its old revision keeps the new one', async () => {
    const caja = issuedInvoice({ issuer: { ...issuedInvoice().issuer!, vatRegime: 'CRITERIO_CAJA' } });
    table.put(invoiceItemOf(caja));
    const rev0 = invoicePayment();
    const rev1 = invoicePayment({ revision: 1, amountCents: 100_000, createdAt: rev0.createdAt });
    const at = '2026-03-14T08:00:00.000Z';

    await registerEvent(deps, issuedEventBody('PAYMENT_RECORDED', caja, { payment: rev0 }), workerCtx);
    await registerEvent(deps, issuedEventBody('PAYMENT_RECORDED', caja, { payment: rev1, at }), workerCtx);
    await registerEvent(deps, issuedEventBody('PAYMENT_DELETED', caja, { payment: rev0, at }), workerCtx);

    expect(entry('RECC', 'inv-1~pay-1')).toMatchObject({
      withdrawn: false,
      totalCents: 100_000,
      status: 'QUEUED',
    });
  });
});

describe('received invoices', () => {
  it('an older update arriving after a newer one does not overwrite it', async () => {
    const v1 = receivedInvoice();
    const v2 = receivedInvoice({ version: 2, supplierInvoiceNumber: 'GT-2026-882' });
    const v3 = receivedInvoice({ version: 3, supplierInvoiceNumber: 'GT-2026-883' });
    table.put(receivedItemOf(v3));

    await registerEvent(deps, receivedEventBody('RECEIVED_REGISTERED', v1), workerCtx);
    await registerEvent(deps, receivedEventBody('RECEIVED_UPDATED', v3), workerCtx);
    expect(await registerEvent(deps, receivedEventBody('RECEIVED_UPDATED', v2), workerCtx)).toBe('unchanged');

    expect(entry('FR', 'ri-1')).toMatchObject({
      documentNumber: 'GT-2026-883',
      contentVersion: 2,
      status: 'QUEUED',
    });
    expect(table.get(keys.receivedInvoice(COMPANY, 'ri-1'))).toMatchObject({ siiStatus: 'QUEUED' });
    // Registration and the newer update each woke the sender (the content changed while QUEUED).
    expect(h.wakes()).toHaveLength(2);
  });

  it('a late registration after a correction that removed an investment good does not bring it back', async () => {
    for (const item of companyItems({ facts: { prorrataBp: 8000 } })) table.put(item);
    const v1 = receivedInvoice({
      lines: [{ investmentGoods: true, description: 'Carretilla elevadora' }, {}],
    });
    const v2 = receivedInvoice({ version: 2, lines: [{ description: 'Carretilla elevadora' }, {}] });

    await registerEvent(deps, receivedEventBody('RECEIVED_UPDATED', v2), workerCtx);
    await registerEvent(deps, receivedEventBody('RECEIVED_REGISTERED', v1), workerCtx);

    expect(entry('FR', 'ri-1')).toBeDefined();
    expect(entry('BI', 'ri-1~1')).toBeUndefined();
  });

  it('investment goods of a company with a prorrata go to BI; a correction withdraws the good removed', async () => {
    for (const item of companyItems({ facts: { prorrataBp: 8000 } })) table.put(item);
    const v1 = receivedInvoice({
      lines: [
        { investmentGoods: true, description: 'Carretilla elevadora' },
        { investmentGoods: true, description: 'Báscula' },
      ],
    });
    table.put(receivedItemOf(v1));
    await registerEvent(deps, receivedEventBody('RECEIVED_REGISTERED', v1), workerCtx);
    expect(entry('BI', 'ri-1~1')).toMatchObject({ status: 'QUEUED', period: { year: 2026, period: '0A' } });
    expect(entry('BI', 'ri-1~2')).toMatchObject({ status: 'QUEUED' });

    const v2 = receivedInvoice({
      version: 2,
      lines: [{ investmentGoods: true, description: 'Carretilla elevadora' }, { description: 'Báscula' }],
    });
    await registerEvent(deps, receivedEventBody('RECEIVED_UPDATED', v2), workerCtx);

    expect(entry('BI', 'ri-1~1')).toMatchObject({ withdrawn: false, contentVersion: 1 });
    expect(entry('BI', 'ri-1~2')).toMatchObject({ withdrawn: true, pendingOperation: null });
    // Without a prorrata there is no BI book.
    for (const item of companyItems()) table.put(item);
    await registerEvent(
      deps,
      receivedEventBody('RECEIVED_REGISTERED', { ...v1, receivedInvoiceId: 'ri-9' }),
      workerCtx,
    );
    expect(entry('BI', 'ri-9~1')).toBeUndefined();
  });

  it('held while not approved, released (and the sender woken) when approved', async () => {
    table.put(configItem({ holdUnapprovedReceived: true }));
    const pending = receivedInvoice({ approvalStatus: 'PENDING' });
    table.put(receivedItemOf(pending));

    await registerEvent(deps, receivedEventBody('RECEIVED_REGISTERED', pending), workerCtx);
    expect(entry('FR', 'ri-1')).toMatchObject({ status: 'NOT_SENT', held: true });
    expect(entry('FR', 'ri-1')).not.toHaveProperty('gsi1pk');
    expect(h.wakes()).toEqual([]);

    const approved = receivedInvoice({ version: 2, approvalStatus: 'APPROVED' });
    await registerEvent(deps, receivedEventBody('RECEIVED_UPDATED', approved), workerCtx);
    expect(entry('FR', 'ri-1')).toMatchObject({ status: 'QUEUED', held: false, contentVersion: 1 });
    expect(table.get(keys.receivedInvoice(COMPANY, 'ri-1'))).toMatchObject({ siiStatus: 'QUEUED' });
    expect(h.wakes()).toHaveLength(1);
  });

  it('MANUAL mode: registered as NOT_SENT, nobody woken', async () => {
    table.put(configItem({ submissionMode: 'MANUAL' }));
    await registerEvent(deps, receivedEventBody('RECEIVED_REGISTERED', receivedInvoice()), workerCtx);
    expect(entry('FR', 'ri-1')).toMatchObject({ status: 'NOT_SENT', pendingOperation: 'A0' });
    expect(h.wakes()).toEqual([]);
  });

  it('a deletion of an accepted invoice queues its baja (no mirror: the item is gone) and its payments go', async () => {
    const r = receivedInvoice();
    await registerEvent(deps, receivedEventBody('RECEIVED_REGISTERED', r), workerCtx);
    await registerEvent(
      deps,
      receivedEventBody('RECEIVED_PAYMENT_RECORDED', receivedInvoice({ version: 2 }), {
        vatRegime: 'CRITERIO_CAJA',
        payment: {
          paymentId: 'rp-1',
          date: '2026-03-11',
          amountCents: 60_500,
          account: 'ES9121000418450200051332',
        },
      }),
      workerCtx,
    );
    expect(entry('RECC', 'ri-1~rp-1')).toMatchObject({ status: 'QUEUED' });
    expect(entry('RECC', 'ri-1~rp-1')?.record).toMatchObject({ direction: 'PAYMENT' });
    acceptAs('FR', 'ri-1');

    await registerEvent(
      deps,
      receivedEventBody('RECEIVED_DELETED', receivedInvoice({ version: 3 })),
      workerCtx,
    );

    expect(entry('FR', 'ri-1')).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'BAJA',
      withdrawn: true,
    });
    expect(entry('RECC', 'ri-1~rp-1')).toMatchObject({ withdrawn: true, pendingOperation: null });
    expect(table.get(keys.receivedInvoice(COMPANY, 'ri-1'))).toBeUndefined();
  });

  it('payments of a company outside the criterio de caja are not reported', async () => {
    const r = receivedInvoice();
    const out = await registerEvent(
      deps,
      receivedEventBody('RECEIVED_PAYMENT_RECORDED', r, {
        vatRegime: 'GENERAL',
        payment: { paymentId: 'rp-1', date: '2026-03-11', amountCents: 60_500 },
      }),
      workerCtx,
    );
    expect(out).toBe('unchanged');
    expect(entries()).toEqual([]);
  });
});

describe('robustness', () => {
  it('a sender move between the read and the write is decided again on what it left', async () => {
    const r1 = receivedInvoice();
    await registerEvent(deps, receivedEventBody('RECEIVED_REGISTERED', r1), workerCtx);
    let moved = false;
    table.failWhen((command) => {
      if (command !== 'TransactWrite' || moved) return undefined;
      moved = true;
      // The sender claims the entry (QUEUED → SENT) just before the registration writes.
      const e = entry('FR', 'ri-1')!;
      table.put({
        ...e,
        status: 'SENT',
        attemptId: 'att-1',
        sentContentVersion: 1,
        updatedAt: '2026-03-10T09:00:01.000Z',
      });
      return undefined;
    });

    const r2 = receivedInvoice({ version: 2, supplierInvoiceNumber: 'GT-2026-999' });
    expect(await registerEvent(deps, receivedEventBody('RECEIVED_UPDATED', r2), workerCtx)).toBe('applied');

    expect(entry('FR', 'ri-1')).toMatchObject({
      status: 'SENT',
      attemptId: 'att-1',
      sentContentVersion: 1,
      contentVersion: 2,
      documentNumber: 'GT-2026-999',
    });
    // In flight: the sender re-queues it when it resolves the attempt; no wake-up now.
    expect(h.wakes()).toHaveLength(1);
  });

  it('companies outside the SII are skipped; a malformed message fails back to the queue', async () => {
    for (const item of companyItems({ siiEnabled: false })) table.put(item);
    expect(await registerEvent(deps, issuedEventBody('INVOICE_CONFIRMED', issuedInvoice()), workerCtx)).toBe(
      'not-in-sii',
    );
    expect(table.writes).toHaveLength(0);

    const res = await handler(sqsEvent({ kind: 'INVOICE_CONFIRMED' }), undefined);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  });

  it('a company that left the SII still withdraws what the AEAT holds', async () => {
    const inv = issuedInvoice();
    await registerEvent(deps, issuedEventBody('INVOICE_CONFIRMED', inv), workerCtx);
    acceptAs('FE', 'inv-1');
    for (const item of companyItems({ siiEnabled: false })) table.put(item);
    await registerEvent(deps, issuedEventBody('INVOICE_CANCELLED', inv), workerCtx);
    expect(entry('FE', 'inv-1')).toMatchObject({ pendingOperation: 'BAJA', status: 'QUEUED' });
  });

  it('an event marked reportsSii false (an accounting-only event) is acknowledged and changes no book', async () => {
    const caja = issuedInvoice({ issuer: { ...issuedInvoice().issuer!, vatRegime: 'CRITERIO_CAJA' } });
    table.put(invoiceItemOf(caja));
    const r = receivedInvoice();
    const payment = { paymentId: 'rp-1', date: '2026-03-11', amountCents: 60_500 };
    const bodies = [
      issuedEventBody('PAYMENT_RECORDED', caja, { payment: invoicePayment() }),
      receivedEventBody('RECEIVED_REGISTERED', r),
      receivedEventBody('RECEIVED_PAYMENT_RECORDED', r, { vatRegime: 'CRITERIO_CAJA', payment }),
    ].map((b) => ({ ...b, reportsSii: false }));

    const res = await handler(sqsEvent(...bodies), undefined);
    for (const body of bodies) expect(await registerEvent(deps, body, workerCtx)).toBe('not-reported');

    expect(res.batchItemFailures).toEqual([]);
    expect(table.writes).toHaveLength(0);
    expect(entries()).toEqual([]);
    expect(markers()).toEqual([]);
    expect(h.wakes()).toEqual([]);
    // The same events marked true (or stored before the mark) are registered as always.
    expect(await registerEvent(deps, { ...bodies[1], reportsSii: true }, workerCtx)).toBe('applied');
    const { reportsSii: _r, ...unmarked } = bodies[0]!;
    expect(await registerEvent(deps, unmarked, workerCtx)).toBe('applied');
    expect(
      entries()
        .map((e) => e.book)
        .sort(),
    ).toEqual(['FR', 'RECC']);
  });

  it('kinds the SII does not follow are acknowledged; a record that cannot be built is logged, not retried', async () => {
    expect(
      await registerEvent(
        deps,
        { ...issuedEventBody('INVOICE_CONFIRMED', issuedInvoice()), kind: 'INVOICE_SENT' },
        workerCtx,
      ),
    ).toBe('ignored');
    const noBreakdown = issuedInvoice({ breakdown: [] });
    expect(await registerEvent(deps, issuedEventBody('INVOICE_CONFIRMED', noBreakdown), workerCtx)).toBe(
      'unbuildable',
    );
    expect(entries()).toEqual([]);
  });
});
