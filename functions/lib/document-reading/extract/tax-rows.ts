/**
 * The rows of an invoice's tax table, read line by line: a VAT/IGIC/IPSI row is a base, a rate and the
 * quota that base × rate gives (± 1 cent, the rounding art. 10 RD 1619/2012 allows per line), found
 * among the line's numbers whatever their order or column; recargo de equivalencia (art. 161 LIVA) and
 * IRPF withholding rows are recognised by their label.
 */

import { VAT_RATE_BPS } from '@shared/fiscal/vat';
import { moneyTokens, type NumberToken, numberTokens } from './amounts';
import { joinSplitRows } from './split-rows';
import { readColumnTables } from './tax-columns';
import type { Line } from './text';

/** IVA (LIVA arts. 90–91 and the temporary rates), IGIC (Canarias: 0, 3, 7, 9.5, 13.5, 15, 20) and IPSI. */
export const TAX_RATES_BP: ReadonlySet<number> = new Set([
  ...VAT_RATE_BPS,
  300,
  700,
  950,
  1350,
  1500,
  2000,
  50,
  100,
  800,
]);
/** Recargo de equivalencia rates (art. 161 LIVA, tobacco 1.75 %, and the temporary 0.62 / 0.26 / 1 %). */
export const RECARGO_RATES_BP: ReadonlySet<number> = new Set([520, 140, 50, 175, 62, 26, 100]);

export const quotaOf = (baseCents: number, rateBp: number): number => {
  const sign = baseCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(baseCents) * rateBp + 5000) / 10_000);
};
export const quotaCloses = (base: number, rateBp: number, quota: number): boolean =>
  rateBp === 0 ? quota === 0 : base !== 0 && Math.abs(quotaOf(base, rateBp) - quota) <= 1;

export interface TaxRow {
  line: number;
  rateBp: number;
  baseCents: number;
  quotaCents: number;
  recargo: { rateBp: number; quotaCents: number } | null;
  /** The line names the tax (IVA, IGIC, VAT...) or says exempt: a summary or inline row, not an item. */
  labelled: boolean;
}

export interface LabelledAmount {
  line: number;
  rateBp: number | null;
  cents: number[];
}

