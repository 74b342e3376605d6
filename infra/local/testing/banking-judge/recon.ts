/**
 * The banking judge's reconciliation month (infra/local/banking-judge.int.test.ts): open invoices of a
 * few customers and a month of bank movements that pays some of them, with the truth of which
 * movement pays which invoice. Cases (../shared/reference/banking-accounting.md A4):
 *  - EXACT: the invoice's total, its number in the concept;
 *  - SUM: one transfer for two invoices of the same customer, both numbers in the concept;
 *  - PARTIAL: part of an invoice, its number in the concept (the rest stays outstanding);
 *  - FEE: the total less a bank fee of a few euros, its number in the concept (the fee is posted to 626);
 *  - NAME: the exact total from the customer, no number (amount + name only);
 *  - noise: fees, utilities, social security, card, a cash deposit, a stranger's transfer: no invoice.
 * An open invoice of another customer has the same total as an EXACT one (only the number tells them
 * apart), and two more stay unpaid.
 */

import type { Rng } from '../accounting-judge/ledger';
import type { N43Movement } from './n43';
import { ab, addDays } from './scenario';

export const CUSTOMERS = [
  'CERÁMICAS PEÑÍSCOLA SL',
  'TALLERES NÚÑEZ E HIJOS SL',
  'DISTRIBUCIONES ÁLVAREZ CASTAÑO SA',
  'HOSTELERÍA EL MIRADOR DE ÚBEDA SL',
  'LOGÍSTICA IBÁÑEZ GRUPO SL',
  'CONSULTORES OCAÑA Y MUÑIZ SLP',
] as const;

export type CaseKind = 'EXACT' | 'SUM' | 'PARTIAL' | 'FEE' | 'NAME' | 'DISTRACTOR' | 'OPEN';

/** One invoice to issue: the customer (index into CUSTOMERS), its base in whole euros (21 % VAT). */
export interface ReconInvoiceSpec {
  ref: string;
  customer: number;
  baseCents: number;
  kind: CaseKind;
  invoiceDate: string;
  dueDate: string;
}

export const totalOf = (baseCents: number) => baseCents + (baseCents * 21) / 100;

/**
 * The invoices of the month: whole-euro bases (so 21 % VAT is exact), distinct totals except the
 * distractor (same total as the first EXACT), no total equal to the sum of the SUM pair.
 */
export function reconInvoices(rng: Rng, today: string): ReconInvoiceSpec[] {
  const plan: { kind: CaseKind; customer: number }[] = [
    { kind: 'EXACT', customer: 0 },
    { kind: 'EXACT', customer: 1 },
    { kind: 'EXACT', customer: 2 },
    { kind: 'EXACT', customer: 3 },
    { kind: 'EXACT', customer: 4 },
    { kind: 'SUM', customer: 5 },
    { kind: 'SUM', customer: 5 },
    { kind: 'PARTIAL', customer: 0 },
    { kind: 'FEE', customer: 1 },
    { kind: 'NAME', customer: 2 },
    { kind: 'DISTRACTOR', customer: 3 },
    { kind: 'OPEN', customer: 4 },
    { kind: 'OPEN', customer: 5 },
  ];
  for (;;) {
    const bases = plan.map(() => rng.int(150, 4_000) * 100);
    bases[10] = bases[0]!; // the distractor: same total as the first EXACT, another customer
    const totals = bases.map(totalOf);
    const distinct = new Set(totals.filter((_, i) => i !== 10));
    const sum = totals[5]! + totals[6]!;
    if (distinct.size !== plan.length - 1 || totals.includes(sum)) continue;
    // Invoices in date order (art. 6.1.a RD 1619/2012), two days apart, due 30 days after.
    return plan.map((p, i) => {
      const invoiceDate = addDays(today, -75 + i * 2);
      return {
        ref: `R${i + 1}`,
        customer: p.customer,
        baseCents: bases[i]!,
        kind: p.kind,
        invoiceDate,
        dueDate: addDays(invoiceDate, 30),
      };
    });
  }
}

/** An issued invoice as the API answered it. */
export interface IssuedInvoice extends ReconInvoiceSpec {
  invoiceId: string;
  invoiceNumber: string;
  totalCents: number;
}

export interface ReconMovement {
  movement: N43Movement;
  kind: CaseKind | 'NOISE';
  /** The invoices it pays (truth) and what it pays of each. */
  pays: { invoiceId: string; amountCents: number }[];
  /** The bank fee kept by the bank (FEE case). */
  feeCents: number;
}

export const FEE_CENTS = 250;

