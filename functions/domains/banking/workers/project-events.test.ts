import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCollectionSummary } from '../store/collection-summary';
import { getOpenItem, listOpenItems, listOpenItemsByDue } from '../store/open-items';
import {
  getProjectionBackfill,
  PROJECTION_VERSION,
  projectionBackfillDue,
} from '../store/projection-backfill';
import {
  COMPANY,
  customerItem,
  invoiceItemOf,
  invoicePayment,
  invoicePaymentItem,
  issuedInvoice,
  receivedInvoice,
  receivedItemOf,
  receivedPaymentItem,
  treasuryHarness,
  workerCtx,
} from '../testing/treasury-harness';
import { processMessage } from './project-events';

const h = treasuryHarness();
beforeEach(() => h.reset());

const issuedEvent = (invoiceId: string, kind = 'INVOICE_CONFIRMED', over: Record<string, unknown> = {}) => ({
  eventId: `e-${invoiceId}-${kind}`,
  kind,
  companyId: COMPANY,
  invoiceId,
  ...over,
});
const receivedEvent = (receivedInvoiceId: string, kind = 'RECEIVED_REGISTERED') => ({
  eventId: `e-${receivedInvoiceId}-${kind}`,
  kind,
  companyId: COMPANY,
  receivedInvoiceId,
});

