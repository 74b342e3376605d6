/**
 * Totals of a received invoice (libro registro de facturas recibidas), computed once here for the
 * API and the expense form. Rules (RD 1619/2012 art. 10, LIVA arts. 84, 92–95, 97; CONVENTIONS rule 8):
 *  - line base = quantityMilli × unitPriceCents × (10000 − discountBp) / (1000 × 10000), rounded once
 *    half-up (the same rule as issued invoices);
 *  - lines are grouped by (kind, VAT rate, recargo rate, deductible share, investment goods); each
 *    group's quota and recargo are rounded ONCE on the grouped base;
 *  - EXEMPT and NOT_SUBJECT groups carry no quota; every other kind carries a quota at the line rate:
 *    DOMESTIC is charged by the supplier, REVERSE_CHARGE and INTRA_EU_* are self-assessed
 *    (autorrepercutido: accrued and deductible by us), IMPORT is paid at customs on the DUA;
 *  - deductible VAT = roundHalfUp(groupQuota × deductibleBp, 10000) per group (art. 95 LIVA); the
 *    recargo de equivalencia borne is never deductible (art. 154 LIVA);
 *  - IRPF we withhold = roundHalfUp(total base × irpfRateBp, 10000);
 *  - payable to the supplier = base + VAT charged by the supplier (DOMESTIC only) + recargo − IRPF;
 *  - a rectificativa by differences (art. 15 RD 1619/2012) may carry negative quantities or prices:
 *    the same rules apply with the sign kept, and rounding is half away from zero, so a credit note
 *    that negates an invoice's lines gives exactly its totals negated.
 * And the withholding's kind and key (issue 15 item 1), as recorded and as the aggregates read them.
 */

import { type SupplierTaxId, withholdingOfBody } from '../schemas/expenses';
import {
  type DeductionOnPayment,
  RECEIVED_LINE_KINDS,
  type ReceivedInvoice,
  type ReceivedInvoiceLine,
  type ReceivedInvoiceTotals,
  type ReceivedLineKind,
  type ReceivedVatGroup,
} from '../schemas/received-invoices';
import { InvoiceTotalsError } from './invoice-totals';
import { applyBp, roundHalfUpBig, sumCents } from './money';
import { counterpartyKeyOf, type ReceivedForAggregates } from './tax-aggregates';
import { defaultWithholding, isWithholdingKind, type WithholdingKind } from './withholdings';

export type ReceivedTotalsLine = Pick<
  ReceivedInvoiceLine,
  | 'quantityMilli'
  | 'unitPriceCents'
  | 'discountBp'
  | 'vatRateBp'
  | 'kind'
  | 'deductibleBp'
  | 'recargoRateBp'
  | 'investmentGoods'
>;

export interface ReceivedTotalsInput {
  lines: readonly ReceivedTotalsLine[];
  irpfRateBp: number;
}

/** Kinds whose quota we self-assess (accrued and deducted in the same return). */
export const SELF_ASSESSED_KINDS: readonly ReceivedLineKind[] = [
  'REVERSE_CHARGE',
  'INTRA_EU_GOODS',
  'INTRA_EU_SERVICES',
];

export const isSelfAssessed = (kind: ReceivedLineKind): boolean => SELF_ASSESSED_KINDS.includes(kind);
const carriesVat = (kind: ReceivedLineKind): boolean => kind !== 'EXEMPT' && kind !== 'NOT_SUBJECT';

function lineBase(line: ReceivedTotalsLine, i: number): number {
  const base = roundHalfUpBig(
    BigInt(line.quantityMilli) * BigInt(line.unitPriceCents) * BigInt(10_000 - line.discountBp),
    10_000_000n,
  );
  if (base > BigInt(Number.MAX_SAFE_INTEGER) || base < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new InvoiceTotalsError(
      'AMOUNT_TOO_LARGE',
      'El importe de la línea es demasiado grande.',
      `lines.${i}`,
    );
  }
  return Number(base);
}

/** Fixed order (kind as listed, then rates and share descending), so line order never changes the output. */
function compareGroups(a: ReceivedVatGroup, b: ReceivedVatGroup): number {
  return (
    RECEIVED_LINE_KINDS.indexOf(a.kind) - RECEIVED_LINE_KINDS.indexOf(b.kind) ||
    b.vatRateBp - a.vatRateBp ||
    b.recargoRateBp - a.recargoRateBp ||
    b.deductibleBp - a.deductibleBp ||
    Number(a.investmentGoods) - Number(b.investmentGoods)
  );
}

