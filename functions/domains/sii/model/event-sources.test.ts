/**
 * Which books a change touches: FE (+ OI with an intra-EU operation), RECC collections only under
 * the criterio de caja, FR (+ BI per investment good with a prorrata, + OI), RECC payments when the
 * company (or, when recorded, the supplier) is under the criterio de caja; deletions withdraw the rest.
 */

import { describe, expect, it } from 'vitest';
import { COMPANY_NAME, COMPANY_NIF, issuedInvoice, receivedInvoice } from '../testing/harness';
import {
  FINAL_ORDER,
  type PlanCompany,
  planSourceChange,
  type ReceivedSource,
  reportedToSii,
  type SourceChange,
} from './event-sources';

const company: PlanCompany = {
  companyNif: COMPANY_NIF,
  companyName: COMPANY_NAME,
  cashCriterion: false,
  prorrataBp: null,
};
const op = {
  operationType: 'B' as const,
  memberState: 'PT',
  goodsDescription: 'Contenedor',
  operatorAddress: 'Rua do Porto 1, Lisboa',
};
const books = (p: ReturnType<typeof planSourceChange>) => p.targets.map((t) => `${t.book}:${t.documentId}`);
const payment = { paymentId: 'p1', date: '2026-03-12', amountCents: 1000, method: 'TRANSFER' };

describe('planSourceChange', () => {
  it('issued: FE, with OI when the invoice carries an intra-EU operation; the FE entry heads the plan', () => {
    const plain = planSourceChange({ kind: 'INVOICE_CONFIRMED', invoice: issuedInvoice() }, company);
    expect(books(plain)).toEqual(['FE:inv-1']);
    expect(plain.head).toEqual({ book: 'FE', documentId: 'inv-1', order: '0' });
    const customer = {
      ...issuedInvoice().customer!,
      taxId: { type: 'NIF_IVA', value: 'PT123456789', country: 'PT' },
    };
    const intra = planSourceChange(
      {
        kind: 'INVOICE_CANCELLED',
        invoice: issuedInvoice({ intraEuOperation: op, customer: customer as never }),
      },
      company,
    );
    expect(books(intra)).toEqual(['FE:inv-1', 'OI:inv-1']);
    expect(intra.targets.every((t) => t.withdrawn && t.order === '1')).toBe(true);
    expect(intra.withdrawOthers).toEqual([{ book: 'OI', invoiceId: 'inv-1', order: '1' }]);
  });

  it('issued payments: a RECC collection only under the criterio de caja recorded with the invoice', () => {
    const caja = issuedInvoice({ issuer: { ...issuedInvoice().issuer!, vatRegime: 'CRITERIO_CAJA' } });
    const at = '2026-03-12T08:00:00.000Z';
    expect(
      books(planSourceChange({ kind: 'PAYMENT_RECORDED', invoice: caja, payment, at }, company)),
    ).toEqual(['RECC:inv-1~p1']);
    expect(
      books(
        planSourceChange(
          { kind: 'PAYMENT_RECORDED', invoice: issuedInvoice(), payment, at },
          { ...company, cashCriterion: true },
        ),
      ),
    ).toEqual([]);
  });

  it('received: FR, BI per investment good only with a prorrata, OI with an operation', () => {
    const r = receivedInvoice({
      lines: [{ investmentGoods: true }, {}, { investmentGoods: true, description: 'Grúa' }],
    });
    expect(books(planSourceChange({ kind: 'RECEIVED_REGISTERED', received: r }, company))).toEqual([
      'FR:ri-1',
    ]);
    const withProrrata = planSourceChange(
      { kind: 'RECEIVED_UPDATED', received: { ...r, intraEuOperation: op } },
      {
        ...company,
        prorrataBp: 7500,
      },
    );
    expect(books(withProrrata)).toEqual(['FR:ri-1', 'BI:ri-1~1', 'BI:ri-1~3', 'OI:ri-1']);
    expect(withProrrata.targets[1]?.record).toMatchObject({ book: 'BI', definitiveProrrataBp: 7500 });
    expect(withProrrata.targets.every((t) => t.approved === true)).toBe(true);
  });

  it('received deletion withdraws everything of the invoice, its payments for good', () => {
    const p = planSourceChange(
      { kind: 'RECEIVED_DELETED', received: receivedInvoice({ version: 4 }) },
      company,
    );
    expect(p.targets.every((t) => t.withdrawn)).toBe(true);
    expect(p.withdrawOthers.map((w) => `${w.book}:${w.order}`)).toEqual([
      'BI:0000000004#1',
      'OI:0000000004#1',
      `RECC:${FINAL_ORDER}`,
    ]);
  });

  it("received payments: RECC when the company's regime (event, else profile) or the supplier's is the criterio de caja", () => {
    const at = '2026-03-12T08:00:00.000Z';
    const r: ReceivedSource = receivedInvoice();
    const plan = (vatRegime: string | null, c = company, received = r) =>
      books(planSourceChange({ kind: 'RECEIVED_PAYMENT_RECORDED', received, payment, vatRegime, at }, c));
    expect(plan('CRITERIO_CAJA')).toEqual(['RECC:ri-1~p1']);
    expect(plan('GENERAL', { ...company, cashCriterion: true })).toEqual([]);
    expect(plan(null, { ...company, cashCriterion: true })).toEqual(['RECC:ri-1~p1']);
    expect(plan('GENERAL', company, { ...r, supplierCashCriterion: true })).toEqual(['RECC:ri-1~p1']);
  });

  it('a change marked reportsSii false (accounting only) plans nothing; true or absent plans as always', () => {
    const at = '2026-03-12T08:00:00.000Z';
    const caja = issuedInvoice({ issuer: { ...issuedInvoice().issuer!, vatRegime: 'CRITERIO_CAJA' } });
    const r = receivedInvoice({ version: 2 });
    const changes = (reportsSii?: boolean): SourceChange[] => {
      const mark = reportsSii === undefined ? {} : { reportsSii };
      return [
        { kind: 'PAYMENT_RECORDED', invoice: caja, payment, at, ...mark },
        { kind: 'RECEIVED_UPDATED', received: r, ...mark },
        { kind: 'RECEIVED_DELETED', received: r, ...mark },
        { kind: 'RECEIVED_PAYMENT_DELETED', received: r, payment, vatRegime: 'CRITERIO_CAJA', at, ...mark },
      ];
    };
    const empty = { head: null, targets: [], withdrawOthers: [] };
    for (const change of changes(false)) {
      expect(reportedToSii(change)).toBe(false);
      expect(planSourceChange(change, company)).toEqual(empty);
    }
    for (const change of [...changes(true), ...changes()]) {
      expect(reportedToSii(change)).toBe(true);
      expect(planSourceChange(change, company).targets.length).toBeGreaterThan(0);
    }
  });
});
