/**
 * The collection months kept with the open items (store/collection-claims.ts): sums known by hand
 * through the real projection path (the `treasury` consumer and the backfill over the in-memory
 * table), replays, removals, late older rebuilds, cancelled and negative invoices, and a claim
 * written by another rebuild between the read and the transaction.
 */

import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMPANY,
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
import { processMessage } from '../workers/project-events';
import { getCollectionClaim, monthDeltas } from './collection-claims';
import { getOpenItem, putOpenItem } from './open-items';
import { runProjectionBackfillPage } from './projection-backfill';

const h = treasuryHarness();
beforeEach(() => h.reset());

const event = (invoiceId: string, kind = 'PAYMENT_RECORDED') => ({
  eventId: `e-${invoiceId}-${kind}`,
  kind,
  companyId: COMPANY,
  invoiceId,
});

/** Every month item of the company, as `{ month: [cents, centsDays] }` (months summed to zero too). */
const months = () =>
  Object.fromEntries(
    h.table
      .all('CollectionMonth')
      .filter((i) => i.pk === keys.collectionMonth(COMPANY, '2026-01').pk)
      .map((i) => [i.month, [i.collectedCents, i.collectedCentsDays]]),
  );

// Issued 9 Feb 2026, 1.210,00 €: 500,00 € on 1 Mar (20 days) and 710,00 € on 15 Apr (65 days).
const firstPayment = invoicePayment({ paymentId: 'pay-1', amountCents: 50_000, paidAt: '2026-03-01' });
const secondPayment = invoicePayment({
  paymentId: 'pay-2',
  amountCents: 71_000,
  paidAt: '2026-04-15',
  createdAt: '2026-04-15T08:00:00.000Z',
});
const paidInTwoMonths = () =>
  h.put(
    invoiceItemOf(issuedInvoice()),
    invoicePaymentItem('inv-1', firstPayment),
    invoicePaymentItem('inv-1', secondPayment),
  );