export function computeReceivedInvoiceTotals(input: ReceivedTotalsInput): ReceivedInvoiceTotals {
  const lineBasesCents = input.lines.map(lineBase);
  const groups = new Map<string, { head: ReceivedTotalsLine; bases: number[] }>();
  input.lines.forEach((line, i) => {
    const vatRateBp = carriesVat(line.kind) ? line.vatRateBp : 0;
    const recargoRateBp = line.kind === 'DOMESTIC' ? line.recargoRateBp : 0;
    const head = { ...line, vatRateBp, recargoRateBp };
    const key = [line.kind, vatRateBp, recargoRateBp, line.deductibleBp, line.investmentGoods].join('|');
    const group = groups.get(key) ?? { head, bases: [] };
    group.bases.push(lineBasesCents[i]!);
    groups.set(key, group);
  });

  const breakdown = [...groups.values()]
    .map(({ head, bases }): ReceivedVatGroup => {
      const baseCents = sumCents(bases);
      // Art. 10 RD 1619/2012: one rounding per grouped base, never a sum of per-line quotas.
      const vatCents = applyBp(baseCents, head.vatRateBp);
      return {
        kind: head.kind,
        vatRateBp: head.vatRateBp,
        recargoRateBp: head.recargoRateBp,
        deductibleBp: head.deductibleBp,
        investmentGoods: head.investmentGoods,
        baseCents,
        vatCents,
        recargoCents: applyBp(baseCents, head.recargoRateBp),
        // Art. 95 LIVA: only the share used in the business is deductible, rounded once per group.
        // Art. 154.Dos LIVA: a retailer in recargo de equivalencia deducts neither the VAT nor the
        // recargo it bears on the goods of that activity.
        deductibleVatCents: head.recargoRateBp > 0 ? 0 : applyBp(vatCents, head.deductibleBp),
      };
    })
    .sort(compareGroups);

  const sumOf = (
    pick: (g: ReceivedVatGroup) => number,
    where: (g: ReceivedVatGroup) => boolean = () => true,
  ) => sumCents(breakdown.filter(where).map(pick));
  const baseCents = sumCents(lineBasesCents);
  const supplierVatCents = sumOf(
    (g) => g.vatCents,
    (g) => g.kind === 'DOMESTIC',
  );
  const recargoCents = sumOf((g) => g.recargoCents);
  const irpfCents = applyBp(baseCents, input.irpfRateBp);
  return {
    baseCents,
    vatCents: sumOf((g) => g.vatCents),
    supplierVatCents,
    selfAssessedVatCents: sumOf(
      (g) => g.vatCents,
      (g) => isSelfAssessed(g.kind),
    ),
    importVatCents: sumOf(
      (g) => g.vatCents,
      (g) => g.kind === 'IMPORT',
    ),
    deductibleVatCents: sumOf((g) => g.deductibleVatCents),
    recargoCents,
    irpfCents,
    totalCents: sumCents([baseCents, supplierVatCents, recargoCents, -irpfCents]),
    lineBasesCents,
    breakdown,
  };
}

/** The country of a supplier's tax id: its own for a foreign id, Spain for a NIF. */
export const taxIdCountry = (taxId: SupplierTaxId): string =>
  typeof taxId === 'string' ? 'ES' : taxId.country;

/** The book date of a received invoice: its accounting date, else its issue date. */
export const receivedBookDate = (rec: Pick<ReceivedInvoice, 'accountingDate' | 'issueDate'>): string =>
  rec.accountingDate || rec.issueDate;

export interface RecordedWithholding {
  withholdingKind: WithholdingKind | null;
  withholdingKey: string | null;
}

/** A withholding kind and key remembered elsewhere: a supplier's, or a corrected invoice's own. */
export type RememberedWithholding = {
  withholdingKind?: WithholdingKind | null;
  withholdingKey?: string | null;
} | null;

/**
 * The withholding kind and key a received invoice records (issue 15 item 1): none without a
 * withholding (irpfRateBp 0); the body's kind (with its default key when it names none); else the
 * one remembered (the supplier's, or on a correction the invoice's own), else a professional's
 * (`defaultWithholding`: the 15 % of art. 101.5.a LIRPF was the only withholding before the kinds).
 */
export function recordedWithholding(
  body: {
    irpfRateBp: number;
    withholdingKind?: WithholdingKind | undefined;
    withholdingKey?: string | undefined;
  },
  remembered?: RememberedWithholding,
): RecordedWithholding {
  if (body.irpfRateBp === 0) return { withholdingKind: null, withholdingKey: null };
  const given = withholdingOfBody(body);
  if (given) return given;
  const d = defaultWithholding(remembered);
  return { withholdingKind: d.kind, withholdingKey: d.key };
}