const IRPF = /irpf|retenc|withholding|\bret\.\s/;
const NO_IRPF = /sin retenc|no (?:sujeto|aplica).{0,12}retenc|retencion:?\s*0[,.]?0*\s*%/;
const RECARGO = /recargo|(?:^|[\s(])r\.\s?e\.?|(?:^|\s)re(?=\s+\d|\s*\()/;
const TAX_WORD = /\b(?:iva|igic|ipsi|vat|tva|i\.v\.a\.|impuesto|cuota|exento|exenta|exempt|tipo)\b/;
const EXEMPT = /exent|exempt|no sujet|inversion del sujeto|reverse charge|intracomunitari/;
export const TOTAL_WORD = /(?:^|\s)(?:total|importe total|a pagar|amount due|total due|liquido)\b/;
const NOT_TOTAL =
  /total\s*(?:bases?|iva|igic|ipsi|vat|impuestos?|cuotas?|retenc|irpf|recargo|r\.e\.|neto|bruto|lineas|uds|unidades|items|tax)|subtotal|total\s+base/;
const STRONG_TOTAL =
  /total\s*(?:factura|a pagar|fra\.?|invoice|eur|€|due|general|documento)|importe total|total importe|a pagar|amount due|liquido/;
const BASE_WORD =
  /base\s*(?:imponible|imp\.?)|bases imponibles|subtotal|taxable|net amount|importe neto|base total/;
const QUOTA_TOTAL = /total\s*(?:iva|igic|ipsi|vat|impuestos?|cuotas?|tax)|cuota total|total cuota/;

const readingsOf = (t: NumberToken): number[] => t.readings;

/**
 * A summary row adds up quotas rounded line by line, so on a long invoice it may differ from base × rate
 * by more than a cent; a row that names its tax and prints its rate is accepted within 0.1 %.
 */
const summaryCloses = (base: number, rateBp: number, quota: number): boolean =>
  quotaCloses(base, rateBp, quota) ||
  (rateBp > 0 &&
    quota > 0 &&
    Math.abs(quotaOf(base, rateBp) - quota) <= Math.max(1, Math.round(quota * 0.001)));

/** A base/rate/quota triple among the line's numbers (rates first from the % tokens). */
function tripleOf(line: Line): TaxRow | null {
  const tokens = numberTokens(line.text);
  if (tokens.length < 2) return null;
  const labelled = TAX_WORD.test(line.plain) || EXEMPT.test(line.plain);
  const rateTokens = [
    ...tokens.filter((t) => t.percent),
    ...tokens.filter((t) => !t.percent && labelled && t.value <= 2100),
    ...tokens.filter((t) => !t.percent && !labelled && t.decimals),
  ].filter((t) => TAX_RATES_BP.has(t.value));
  for (const r of rateTokens) {
    const others = tokens.filter((t) => t !== r && !t.percent && (t.decimals || t.euro));
    for (const [i, b] of others.entries()) {
      for (const q of others.slice(i + 1)) {
        for (const bc of readingsOf(b)) {
          for (const qc of readingsOf(q)) {
            const ok =
              r.value === 0
                ? qc === 0 && bc > 0
                : labelled && r.percent
                  ? summaryCloses(bc, r.value, qc)
                  : quotaCloses(bc, r.value, qc);
            if (!ok) continue;
            return {
              line: line.index,
              rateBp: r.value,
              baseCents: b.negative ? -bc : bc,
              quotaCents: q.negative ? -qc : qc,
              recargo: recargoIn(tokens, [r, b, q], bc),
              labelled,
            };
          }
        }
      }
    }
  }
  return null;
}

function recargoIn(tokens: NumberToken[], used: NumberToken[], base: number): TaxRow['recargo'] {
  const rest = tokens.filter((t) => !used.includes(t));
  for (const rr of rest.filter((t) => RECARGO_RATES_BP.has(t.value))) {
    for (const q of rest.filter((t) => t !== rr && !t.percent)) {
      if (quotaCloses(base, rr.value, q.value)) return { rateBp: rr.value, quotaCents: q.value };
    }
  }
  return null;
}

/** A line that names its tax and rate but whose amounts make no row: one of them OCR could not read. */
export interface PartialRow {
  line: number;
  rateBp: number;
  /** The readings (signed céntimos) of each money token of the line, left to right. */
  amounts: number[][];
}

export interface TaxLines {
  rows: TaxRow[];
  /** Labelled rows missing a figure ("IVA 21 %  13.227,21 €  2711 11€"): tax-repair.ts derives it. */
  partials: PartialRow[];
  /** Header-led tables of base/rate/quota columns (tax-columns.ts), in reading order. */
  tables: TaxRow[][];
  /** "IVA 21 %: 210,00" without its base; "Exento" with its base. */
  quotas: LabelledAmount[];
  /** "Base imponible: 1.000,00" (rate when printed "al 21 %"). */
  bases: LabelledAmount[];
  quotaTotals: LabelledAmount[];
  recargo: { line: number; rateBp: number; quotaCents: number[] }[];
  irpf: { line: number; rateBp: number | null; cents: number[]; base: number[] }[];
  totals: { line: number; strong: boolean; cents: number[] }[];
}

const percentOf = (tokens: NumberToken[], allowed?: ReadonlySet<number>): number | null => {
  const p = tokens.find((t) => t.percent && (!allowed || allowed.has(t.value)));
  return p ? p.value : null;
};

const lastMoney = (text: string): NumberToken | undefined => moneyTokens(text).at(-1);
/** The readings of an amount with its printed sign (a rectificativa's "-124,03", "(124,03)", "124,03-"). */
const signed = (t: NumberToken): number[] => (t.negative ? t.readings.map((c) => -c) : t.readings);

/** Classifies every line of the document once. */
export function readTaxLines(lines: Line[]): TaxLines {
  const table = readColumnTables(lines);
  const out: TaxLines = {
    rows: [],
    partials: [],
    tables: table.tables,
    quotas: [],
    bases: [],
    quotaTotals: [],
    recargo: [],
    irpf: [],
    totals: [],
  };
  for (const line of joinSplitRows(lines, (l) => tripleOf(l) !== null)) {
    if (table.used.has(line.index)) continue;
    const p = line.plain;
    const tokens = numberTokens(line.text);
    const money = tokens.filter((t) => !t.percent && (t.decimals || t.euro));
    if (money.length === 0) {
      // "IVA 21 %  2l0 O€": a tax line whose amounts OCR could not read at all.
      const rate = percentOf(tokens, TAX_RATES_BP);
      if (rate !== null && TAX_WORD.test(p) && !IRPF.test(p) && !RECARGO.test(p))
        out.partials.push({ line: line.index, rateBp: rate, amounts: [] });
      continue;
    }
    if (IRPF.test(p)) {
      if (NO_IRPF.test(p)) continue;
      const rate = percentOf(tokens);
      if (rate === 0) continue;
      const cents = money.flatMap((t) => t.readings).filter((c) => c > 0);
      out.irpf.push({ line: line.index, rateBp: rate, cents, base: money.slice(0, -1).map((t) => t.value) });
      continue;
    }
    if (RECARGO.test(p) && !TAX_WORD.test(p.replace(/recargo de equivalencia/, ''))) {
      const rate = percentOf(tokens, RECARGO_RATES_BP);
      if (rate !== null) {
        const value = (t: NumberToken) => (t.negative ? -t.value : t.value);
        const base = money.length >= 2 ? value(money[0]!) : null;
        const quotas = money.map(value).filter((c) => base === null || quotaCloses(base, rate, c));
        out.recargo.push({
          line: line.index,
          rateBp: rate,
          quotaCents: quotas.length ? quotas : [value(money.at(-1)!)],
        });
      }
      continue;
    }
    if (TOTAL_WORD.test(p) && !NOT_TOTAL.test(p) && !BASE_WORD.test(p)) {
      const last = lastMoney(line.text);
      if (last) out.totals.push({ line: line.index, strong: STRONG_TOTAL.test(p), cents: signed(last) });
      continue;
    }
    if (QUOTA_TOTAL.test(p)) {
      const last = money.at(-1)!;
      out.quotaTotals.push({ line: line.index, rateBp: null, cents: signed(last) });
      continue;
    }
    const row = tripleOf(line);
    if (row) {
      out.rows.push(row);
      continue;
    }
    if (BASE_WORD.test(p)) {
      out.bases.push({
        line: line.index,
        rateBp: percentOf(tokens, TAX_RATES_BP),
        cents: signed(money.at(-1)!),
      });
      continue;
    }
    if (TAX_WORD.test(p) || EXEMPT.test(p)) {
      const rate = EXEMPT.test(p) && percentOf(tokens) === null ? 0 : percentOf(tokens, TAX_RATES_BP);
      if (rate === null) continue;
      out.quotas.push({ line: line.index, rateBp: rate, cents: signed(money.at(-1)!) });
      out.partials.push({ line: line.index, rateBp: rate, amounts: money.map(signed) });
    }
  }
  return out;
}
