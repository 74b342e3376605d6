import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountingHarness,
  balancesFromAggregates,
  balancesFromLines,
  books,
  COMPANY,
  companyOf,
  invoiceItemOf,
  invoicePayment,
  invoicePaymentItem,
  issuedEventBody,
  issuedInvoice,
  receivedInvoice,
  receivedItemOf,
  receivedPayment,
  receivedPaymentItem,
  silentLog,
  workerCtx,
} from '../testing/harness';
import { processMessage } from '../workers/post-events';
import { runBackfillSchedule } from '../workers/run-backfill';
import { BACKFILL_RULES_VERSION, runBackfillPage } from './backfill';
import type { BackfillMessage } from './chart';
import { ENTITY } from './items';

const h = accountingHarness();

beforeEach(() => {
  h.reset();
  h.table.put(companyOf('SL'));
  // 3 confirmed invoices (one paid), a cancelled one, a draft, a received invoice with its payment.
  for (const n of [1, 2, 3])
    h.table.put(invoiceItemOf(issuedInvoice({ invoiceId: `inv-${n}`, invoiceDate: `2026-02-0${n}` })));
  h.table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-4', status: 'CANCELLED' })));
  h.table.put(invoiceItemOf(issuedInvoice({ invoiceId: 'inv-5', status: 'DRAFT' })));
  h.table.put(invoicePaymentItem('inv-1', invoicePayment()));
  h.table.put(receivedItemOf(receivedInvoice()));
  h.table.put(receivedPaymentItem('ri-1', receivedPayment()));
});

/** Runs a backfill to its end, one queued page after another (2 documents a page to cross pages). */
async function runWholeBackfill(): Promise<void> {
  let message: Omit<BackfillMessage, 'kind'> | null = { companyId: COMPANY, stage: 'INVOICES', cursor: null };
  for (let pages = 0; message; pages++) {
    if (pages > 20) throw new Error('backfill does not end');
    message = (await runBackfillPage(h.deps, message, silentLog))?.next ?? null;
  }
}

const snapshot = () => {
  const b = books(h);
  return {
    entries: b.entries.length,
    lines: balancesFromLines(b.lines),
    c: balancesFromAggregates(b.aggregates, 'C'),
  };
};

describe('backfill', () => {
  it('posts every stored document once, then records its rules version', async () => {
    await runWholeBackfill();

    const b = books(h);
    // 3 invoices + 1 collection + 1 received invoice + 1 payment, the cancelled one's entry and its
    // reversal (it was confirmed: the journal shows both); the draft posts nothing.
    expect(b.entries).toHaveLength(8);
    const cancelled = b.entries.filter((e) => e.sourceKey === 'INV#inv-4');
    expect(cancelled.map((e) => e.reversalOf)).toEqual([null, cancelled[0]!.entryId]);
    const common = { '7000': -300_000, '477': -63_000, '572': 60_500, '629': 50_000, '472': 10_500 };
    expect(balancesFromLines(b.lines)).toEqual({ ...common, '43000001': 242_000 });
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({ ...common, '4300': 242_000 });
    expect(h.table.get(keys.accountingBackfill(COMPANY))).toMatchObject({
      rulesVersion: BACKFILL_RULES_VERSION,
      posted: 7,
    });
    expect(h.table.get(keys.accountingBackfill(COMPANY))?.finishedAt).toEqual(expect.any(String));
    expect(h.table.get(keys.accountingSettings(COMPANY))?.backfilledAt).toEqual(expect.any(String));
    expect(h.table.get(keys.documentPosting(COMPANY, 'INV#inv-4'))).toMatchObject({ version: 2, lines: [] });
  });

  it('is idempotent: a second run posts nothing new', async () => {
    await runWholeBackfill();
    const first = snapshot();

    await runWholeBackfill();

    expect(snapshot()).toEqual(first);
  });

  it('after the events, posts nothing new; the events after it are skipped', async () => {
    const inv = issuedInvoice({ invoiceId: 'inv-1', invoiceDate: '2026-02-01' });
    await processMessage(h.deps, issuedEventBody('INVOICE_CONFIRMED', inv), workerCtx);
    await processMessage(h.deps, issuedEventBody('PAYMENT_RECORDED', inv, invoicePayment()), workerCtx);
    const afterEvents = books(h).entries.length;

    await runWholeBackfill();
    expect(books(h).entries).toHaveLength(afterEvents + 6);
    const before = snapshot();
    expect(await processMessage(h.deps, issuedEventBody('INVOICE_CONFIRMED', inv), workerCtx)).toBe(
      'skipped',
    );
    expect(snapshot()).toEqual(before);
  });

  it('pages through 50 documents a message and queues the next page with its cursor', async () => {
    for (let n = 10; n < 70; n++) h.table.put(invoiceItemOf(issuedInvoice({ invoiceId: `inv-${n}` })));

    const first = await runBackfillPage(
      h.deps,
      { companyId: COMPANY, stage: 'INVOICES', cursor: null },
      silentLog,
    );

    expect(first?.documents).toBeLessThanOrEqual(50);
    expect(first?.next).toMatchObject({ stage: 'INVOICES', cursor: expect.any(String) });
    expect(h.queued().at(-1)).toMatchObject({ kind: 'ACCOUNTING_BACKFILL', stage: 'INVOICES' });
  });
});