/**
 * The withholding of a stored received invoice: its own kind and key when it has them (a legacy key read
 * as its real one; a key that does not fit the kind falls back to the kind's default), else — an invoice
 * stored before the kinds existed — a professional's when it withholds anything, none otherwise. The migration on read of
 * the records and of the aggregates (the nightly recompute rebuilds them through this).
 */
export function storedWithholding(
  rec: Pick<ReceivedInvoice, 'irpfRateBp' | 'withholdingKind' | 'withholdingKey'> & {
    totals: Pick<ReceivedInvoiceTotals, 'irpfCents'>;
  },
): RecordedWithholding {
  const withholds = (rec.irpfRateBp ?? 0) > 0 || rec.totals.irpfCents !== 0;
  if (!withholds) return { withholdingKind: null, withholdingKey: null };
  const kind = isWithholdingKind(rec.withholdingKind) ? rec.withholdingKind : undefined;
  // defaultWithholding reads a key stored before the 193/296 lists ('DIV') as its real one ('A02').
  const d = defaultWithholding(
    kind ? { withholdingKind: kind, withholdingKey: rec.withholdingKey ?? null } : null,
  );
  return { withholdingKind: d.kind, withholdingKey: d.key };
}

/**
 * What a received invoice adds to the running tax aggregates: its breakdown groups (already rounded
 * once each, so the aggregates add up exactly to the invoices' totals; negative on a rectificativa
 * that lowers them), IRPF and total, and for a rectificativa the issue dates of the invoices it
 * rectifies (they decide whether it modifies an earlier period: 303 boxes [40]/[41]), and its
 * withholding's kind and key with the withholding base (the invoice's base: IRPF = base × rate).
 * Tolerates items stored before rectificativas existed (no `rectification`) and before withholding
 * kinds existed (`storedWithholding`). An invoice whose deduction waits for its payment under the
 * criterio de caja (`storedDeductionOnPayment`: the supplier's or the company's own regime, as stored)
 * adds `deductionOnPayment` and the operation date (./received-payment-aggregates.ts).
 */
export function toReceivedForAggregates(rec: ReceivedInvoice): ReceivedForAggregates {
  const w = storedWithholding(rec);
  const deferred = storedDeductionOnPayment(rec);
  return {
    date: receivedBookDate(rec),
    rectifiedDates: (rec.rectification?.rectified ?? []).map((r) => r.issueDate),
    supplier: {
      // The counterparty grammar of the aggregates (modelo 347): the NIF, or <country>:<type>:<value>.
      taxIdKey: counterpartyKeyOf(rec.supplier.taxId, rec.supplier.country),
      name: rec.supplier.name,
      country: rec.supplier.country,
    },
    lines: rec.totals.breakdown.map((g) => ({
      kind: g.kind,
      vatRateBp: g.vatRateBp,
      recargoRateBp: g.recargoRateBp,
      baseCents: g.baseCents,
      vatCents: g.vatCents,
      recargoCents: g.recargoCents,
      deductibleVatCents: g.deductibleVatCents,
      investmentGoods: g.investmentGoods,
    })),
    irpfCents: rec.totals.irpfCents,
    totalCents: rec.totals.totalCents,
    withholding:
      w.withholdingKind && w.withholdingKey !== null
        ? { kind: w.withholdingKind, key: w.withholdingKey, baseCents: rec.totals.baseCents }
        : null,
    // Arts. 163 terdecies and quinquiesdecies.Uno LIVA: the deduction waits for the payment, at the
    // latest until 31 December of the year after the operation. Absent on the others.
    ...(deferred ? { deductionOnPayment: deferred, operationDate: rec.operationDate ?? rec.issueDate } : {}),
  };
}

/**
 * Why a stored received invoice's deduction waits for its payment: its `deductionOnPayment`, decided
 * when it was written; an item stored before that field existed says only whether its supplier
 * applies the criterio de caja (`supplierCashCriterion`: SUPPLIER_RECC), never the company's own
 * regime. Pure and profile-free, so the writes, the recompute and the drill-down read the same.
 */
export const storedDeductionOnPayment = (
  rec: Pick<ReceivedInvoice, 'deductionOnPayment' | 'supplierCashCriterion'>,
): DeductionOnPayment | null =>
  rec.deductionOnPayment !== undefined
    ? rec.deductionOnPayment
    : rec.supplierCashCriterion === true
      ? 'SUPPLIER_RECC'
      : null;