describe('open-items projection', () => {
  it('builds a receivable from the stored invoice, its instalments, payments and customer', async () => {
    h.put(
      customerItem(),
      invoiceItemOf(
        issuedInvoice({
          paidCents: 50_000,
          dueDates: [
            { dueDate: '2026-03-11', amountCents: 60_500 },
            { dueDate: '2026-04-10', amountCents: 60_500 },
          ],
        } as never),
      ),
      invoicePaymentItem('inv-1', invoicePayment({ amountCents: 50_000, paidAt: '2026-03-01' })),
      // A deleted payment does not count.
      invoicePaymentItem(
        'inv-1',
        invoicePayment({
          paymentId: 'pay-0',
          amountCents: 9_999,
          status: 'DELETED',
          createdAt: '2026-02-20T00:00:00.000Z',
        }),
      ),
    );
    expect(await processMessage(h.deps, issuedEvent('inv-1'), workerCtx)).toBe('written');
    const item = await getOpenItem(h.deps, COMPANY, 'INV', 'inv-1');
    expect(item).toMatchObject({
      kind: 'INV',
      direction: 'RECEIVABLE',
      number: 'F-2026-0001',
      partyName: 'Ferretería López SL',
      partyEmail: 'pagos@ferreterialopez.es',
      partyIban: 'ES9121000418450200051332',
      totalCents: 121_000,
      paidCents: 50_000,
      outstandingCents: 71_000,
      dueDates: [
        { dueDate: '2026-03-11', amountCents: 60_500, paidCents: 50_000 },
        { dueDate: '2026-04-10', amountCents: 60_500, paidCents: 0 },
      ],
      nextDueDate: '2026-03-11',
      status: 'OPEN',
      settledDate: null,
    });
    const stored = h.table.get(keys.openItem(COMPANY, 'INV', 'inv-1'))!;
    expect(stored.gsi1pk).toBe(keys.openItemByDuePartition(COMPANY).gsi1pk);
    expect(stored.gsi1sk).toBe('2026-03-11#INV#inv-1');
  });

  it('is idempotent and converges when a payment settles it (gsi1 removed once PAID)', async () => {
    h.put(invoiceItemOf(issuedInvoice()));
    await processMessage(h.deps, issuedEvent('inv-1'), workerCtx);
    await processMessage(h.deps, issuedEvent('inv-1'), workerCtx);
    expect(await listOpenItems(h.deps, COMPANY)).toHaveLength(1);
    h.put(invoicePaymentItem('inv-1', invoicePayment()));
    await processMessage(h.deps, issuedEvent('inv-1', 'PAYMENT_RECORDED'), workerCtx);
    const item = await getOpenItem(h.deps, COMPANY, 'INV', 'inv-1');
    expect(item).toMatchObject({
      status: 'PAID',
      outstandingCents: 0,
      settledDate: '2026-03-12',
      nextDueDate: null,
    });
    expect(h.table.get(keys.openItem(COMPANY, 'INV', 'inv-1'))!.gsi1pk).toBeUndefined();
    expect(await listOpenItemsByDue(h.deps, COMPANY, { to: '2026-12-31' })).toEqual([]);
  });

  it('never lets an older state overwrite a newer one', async () => {
    h.put(invoiceItemOf(issuedInvoice()), invoicePaymentItem('inv-1', invoicePayment()));
    await processMessage(h.deps, issuedEvent('inv-1', 'PAYMENT_RECORDED'), workerCtx);
    const { putOpenItem } = await import('../store/open-items');
    const stale = {
      ...(await getOpenItem(h.deps, COMPANY, 'INV', 'inv-1'))!,
      status: 'OPEN' as const,
      version: 1,
    };
    expect(await putOpenItem(h.deps, stale)).toBe('stale');
    expect((await getOpenItem(h.deps, COMPANY, 'INV', 'inv-1'))!.status).toBe('PAID');
  });

  it('falls back to dueDate, then to the issue date; drafts are no open items; cancelled is CANCELLED', async () => {
    h.put(
      invoiceItemOf(issuedInvoice({ invoiceId: 'inv-2', dueDate: null })),
      invoiceItemOf(issuedInvoice({ invoiceId: 'inv-3', status: 'DRAFT' })),
      invoiceItemOf(issuedInvoice({ invoiceId: 'inv-4', status: 'CANCELLED' })),
    );
    await processMessage(h.deps, issuedEvent('inv-2'), workerCtx);
    expect(await processMessage(h.deps, issuedEvent('inv-3'), workerCtx)).toBe('absent');
    await processMessage(h.deps, issuedEvent('inv-4', 'INVOICE_CANCELLED'), workerCtx);
    expect((await getOpenItem(h.deps, COMPANY, 'INV', 'inv-2'))!.dueDates).toEqual([
      { dueDate: '2026-02-09', amountCents: 121_000, paidCents: 0 },
    ]);
    expect(await getOpenItem(h.deps, COMPANY, 'INV', 'inv-3')).toBeNull();
    expect(await getOpenItem(h.deps, COMPANY, 'INV', 'inv-4')).toMatchObject({
      status: 'CANCELLED',
      outstandingCents: 0,
    });
    expect(h.table.get(keys.openItem(COMPANY, 'INV', 'inv-4'))!.gsi1pk).toBeUndefined();
  });

  it('collects the total net of IRPF and counts credit notes applied as settled', async () => {
    h.put(
      invoiceItemOf(
        issuedInvoice({
          totals: {
            baseCents: 100_000,
            vatCents: 21_000,
            recargoCents: 0,
            irpfCents: 15_000,
            totalCents: 106_000,
          },
          creditedCents: 6_000,
          creditsReceived: [
            {
              creditNoteId: 'cn-1',
              creditNoteNumber: 'R-1',
              amountCents: 6_000,
              at: '2026-03-01T10:00:00.000Z',
              by: null,
            },
          ],
        }),
      ),
    );
    await processMessage(h.deps, issuedEvent('inv-1'), workerCtx);
    expect(await getOpenItem(h.deps, COMPANY, 'INV', 'inv-1')).toMatchObject({
      totalCents: 106_000,
      paidCents: 6_000,
      outstandingCents: 100_000,
    });
  });

  it('rebuilds a payable from a received invoice and removes it when the invoice is deleted', async () => {
    h.put(
      receivedItemOf(receivedInvoice({ dueDate: '2026-04-04', paymentMethod: 'TRANSFER' })),
      receivedPaymentItem('ri-1'),
    );
    await processMessage(h.deps, receivedEvent('ri-1'), workerCtx);
    expect(await getOpenItem(h.deps, COMPANY, 'REC', 'ri-1')).toMatchObject({
      direction: 'PAYABLE',
      number: 'PC-2026-881',
      partyName: 'Papelería Central SL',
      totalCents: 60_500,
      outstandingCents: 40_500,
      nextDueDate: '2026-04-04',
      status: 'OPEN',
    });
    expect((await listOpenItems(h.deps, COMPANY, { direction: 'PAYABLE' })).map((i) => i.documentId)).toEqual(
      ['ri-1'],
    );
    expect(await listOpenItems(h.deps, COMPANY, { direction: 'RECEIVABLE' })).toEqual([]);
    h.table.items.delete(
      `${keys.receivedInvoice(COMPANY, 'ri-1').pk}\u0000${keys.receivedInvoice(COMPANY, 'ri-1').sk}`,
    );
    expect(await processMessage(h.deps, receivedEvent('ri-1', 'RECEIVED_DELETED'), workerCtx)).toBe(
      'removed',
    );
    expect(await getOpenItem(h.deps, COMPANY, 'REC', 'ri-1')).toBeNull();
  });

  it('backfills a company page by page, then records the version', async () => {
    for (let i = 1; i <= 3; i++) h.put(invoiceItemOf(issuedInvoice({ invoiceId: `inv-${i}` })));
    h.put(receivedItemOf(receivedInvoice()));
    const { runProjectionBackfillPage } = await import('../store/projection-backfill');
    const first = await runProjectionBackfillPage(
      h.deps,
      { companyId: COMPANY, stage: 'INVOICES', cursor: null },
      workerCtx.log,
    );
    expect(first.documents).toBe(3);
    expect(h.queued()).toEqual([
      { kind: 'TREASURY_BACKFILL', companyId: COMPANY, stage: 'RECEIVED', cursor: null },
    ]);
    expect(await processMessage(h.deps, h.queued()[0], workerCtx)).toBe('backfill');
    expect(await listOpenItems(h.deps, COMPANY, { status: 'OPEN' })).toHaveLength(4);
    const progress = await getProjectionBackfill(h.deps, COMPANY);
    expect(progress).toMatchObject({ projectionVersion: PROJECTION_VERSION, documents: 4 });
    expect(progress!.finishedAt).not.toBeNull();
    expect(projectionBackfillDue(progress, h.deps.now())).toBe(false);
    expect(projectionBackfillDue(null, h.deps.now())).toBe(true);
  });

  it("an issued invoice's change asks for the collection summary once; its message recomputes it", async () => {
    h.put(
      customerItem(),
      invoiceItemOf(issuedInvoice({ paidCents: 121_000 })),
      invoicePaymentItem('inv-1', invoicePayment({ amountCents: 121_000, paidAt: '2026-03-01' })),
      receivedItemOf(receivedInvoice()),
    );
    const asks = () => h.queued().filter((m) => m.kind === 'TREASURY_COLLECTIONS');
    expect(await processMessage(h.deps, receivedEvent('ri-1'), workerCtx)).toBe('written');
    expect(asks()).toEqual([]);
    expect(await processMessage(h.deps, issuedEvent('inv-1'), workerCtx)).toBe('written');
    expect(await processMessage(h.deps, issuedEvent('inv-1', 'PAYMENT_RECORDED'), workerCtx)).toBe('written');
    // Debounced: one message for the burst.
    expect(asks()).toEqual([{ kind: 'TREASURY_COLLECTIONS', companyId: COMPANY }]);
    expect(await getCollectionSummary(h.deps, COMPANY)).toBeNull();

    expect(await processMessage(h.deps, asks()[0], workerCtx)).toBe('collections');
    // Issued 9 Feb, paid 1 Mar: 20 days.
    expect((await getCollectionSummary(h.deps, COMPANY))?.months).toEqual([
      { month: '2026-03', collectedCents: 121_000, collectedCentsDays: 121_000 * 20 },
    ]);
    // The run cleared the flag: the next change asks again.
    await processMessage(h.deps, issuedEvent('inv-1', 'PAYMENT_DELETED'), workerCtx);
    expect(asks()).toHaveLength(2);
  });

  it('a backfill page of issued invoices asks for the collection summary', async () => {
    h.put(invoiceItemOf(issuedInvoice()));
    await processMessage(
      h.deps,
      { kind: 'TREASURY_BACKFILL', companyId: COMPANY, stage: 'INVOICES', cursor: null },
      workerCtx,
    );
    expect(h.queued()).toContainEqual({ kind: 'TREASURY_COLLECTIONS', companyId: COMPANY });
  });

  it('drops malformed messages', async () => {
    expect(await processMessage(h.deps, { kind: 'TREASURY_COLLECTIONS' }, workerCtx)).toBe('malformed');
    expect(await processMessage(h.deps, { kind: 'TREASURY_BACKFILL' }, workerCtx)).toBe('malformed');
    expect(await processMessage(h.deps, { foo: 1 }, workerCtx)).toBe('malformed');
  });
});