describe('collection months', () => {
  it('adds a document paid in two instalments to the two payment months, exactly', async () => {
    paidInTwoMonths();
    expect(await processMessage(h.deps, event('inv-1'), workerCtx)).toBe('written');
    expect(months()).toEqual({
      '2026-03': [50_000, 50_000 * 20],
      '2026-04': [71_000, 71_000 * 65],
    });
    expect(await getCollectionClaim(h.deps, COMPANY, 'inv-1')).toEqual({
      companyId: COMPANY,
      documentId: 'inv-1',
      version: 3,
      months: {
        '2026-03': { cents: 50_000, centsDays: 1_000_000 },
        '2026-04': { cents: 71_000, centsDays: 4_615_000 },
      },
    });
  });

  it('adds nothing when the same event is replayed', async () => {
    paidInTwoMonths();
    await processMessage(h.deps, event('inv-1'), workerCtx);
    const once = months();
    expect(await processMessage(h.deps, event('inv-1'), workerCtx)).toBe('written');
    expect(await processMessage(h.deps, event('inv-1', 'INVOICE_UPDATED'), workerCtx)).toBe('written');
    expect(months()).toEqual(once);
  });

  it('subtracts a payment removed, and a later payment moves to its month', async () => {
    paidInTwoMonths();
    await processMessage(h.deps, event('inv-1'), workerCtx);
    // The April payment is unreconciled (deleted): April goes back to zero.
    h.put(invoicePaymentItem('inv-1', { ...secondPayment, status: 'DELETED' }));
    await processMessage(h.deps, event('inv-1', 'PAYMENT_DELETED'), workerCtx);
    expect(months()).toEqual({ '2026-03': [50_000, 1_000_000], '2026-04': [0, 0] });
    // Paid again on 11 May (91 days).
    h.put(
      invoicePaymentItem(
        'inv-1',
        invoicePayment({
          paymentId: 'pay-3',
          amountCents: 71_000,
          paidAt: '2026-05-11',
          createdAt: '2026-05-11T08:00:00.000Z',
        }),
      ),
    );
    await processMessage(h.deps, event('inv-1'), workerCtx);
    expect(months()).toEqual({
      '2026-03': [50_000, 1_000_000],
      '2026-04': [0, 0],
      '2026-05': [71_000, 71_000 * 91],
    });
    // Version 1 + pay-1 + pay-2 (recorded, deleted) + pay-3.
    expect((await getCollectionClaim(h.deps, COMPANY, 'inv-1'))?.version).toBe(5);
  });

  it('an older rebuild arriving late changes nothing (item, claim and months)', async () => {
    paidInTwoMonths();
    await processMessage(h.deps, event('inv-1'), workerCtx);
    const current = (await getOpenItem(h.deps, COMPANY, 'INV', 'inv-1'))!;
    const before = months();
    // What a rebuild that read the invoice with its first payment only would write (version 2).
    const older = {
      ...current,
      version: 2,
      payments: current.payments.slice(0, 1),
      paidCents: 50_000,
      outstandingCents: 71_000,
      status: 'OPEN' as const,
    };
    expect(await putOpenItem(h.deps, older)).toBe('stale');
    expect(months()).toEqual(before);
    expect((await getOpenItem(h.deps, COMPANY, 'INV', 'inv-1'))!.version).toBe(3);
    // The same older state while the claim is missing (an item projected before the claims existed):
    // the item's own condition refuses it, so nothing is added either.
    h.table.items.delete(
      `${keys.collectionClaim(COMPANY, 'inv-1').pk}\u0000${keys.collectionClaim(COMPANY, 'inv-1').sk}`,
    );
    expect(await putOpenItem(h.deps, older)).toBe('stale');
    expect(months()).toEqual(before);
  });

  it('cancelling a paid invoice subtracts it; credit notes, negative invoices and payables add nothing', async () => {
    paidInTwoMonths();
    await processMessage(h.deps, event('inv-1'), workerCtx);
    h.put(invoiceItemOf(issuedInvoice({ status: 'CANCELLED' })));
    await processMessage(h.deps, event('inv-1', 'INVOICE_CANCELLED'), workerCtx);
    expect(months()).toEqual({ '2026-03': [0, 0], '2026-04': [0, 0] });
    expect(await getCollectionClaim(h.deps, COMPANY, 'inv-1')).toBeNull();

    h.put(
      // A credit note by differences (−121,00 €) with a refund recorded against it.
      invoiceItemOf(
        issuedInvoice({
          invoiceId: 'rect-1',
          invoiceType: 'R1',
          rectification: { method: 'DIFFERENCES' },
          totals: {
            baseCents: -10_000,
            vatCents: -2_100,
            recargoCents: 0,
            irpfCents: 0,
            totalCents: -12_100,
          },
        } as never),
      ),
      invoicePaymentItem('rect-1', invoicePayment({ amountCents: 12_100, paidAt: '2026-03-20' })),
      // An invoice settled by a credit note applied: no money collected.
      invoiceItemOf(
        issuedInvoice({
          invoiceId: 'inv-2',
          creditedCents: 121_000,
          creditsReceived: [
            {
              creditNoteId: 'cn',
              creditNoteNumber: 'R-1',
              amountCents: 121_000,
              at: '2026-03-02T10:00:00.000Z',
              by: null,
            },
          ],
        }),
      ),
      receivedItemOf(receivedInvoice()),
      receivedPaymentItem('ri-1'),
    );
    await processMessage(h.deps, event('rect-1', 'INVOICE_CONFIRMED'), workerCtx);
    await processMessage(h.deps, event('inv-2', 'INVOICE_CONFIRMED'), workerCtx);
    await processMessage(
      h.deps,
      { eventId: 'e-ri', kind: 'RECEIVED_REGISTERED', companyId: COMPANY, receivedInvoiceId: 'ri-1' },
      workerCtx,
    );
    expect((await getOpenItem(h.deps, COMPANY, 'INV', 'rect-1'))!.totalCents).toBe(-12_100);
    expect((await getOpenItem(h.deps, COMPANY, 'REC', 'ri-1'))!.paidCents).toBeGreaterThan(0);
    expect(months()).toEqual({ '2026-03': [0, 0], '2026-04': [0, 0] });
    expect(h.table.all('CollectionClaim')).toEqual([]);
  });

  it('an invoice that is no open item any more takes back what it added', async () => {
    paidInTwoMonths();
    await processMessage(h.deps, event('inv-1'), workerCtx);
    h.table.items.delete(`${keys.invoice(COMPANY, 'inv-1').pk}\u0000${keys.invoice(COMPANY, 'inv-1').sk}`);
    expect(await processMessage(h.deps, event('inv-1', 'INVOICE_DELETED'), workerCtx)).toBe('removed');
    expect(await getOpenItem(h.deps, COMPANY, 'INV', 'inv-1')).toBeNull();
    expect(months()).toEqual({ '2026-03': [0, 0], '2026-04': [0, 0] });
    expect(await processMessage(h.deps, event('inv-1', 'INVOICE_DELETED'), workerCtx)).toBe('absent');
  });

  it('the backfill counts what was projected before the claims once, however often it runs', async () => {
    paidInTwoMonths();
    h.put(
      invoiceItemOf(issuedInvoice({ invoiceId: 'inv-7', invoiceDate: '2026-03-01' })),
      invoicePaymentItem(
        'inv-7',
        invoicePayment({ paymentId: 'pay-7', amountCents: 121_000, paidAt: '2026-03-31' }),
      ),
    );
    // inv-1's item was projected by the code before the claims: the item without claim nor months.
    await processMessage(h.deps, event('inv-1'), workerCtx);
    for (const entity of ['CollectionClaim', 'CollectionMonth'])
      for (const i of h.table.all(entity)) h.table.items.delete(`${i.pk}\u0000${i.sk}`);
    const page = { companyId: COMPANY, stage: 'INVOICES' as const, cursor: null };
    await runProjectionBackfillPage(h.deps, page, workerCtx.log);
    const once = months();
    expect(once).toEqual({
      '2026-03': [50_000 + 121_000, 50_000 * 20 + 121_000 * 30],
      '2026-04': [71_000, 71_000 * 65],
    });
    await runProjectionBackfillPage(h.deps, page, workerCtx.log);
    await processMessage(h.deps, event('inv-7'), workerCtx);
    expect(months()).toEqual(once);
  });

  it('reads the claim again when another rebuild wrote it between the read and the transaction', async () => {
    paidInTwoMonths();
    const claim = { cents: 0, centsDays: 0 };
    let raced = 0;
    h.table.failWhen((command) => {
      if (command === 'TransactWrite' && raced++ === 0) {
        // Another consumer rebuilt the same invoice (same version) and committed first.
        const months = {
          '2026-03': { cents: 50_000, centsDays: 1_000_000 },
          '2026-04': { cents: 71_000, centsDays: 4_615_000 },
        };
        h.table.put({
          ...keys.collectionClaim(COMPANY, 'inv-1'),
          entity: 'CollectionClaim',
          companyId: COMPANY,
          documentId: 'inv-1',
          version: 3,
          months,
        });
        for (const [month, m] of Object.entries(months))
          h.table.put({
            ...keys.collectionMonth(COMPANY, month),
            entity: 'CollectionMonth',
            month,
            collectedCents: m.cents + claim.cents,
            collectedCentsDays: m.centsDays + claim.centsDays,
          });
      }
      return undefined;
    });
    expect(await processMessage(h.deps, event('inv-1'), workerCtx)).toBe('written');
    // The first transaction failed on the claim, the second found it current and added nothing.
    expect(raced).toBe(2);
    expect(months()).toEqual({ '2026-03': [50_000, 1_000_000], '2026-04': [71_000, 4_615_000] });
  });

  it('monthDeltas: only the months that change, new minus old', () => {
    expect(
      monthDeltas(
        { '2026-03': { cents: 10, centsDays: 100 }, '2026-04': { cents: 5, centsDays: 5 } },
        { '2026-04': { cents: 5, centsDays: 5 }, '2026-05': { cents: 7, centsDays: 14 } },
      ),
    ).toEqual([
      { month: '2026-03', cents: -10, centsDays: -100 },
      { month: '2026-05', cents: 7, centsDays: 14 },
    ]);
  });
});
