/**
 * Issue 14 item 1: a supplier under the régimen especial del criterio de caja. Its invoice is marked
 * (`supplierCashCriterion`, or the supplier's remembered mark), and every write of the invoice and
 * of its payments carries, in its own transaction, the aggregates that date the deduction (art. 163
 * quaterdecies LIVA): what the stored aggregates hold after any sequence of writes is what the books
 * give (the contributions the nightly recompute rebuilds from the stored invoice and payments).
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { aggregateDeltas } from '@functions/lib/tax-aggregates';
import { FakeAggregateTable } from '@functions/lib/tax-aggregates/testing/aggregate-items';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { PaymentForAggregates } from '@shared/fiscal/payment-aggregates';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import { receivedPaymentContributions } from '@shared/fiscal/received-payment-aggregates';
import { receivedContribution } from '@shared/fiscal/tax-aggregates';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, call, db, useExpensesHarness } from './testing/harness';
import { type FakeTable, receivedBody, SUPPLIER, useReceivedFake } from './testing/received-fake';

useExpensesHarness();

const fake: FakeTable = { company: undefined, items: new Map(), loseRaces: 0 };

beforeEach(() => {
  fake.company = { siiEnabled: false };
  fake.items = new Map();
  fake.loseRaces = 0;
  fake.aggregates = new FakeAggregateTable();
  useReceivedFake(fake);
});

/** 1 × 1.000 € + 21 %, issued and booked on 10/11/2025: payable 1.210 €. */
const body = (over: Record<string, unknown> = {}) =>
  receivedBody({ issueDate: '2025-11-10', accountingDate: '2025-11-10', ...over });

const create = async (over: Record<string, unknown> = {}) => {
  const res = await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: body(over) });
  expect(res.status).toBe(201);
  return res.envelope.data!;
};
const pay = async (id: string, amountCents: number, paidAt: string) => {
  const res = await call<ReceivedInvoicePayment>({
    routeId: 'receivedInvoices.addPayment',
    params: { receivedInvoiceId: id },
    body: { amountCents, paidAt, method: 'TRANSFER' },
  });
  expect(res.status).toBe(201);
  return res.envelope.data!;
};

/** Every stored aggregate item's numbers, without the all-zero ones. */
function stored(): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const i of fake.aggregates!.items.values()) {
    // The category counters are Updates too: only the aggregate items.
    if (i.entity !== 'TaxAggregate' && i.entity !== 'CounterpartyAggregate') continue;
    const nums = Object.fromEntries(
      Object.entries(i).filter(([k, v]) => typeof v === 'number' && k !== 'v') as [string, number][],
    );
    if (Object.values(nums).some((n) => n !== 0)) out.set(String(i.sk), nums);
  }
  return out;
}

/** What the books give (the recompute's contributions of the stored invoices and payments). */
function fromBooks(): Map<string, Record<string, number>> {
  const items = [...fake.items.values()];
  const contributions = items
    .filter((i) => i.entity === 'ReceivedInvoice')
    .flatMap((i) => {
      const rec = toReceivedForAggregates(stripKeys(i) as unknown as ReceivedInvoice);
      const payments = items
        .filter((p) => p.entity === 'ReceivedInvoicePayment' && p.receivedInvoiceId === i.receivedInvoiceId)
        .map((p) => stripKeys(p) as unknown as PaymentForAggregates);
      return [receivedContribution(rec, 1), ...receivedPaymentContributions(rec, payments, 1)];
    });
  return new Map(aggregateDeltas(COMPANY, ...contributions).map((d) => [d.key.sk, d.adds]));
}

const caja = (period: string) =>
  stored().get(keys.taxAggregate(COMPANY, 'Q', period, 'RECEIVED', 'K', 'CAJA|DOMESTIC|2100|0|C').sk);