describe('backfill: the rules of the events', () => {
  it("posts received invoices on their category's own account (one read of the categories a page)", async () => {
    h.reset();
    h.table.put(companyOf('SL'));
    h.table.put({
      ...keys.expenseCategory(COMPANY, 'cat-goods'),
      entity: 'ExpenseCategory',
      categoryId: 'cat-goods',
      companyId: COMPANY,
      pgcAccount: '600',
    });
    h.table.put(receivedItemOf(receivedInvoice({ expenseCategoryId: 'cat-goods' })));
    h.table.put(receivedPaymentItem('ri-1', receivedPayment()));

    await runWholeBackfill();

    // A supplier of goods: the invoice and its payment on 4000.
    expect(balancesFromLines(books(h).lines)).toEqual({ '600': 50_000, '472': 10_500, '572': -60_500 });
    expect(h.table.get(keys.documentPosting(COMPANY, 'RPAY#rpay-1'))).toMatchObject({
      lines: [{ accountCode: '40000001' }, { accountCode: '572' }],
    });
  });

  it("posts a substitute's moved payment at the move's version, on the substitute's customer", async () => {
    h.reset();
    h.table.put(companyOf('SL'));
    const substitute = issuedInvoice({
      invoiceId: 'inv-2',
      customer: { ...issuedInvoice().customer!, customerId: 'cu-2', name: 'Ferretería Nueva SL' },
    });
    h.table.put(invoiceItemOf(substitute));
    const movedFrom = { invoiceId: 'inv-1', invoiceNumber: 'F-2026-0001' };
    h.table.put(invoicePaymentItem('inv-2', invoicePayment({ revision: 1, movedFrom })));

    await runWholeBackfill();

    expect(h.table.get(keys.documentPosting(COMPANY, 'PAY#pay-1'))).toMatchObject({ version: 6 });
    const paid = books(h).entries.find((e) => e.sourceKey === 'PAY#pay-1');
    expect(paid).toMatchObject({ description: 'Cobro de la factura F-2026-0002 — Ferretería Nueva SL' });
  });
});

describe('the daily schedule', () => {
  it('queues the companies never backfilled at this rules version, never AUTONOMO ones', async () => {
    h.table.put(companyOf('AUTONOMO', 'co-auto'));
    h.table.put(companyOf('SA', 'co-done'));
    h.table.put({
      ...keys.accountingBackfill('co-done'),
      entity: ENTITY.backfill,
      companyId: 'co-done',
      rulesVersion: BACKFILL_RULES_VERSION,
      startedAt: '2026-03-09T00:00:00.000Z',
      finishedAt: '2026-03-09T00:10:00.000Z',
      posted: 1,
      skipped: 0,
    });

    const res = await runBackfillSchedule(h.deps, { now: h.deps.now(), log: silentLog });

    expect(res.queued).toEqual([COMPANY]);
    expect(h.queued()).toEqual([
      { kind: 'ACCOUNTING_BACKFILL', companyId: COMPANY, stage: 'INVOICES', cursor: null },
    ]);
  });
});