/** The month of movements paying `invoices`, inside [from, to]. */
export function reconMovements(
  rng: Rng,
  invoices: IssuedInvoice[],
  window: { from: string; to: string },
): ReconMovement[] {
  const clip = (d: string) => (d < window.from ? window.from : d > window.to ? window.to : d);
  const digits = (n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join('');
  const move = (date: string, amountCents: number, common: string, concepts: string[]): N43Movement => ({
    bookingDate: date,
    valueDate: date,
    commonConcept: common,
    ownConcept: String(rng.int(0, 999)).padStart(3, '0'),
    amountCents,
    documentNumber: digits(10),
    reference1: digits(12),
    reference2: '',
    concepts,
    originOffice: digits(4),
  });
  const payDate = (inv: IssuedInvoice) => clip(addDays(inv.dueDate, rng.int(-3, 5)));
  const name = (inv: IssuedInvoice) => CUSTOMERS[inv.customer]!;
  const out: ReconMovement[] = [];
  const of = (k: CaseKind) => invoices.filter((i) => i.kind === k);

  for (const inv of of('EXACT'))
    out.push({
      kind: 'EXACT',
      movement: move(payDate(inv), inv.totalCents, '04', [
        ab(`TRANSF. ${name(inv)}`, `FRA ${inv.invoiceNumber}`),
      ]),
      pays: [{ invoiceId: inv.invoiceId, amountCents: inv.totalCents }],
      feeCents: 0,
    });
  const [a, b] = of('SUM');
  out.push({
    kind: 'SUM',
    movement: move(payDate(b!), a!.totalCents + b!.totalCents, '04', [
      ab(`TRANSF. ${name(a!)}`, `FRA ${a!.invoiceNumber}`),
      ab(`FRA ${b!.invoiceNumber}`),
    ]),
    pays: [
      { invoiceId: a!.invoiceId, amountCents: a!.totalCents },
      { invoiceId: b!.invoiceId, amountCents: b!.totalCents },
    ],
    feeCents: 0,
  });
  const partial = of('PARTIAL')[0]!;
  const part = Math.round(partial.totalCents * (0.3 + rng.next() * 0.4));
  out.push({
    kind: 'PARTIAL',
    movement: move(payDate(partial), part, '04', [
      ab(`TRANSF. ${name(partial)}`, `A CUENTA FRA ${partial.invoiceNumber}`),
    ]),
    pays: [{ invoiceId: partial.invoiceId, amountCents: part }],
    feeCents: 0,
  });
  const fee = of('FEE')[0]!;
  out.push({
    kind: 'FEE',
    movement: move(payDate(fee), fee.totalCents - FEE_CENTS, '04', [
      ab(`TRANSF. ${name(fee)}`, `FRA ${fee.invoiceNumber}`),
    ]),
    pays: [{ invoiceId: fee.invoiceId, amountCents: fee.totalCents }],
    feeCents: FEE_CENTS,
  });
  const byName = of('NAME')[0]!;
  out.push({
    kind: 'NAME',
    movement: move(payDate(byName), byName.totalCents, '04', [
      ab(`TRANSF. ${name(byName)}`, 'PAGO SERVICIOS'),
    ]),
    pays: [{ invoiceId: byName.invoiceId, amountCents: byName.totalCents }],
    feeCents: 0,
  });

  // Noise: amounts that are no invoice's total, outstanding or sum.
  const taken = new Set(invoices.map((i) => i.totalCents));
  for (const m of out) taken.add(Math.abs(m.movement.amountCents));
  const free = (lo: number, hi: number) => {
    for (;;) {
      const v = rng.int(lo, hi);
      if (!taken.has(v)) {
        taken.add(v);
        return v;
      }
    }
  };
  const day = () =>
    addDays(
      window.from,
      rng.int(0, Math.round((Date.parse(window.to) - Date.parse(window.from)) / 86_400_000)),
    );
  const noise: [number, string, string[]][] = [
    [-1_200, '17', [ab('COMISIÓN MANTENIMIENTO', 'LIQUIDACIÓN MENSUAL')]],
    [
      -free(3_000, 40_000),
      '03',
      [ab('RECIBO IBERDROLA CLIENTES SAU', 'SUMINISTRO ELÉCTRICO'), ab('REF. MANDATO 0009871')],
    ],
    [-free(80_000, 300_000), '15', [ab('TGSS COTIZACIÓN RÉGIMEN GENERAL', 'SEGURIDAD SOCIAL')]],
    [-free(1_000, 9_000), '12', [ab('COMPRA TARJ. 4B GASOLINERA CAÑADA')]],
    [free(10_000, 90_000), '02', [ab('INGRESO EN EFECTIVO', 'OFICINA 0418')]],
    [free(20_000, 200_000), '04', [ab('TRANSF. JUAN PEÑA ÁLVAREZ', 'DEVOLUCIÓN FIANZA')]],
  ];
  for (const [amountCents, common, concepts] of noise)
    out.push({ kind: 'NOISE', movement: move(day(), amountCents, common, concepts), pays: [], feeCents: 0 });

  return out.sort((x, y) => x.movement.bookingDate.localeCompare(y.movement.bookingDate));
}