describe('received invoices of a supplier under the criterio de caja', () => {
  it('is marked as the body says, else as its supplier remembers (old records: false)', async () => {
    expect((await create({ supplierCashCriterion: true })).supplierCashCriterion).toBe(true);
    expect(
      (await create({ supplierInvoiceNumber: 'F-2', supplierCashCriterion: false })).supplierCashCriterion,
    ).toBe(false);
    expect((await create({ supplierInvoiceNumber: 'F-3' })).supplierCashCriterion).toBe(false);
    db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({
      Item: { ...SUPPLIER, supplierCashCriterion: true },
    });
    const remembered = await create({ supplierInvoiceNumber: 'F-4' });
    expect(remembered.supplierCashCriterion).toBe(true);
    // An item stored before the mark existed reads as false.
    const { supplierCashCriterion: _, ...old } = fake.items.get(
      keys.receivedInvoice(COMPANY, remembered.receivedInvoiceId).sk,
    )!;
    fake.items.set(keys.receivedInvoice(COMPANY, remembered.receivedInvoiceId).sk, old);
    const read = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.get',
      params: { receivedInvoiceId: remembered.receivedInvoiceId },
    });
    expect(read.envelope.data!.supplierCashCriterion).toBe(false);
  });

  it('dates the deduction by the payments, in the same transactions, and always equals the books', async () => {
    const inv = await create({ supplierCashCriterion: true });
    // Nothing paid: the whole deduction on 31/12/2026, the invoice itself informative (303 [74]/[75]).
    expect(caja('2026-Q4')).toMatchObject({ deductibleVatCents: 21_000, deductibleBaseCents: 100_000 });
    expect(
      stored().get(keys.taxAggregate(COMPANY, 'Q', '2025-Q4', 'RECEIVED', 'K', 'DOMESTIC|2100|0|C|0|C').sk),
    ).toMatchObject({ baseCents: 100_000, vatCents: 21_000, count: 1 });
    expect(stored()).toEqual(fromBooks());

    const first = await pay(inv.receivedInvoiceId, 60_500, '2025-12-15');
    expect(caja('2025-Q4')).toMatchObject({ deductibleVatCents: 10_500, deductibleBaseCents: 50_000 });
    expect(caja('2026-Q4')).toMatchObject({ deductibleVatCents: 10_500 });
    expect(stored()).toEqual(fromBooks());

    await pay(inv.receivedInvoiceId, 60_500, '2026-02-20');
    expect(caja('2026-Q1')).toMatchObject({ deductibleVatCents: 10_500, deductibleBaseCents: 50_000 });
    expect(caja('2026-Q4')).toBeUndefined();
    expect(stored()).toEqual(fromBooks());

    const del = await call({
      routeId: 'receivedInvoices.deletePayment',
      params: { receivedInvoiceId: inv.receivedInvoiceId, paymentId: first.paymentId },
    });
    expect(del.status).toBe(200);
    expect(caja('2025-Q4')).toBeUndefined();
    expect(caja('2026-Q4')).toMatchObject({ deductibleVatCents: 10_500 });
    expect(stored()).toEqual(fromBooks());

    // A correction (twice the amount) re-states the settlement of the payment in force.
    const fixed = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: inv.receivedInvoiceId },
      body: body({
        lines: [{ description: 'Material', quantity: 1, unitPriceCents: 200_000, vatRateBp: 2100 }],
      }),
    });
    expect(fixed.status).toBe(200);
    expect(fixed.envelope.data!.supplierCashCriterion).toBe(true);
    // 605 € of 2.420 €: a quarter of 420 €.
    expect(caja('2026-Q1')).toMatchObject({ deductibleVatCents: 10_500, deductibleBaseCents: 50_000 });
    expect(caja('2026-Q4')).toMatchObject({ deductibleVatCents: 31_500, deductibleBaseCents: 150_000 });
    expect(stored()).toEqual(fromBooks());

    // Unmarked: the general rule, the whole deduction at the book date, no settlement left.
    const general = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: inv.receivedInvoiceId },
      body: body({
        supplierCashCriterion: false,
        lines: [{ description: 'Material', quantity: 1, unitPriceCents: 200_000, vatRateBp: 2100 }],
      }),
    });
    expect(general.status).toBe(200);
    expect([...stored().keys()].filter((sk) => sk.includes('CAJA|'))).toEqual([]);
    expect(
      stored().get(keys.taxAggregate(COMPANY, 'Q', '2025-Q4', 'RECEIVED', 'K', 'DOMESTIC|2100|0|C|0').sk),
    ).toMatchObject({ deductibleVatCents: 42_000 });
    expect(stored()).toEqual(fromBooks());
  });

  it('a general-regime invoice: its payments move no aggregate', async () => {
    const inv = await create();
    const before = stored();
    await pay(inv.receivedInvoiceId, 60_500, '2025-12-15');
    expect(stored()).toEqual(before);
  });
});

