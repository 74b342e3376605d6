/**
 * Issue 14 items 1 and 7: the received invoices whose deduction the criterio de caja defers — the
 * company's own regime (art. 163 terdecies LIVA, stored OWN_RECC) or its supplier's (art. 163
 * quinquiesdecies.Uno LIVA, SUPPLIER_RECC) — through the real pipeline over the in-memory table: the
 * 303's [74]/[75] and its deduction boxes, and the invoices behind each box, the received
 * settlements (`RECEIVED:CAJA|…`, dated by the payments or the deadline) included.
 *
 * By hand: R1 (own regime, 10/02/2025) 1.000,00 + 21 % = 1.210,00, paid 605,00 on 20/03 (1T) and
 * 605,00 on 05/08 (3T): 105,00 deductible in each; R2 (supplier's regime, 12/02/2025) 200,00 + 10 %,
 * never paid: deductible on 31/12/2026; R3 (general rule, 14/02/2025) 500,00 + 21 %: 105,00 at once.
 * 1T 2025: [74] 1.200,00, [75] 230,00; [28] 500,00 + 500,00, [29] 105,00 + 105,00.
 */

import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { PaymentForAggregates } from '@shared/fiscal/payment-aggregates';
import {
  computeReceivedInvoiceTotals,
  toReceivedForAggregates,
} from '@shared/fiscal/received-invoice-totals';
import { receivedPaymentContributions } from '@shared/fiscal/received-payment-aggregates';
import { receivedContribution } from '@shared/fiscal/tax-aggregates';
import type { DeductionOnPayment, ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { BoxSourcesView, ModelPreview } from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { company, GESTOR, member, profile, taxModelsHarness } from './testing/harness';

const h = taxModelsHarness(new Date('2027-02-10T09:00:00.000Z'));
const CO = 'co-caja';

/** Stores a received invoice (one DOMESTIC line) with its payments and the aggregates its writes leave. */
async function addReceivedWithPayments(spec: {
  id: string;
  number: string;
  date: string;
  base: number;
  rate: number;
  deductionOnPayment: DeductionOnPayment | null;
  payments?: [number, string][];
}) {
  const totals = computeReceivedInvoiceTotals({
    lines: [
      {
        quantityMilli: 1000,
        unitPriceCents: spec.base,
        discountBp: 0,
        vatRateBp: spec.rate,
        kind: 'DOMESTIC',
        deductibleBp: 10_000,
        recargoRateBp: 0,
        investmentGoods: false,
      },
    ],
    irpfRateBp: 0,
  });
  const payments: PaymentForAggregates[] = (spec.payments ?? []).map(([amountCents, paidAt], i) => ({
    paymentId: `${spec.id}-p${i + 1}`,
    amountCents,
    paidAt,
    method: 'TRANSFER',
    createdAt: `${paidAt}T10:00:0${i}.000Z`,
    status: 'ACTIVE',
  }));
  const rec = {
    receivedInvoiceId: spec.id,
    companyId: CO,
    supplier: { supplierId: null, name: `Proveedor ${spec.number}`, taxId: 'A58818501', country: 'ES' },
    supplierInvoiceNumber: spec.number,
    invoiceType: 'F1',
    rectification: null,
    issueDate: spec.date,
    accountingDate: spec.date,
    lines: [],
    irpfRateBp: 0,
    expenseCategoryId: null,
    attachments: [],
    approvalStatus: 'APPROVED',
    approval: null,
    totals,
    supplierCashCriterion: spec.deductionOnPayment === 'SUPPLIER_RECC',
    deductionOnPayment: spec.deductionOnPayment,
    paidCents: payments.reduce((s, p) => s + p.amountCents, 0),
    version: 1,
    createdBy: 'u-owner',
    createdAt: `${spec.date}T10:00:00.000Z`,
    updatedAt: `${spec.date}T10:00:00.000Z`,
  } as unknown as ReceivedInvoice;
  h.table.put({
    ...keys.receivedInvoice(CO, spec.id),
    ...keys.receivedInvoiceByDate(CO, spec.date, spec.id),
    entity: 'ReceivedInvoice',
    v: SCHEMA_VERSION,
    ...rec,
  });
  for (const p of payments) {
    h.table.put({
      ...keys.receivedInvoicePayment(CO, spec.id, p.createdAt, p.paymentId),
      entity: 'ReceivedInvoicePayment',
      v: SCHEMA_VERSION,
      receivedInvoiceId: spec.id,
      companyId: CO,
      ...p,
    });
  }
  const agg = toReceivedForAggregates(rec);
  await h.addToBooks(CO, receivedContribution(agg, 1), ...receivedPaymentContributions(agg, payments, 1));
}

const preview = (year: number, period: string) =>
  h.call<ModelPreview>(GESTOR, {
    routeId: 'taxModels.preview',
    params: { companyId: CO, modelType: '303' },
    query: { year: String(year), period },
  });
const sources = (year: number, period: string, box: string) =>
  h.call<BoxSourcesView>(GESTOR, {
    routeId: 'taxModels.boxSources',
    params: { companyId: CO, modelType: '303' },
    query: { year: String(year), period, box },
  });
const rows = (v: BoxSourcesView) => v.content.map((r) => [r.number, r.date, r.deductibleVatCents, r.keys]);

beforeEach(async () => {
  h.table.reset();
  h.table.put(company(CO, 'Reformas en Caja SL', { nif: 'B12345674', companyType: 'SL' }));
  h.table.put(member(CO, GESTOR.userId, 'GESTOR'));
  h.table.put(profile(CO, 'SL', { cashAccounting: true }, 2025));
  await addReceivedWithPayments({
    id: 'r1',
    number: 'R1',
    date: '2025-02-10',
    base: 100_000,
    rate: 2100,
    deductionOnPayment: 'OWN_RECC',
    payments: [
      [60_500, '2025-03-20'],
      [60_500, '2025-08-05'],
    ],
  });
  await addReceivedWithPayments({
    id: 'r2',
    number: 'R2',
    date: '2025-02-12',
    base: 20_000,
    rate: 1000,
    deductionOnPayment: 'SUPPLIER_RECC',
  });
  await addReceivedWithPayments({
    id: 'r3',
    number: 'R3',
    date: '2025-02-14',
    base: 50_000,
    rate: 2100,
    deductionOnPayment: null,
  });
});

describe("the 303 of a company under the criterio de caja itself, and a supplier's", () => {
  it('1T: [74]/[75] hold both deferred invoices; [28]/[29] the general one and the half paid in March', async () => {
    const p = (await preview(2025, '1T')).envelope.data!;
    expect([p.boxes['74'], p.boxes['75'], p.boxes['28'], p.boxes['29']]).toEqual([
      120_000, 23_000, 100_000, 21_000,
    ]);
    const q3 = (await preview(2025, '3T')).envelope.data!;
    expect([q3.boxes['74'], q3.boxes['28'], q3.boxes['29']]).toEqual([0, 50_000, 10_500]);
    const deadline = (await preview(2026, '4T')).envelope.data!;
    expect([deadline.boxes['28'], deadline.boxes['29']]).toEqual([20_000, 2_000]);
  });

  it('lists the deferred invoices behind [74], and behind [29] the invoices whose payments deduct in the period', async () => {
    expect(rows((await sources(2025, '1T', '74')).envelope.data!)).toEqual([
      ['R1', '2025-02-10', 21_000, ['RECEIVED:DOMESTIC|2100|0|C|0|C']],
      ['R2', '2025-02-12', 2_000, ['RECEIVED:DOMESTIC|1000|0|C|0|C']],
    ]);
    const q1 = (await sources(2025, '1T', '29')).envelope.data!;
    expect(rows(q1)).toEqual([
      ['R1', '2025-02-10', 10_500, ['RECEIVED:CAJA|DOMESTIC|2100|0|C']],
      ['R3', '2025-02-14', 10_500, ['RECEIVED:DOMESTIC|2100|0|C|0']],
    ]);
    expect(q1.valueCents).toBe(q1.content.reduce((s, r) => s + r.deductibleVatCents, 0));
    // A payment of an invoice of an earlier quarter, and the deadline of an invoice of the year before.
    expect(rows((await sources(2025, '3T', '29')).envelope.data!)).toEqual([
      ['R1', '2025-02-10', 10_500, ['RECEIVED:CAJA|DOMESTIC|2100|0|C']],
    ]);
    const deadline = (await sources(2026, '4T', '29')).envelope.data!;
    expect(rows(deadline)).toEqual([['R2', '2025-02-12', 2_000, ['RECEIVED:CAJA|DOMESTIC|1000|0|C']]]);
    expect(deadline.valueCents).toBe(2_000);
  });
});