/**
 * Issue 14 item 1, the company's OWN régimen especial del criterio de caja (art. 163 terdecies LIVA:
 * the deduction of its input VAT also arises with the payment, or on 31 December of the year after
 * the operation): decided when the invoice is written from the tax profile's version in force on the
 * operation's date, and stored on the invoice (`deductionOnPayment`), so the aggregates and the
 * recompute read the invoice alone.
 */
describe('received invoices of a company under the criterio de caja itself', () => {
  const version = (effectiveFrom: string, over: Partial<TaxProfileFacts> = {}) => ({
    effectiveFrom,
    facts: { ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }), ...over },
    changedAt: '2025-01-01T00:00:00.000Z',
    changedBy: 'user-1',
  });
  /** The tax domain's profile item, as the expenses store reads it (versions only). */
  const profile = (...versions: ReturnType<typeof version>[]) =>
    fake.items.set(keys.taxProfile(COMPANY).sk, {
      ...keys.taxProfile(COMPANY),
      entity: 'TaxProfile',
      companyId: COMPANY,
      versions,
    });
  /** The stored quarter item of a received key, named `<quarter>|<taxKey>`. */
  const dom = (name: string) => {
    const [quarter, ...key] = name.split('|');
    return stored().get(keys.taxAggregate(COMPANY, 'Q', quarter!, 'RECEIVED', 'K', key.join('|')).sk);
  };

  it('defers the DOMESTIC lines of a general-regime supplier (OWN_RECC), and only them', async () => {
    profile(version('2025-01-01', { cashAccounting: true }));
    const inv = await create({
      lines: [
        { description: 'Material', quantity: 1, unitPriceCents: 100_000, vatRateBp: 2100 },
        // Art. 163 duodecies.Dos.d LIVA: the inversión del sujeto pasivo stays out of the regime.
        {
          description: 'Obra',
          quantity: 1,
          unitPriceCents: 50_000,
          vatRateBp: 2100,
          kind: 'REVERSE_CHARGE',
        },
      ],
    });
    expect(inv.supplierCashCriterion).toBe(false);
    expect(inv.deductionOnPayment).toBe('OWN_RECC');
    expect(dom('2025-Q4|DOMESTIC|2100|0|C|0|C')).toMatchObject({ baseCents: 100_000, vatCents: 21_000 });
    expect(dom('2025-Q4|DOMESTIC|2100|0|C|0')).toBeUndefined();
    expect(dom('2025-Q4|REVERSE_CHARGE|2100|0|C|0')).toMatchObject({ deductibleVatCents: 10_500 });
    // Nothing paid: deductible on 31/12/2026 (the year after the operation).
    expect(caja('2026-Q4')).toMatchObject({ deductibleVatCents: 21_000, deductibleBaseCents: 100_000 });
    expect(stored()).toEqual(fromBooks());

    // 1.210 € payable of the DOMESTIC line and 500 € of the self-assessed one: 1.710 €; 855 € paid is half.
    await pay(inv.receivedInvoiceId, 85_500, '2025-12-15');
    expect(caja('2025-Q4')).toMatchObject({ deductibleVatCents: 10_500, deductibleBaseCents: 50_000 });
    expect(caja('2026-Q4')).toMatchObject({ deductibleVatCents: 10_500 });
    expect(stored()).toEqual(fromBooks());

    const read = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.get',
      params: { receivedInvoiceId: inv.receivedInvoiceId },
    });
    expect(read.envelope.data!.deductionOnPayment).toBe('OWN_RECC');
  });

  it('reads the version of the profile in force on the operation date; a correction decides again', async () => {
    profile(version('2025-01-01'), version('2026-01-01', { cashAccounting: true }));
    const before = await create({ issueDate: '2025-12-20', accountingDate: '2026-01-05' });
    expect(before.deductionOnPayment).toBeNull();
    const within = await create({
      supplierInvoiceNumber: 'F-2',
      issueDate: '2026-01-20',
      accountingDate: '2026-01-20',
    });
    expect(within.deductionOnPayment).toBe('OWN_RECC');
    // An invoice issued in 2026 for an operation of December 2025: the 2025 version decides.
    const earlier = await create({
      supplierInvoiceNumber: 'F-3',
      issueDate: '2026-01-08',
      operationDate: '2025-12-30',
      accountingDate: '2026-01-08',
    });
    expect(earlier.deductionOnPayment).toBeNull();
    const moved = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: earlier.receivedInvoiceId },
      body: body({ supplierInvoiceNumber: 'F-3', issueDate: '2026-01-08', accountingDate: '2026-01-08' }),
    });
    expect(moved.status).toBe(200);
    expect(moved.envelope.data!.deductionOnPayment).toBe('OWN_RECC');
    expect(stored()).toEqual(fromBooks());
  });

  it("a supplier's own mark wins (SUPPLIER_RECC); an excluded regime or no regime defers nothing", async () => {
    profile(version('2025-01-01', { cashAccounting: true }));
    expect((await create({ supplierCashCriterion: true })).deductionOnPayment).toBe('SUPPLIER_RECC');
    // Art. 163 duodecies.Dos.a LIVA: the recargo de equivalencia's operations are outside the regime.
    profile(version('2025-01-01', { cashAccounting: true, vatRegime: 'RECARGO_EQUIVALENCIA' }));
    expect((await create({ supplierInvoiceNumber: 'F-2' })).deductionOnPayment).toBeNull();
    profile(version('2025-01-01', { cashAccounting: true, vatGroup: true }));
    expect((await create({ supplierInvoiceNumber: 'F-3' })).deductionOnPayment).toBeNull();
    profile(version('2025-01-01'));
    expect((await create({ supplierInvoiceNumber: 'F-4' })).deductionOnPayment).toBeNull();
  });

  it('without a profile, the regime recorded on the company (CRITERIO_CAJA) decides', async () => {
    fake.company = { siiEnabled: false, fiscal: { vatRegime: 'CRITERIO_CAJA' } };
    expect((await create()).deductionOnPayment).toBe('OWN_RECC');
    fake.company = { siiEnabled: false, fiscal: { vatRegime: 'GENERAL' } };
    expect((await create({ supplierInvoiceNumber: 'F-2' })).deductionOnPayment).toBeNull();
  });

  it('an invoice stored before the field reads it from the supplier’s mark, never from the profile', async () => {
    profile(version('2025-01-01', { cashAccounting: true }));
    const inv = await create();
    const sk = keys.receivedInvoice(COMPANY, inv.receivedInvoiceId).sk;
    const { deductionOnPayment: _, ...old } = fake.items.get(sk)!;
    fake.items.set(sk, { ...old, supplierCashCriterion: false });
    const read = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.get',
      params: { receivedInvoiceId: inv.receivedInvoiceId },
    });
    expect(read.envelope.data!.deductionOnPayment).toBeNull();
    fake.items.set(sk, { ...old, supplierCashCriterion: true });
    const marked = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.get',
      params: { receivedInvoiceId: inv.receivedInvoiceId },
    });
    expect(marked.envelope.data!.deductionOnPayment).toBe('SUPPLIER_RECC');
  });
});
