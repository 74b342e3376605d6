/**
 * The invoice's tax breakdown (art. 6.1.f–h RD 1619/2012: base, rate and quota per rate; recargo and
 * IRPF) chosen among hypotheses — the summary table, the inline totals, the line items added up — by
 * the arithmetic: Σ bases + Σ quotas + Σ recargo − IRPF = total, to the cent. A figure the others
 * determine (a missing total, an unreadable quota) is derived and marked as such.
 */

import type { ExtractionBase, ExtractionIrpf, ExtractionRecargo } from '@shared/schemas/documents';
import { repairFromTotal } from './tax-repair';
import { type LabelledAmount, quotaCloses, quotaOf, type TaxLines, type TaxRow } from './tax-rows';

export interface TaxReading {
  bases: ExtractionBase[];
  recargo: ExtractionRecargo[];
  irpf: ExtractionIrpf | null;
  totalCents: number | null;
  arithmeticOk: boolean;
  quotasOk: boolean;
  /** Figures computed from the others rather than read ('quotas': a quota as base × rate). */
  derived: ('bases' | 'quotas' | 'recargo' | 'irpf' | 'totalCents')[];
  /** Which hypothesis gave the bases (for the notes). */
  from: 'SUMMARY' | 'INLINE' | 'ITEMS' | 'NONE';
}

interface Hypothesis {
  from: TaxReading['from'];
  bases: ExtractionBase[];
  recargo: ExtractionRecargo[];
  derivedBases: boolean;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Bottom-up distinct rates: the summary table sits under the items and repeats no rate. */
function summaryRows(rows: TaxRow[]): TaxRow[] {
  const picked: TaxRow[] = [];
  for (const row of [...rows].reverse()) {
    if (picked.some((p) => p.rateBp === row.rateBp)) break;
    picked.unshift(row);
  }
  return picked;
}

const rowsToBases = (rows: TaxRow[]): ExtractionBase[] =>
  rows.map((r) => ({ rateBp: r.rateBp, baseCents: r.baseCents, quotaCents: r.quotaCents }));

function aggregate(rows: TaxRow[]): ExtractionBase[] {
  const by = new Map<number, ExtractionBase>();
  for (const r of rows) {
    const b = by.get(r.rateBp) ?? { rateBp: r.rateBp, baseCents: 0, quotaCents: 0 };
    b.baseCents += r.baseCents;
    b.quotaCents += r.quotaCents;
    by.set(r.rateBp, b);
  }
  return [...by.values()];
}

function recargoOfRows(rows: TaxRow[]): ExtractionRecargo[] {
  const by = new Map<number, number>();
  for (const r of rows)
    if (r.recargo) by.set(r.recargo.rateBp, (by.get(r.recargo.rateBp) ?? 0) + r.recargo.quotaCents);
  return [...by].map(([rateBp, quotaCents]) => ({ rateBp, quotaCents }));
}

/** "Base imponible 1.000,00" + "IVA 21 % 210,00": bases per rate from the quotas, the base total checking them. */
function inline(quotas: LabelledAmount[], bases: LabelledAmount[]): Hypothesis | null {
  const byRate = new Map<number, number>();
  for (const q of quotas) if (q.rateBp !== null && !byRate.has(q.rateBp)) byRate.set(q.rateBp, q.cents[0]!);
  const rated = new Map<number, number>();
  for (const b of bases) if (b.rateBp !== null && !rated.has(b.rateBp)) rated.set(b.rateBp, b.cents[0]!);
  const total = bases.find((b) => b.rateBp === null)?.cents[0];
  if (byRate.size === 0 && rated.size === 0) return null;
  const rates = [...new Set([...byRate.keys(), ...rated.keys()])];
  let derivedBases = false;
  const out: ExtractionBase[] = rates.map((rateBp) => {
    const quota = byRate.get(rateBp);
    let base = rated.get(rateBp);
    if (base === undefined && rates.length === 1 && total !== undefined) base = total;
    if (base === undefined && quota !== undefined && rateBp > 0) {
      base = Math.round((quota * 10_000) / rateBp);
      derivedBases = true;
    }
    return { rateBp, baseCents: base ?? 0, quotaCents: quota ?? quotaOf(base ?? 0, rateBp) };
  });
  return {
    from: 'INLINE',
    bases: out.filter((b) => b.baseCents !== 0 || b.quotaCents !== 0),
    recargo: [],
    derivedBases,
  };
}

interface Closing {
  hypothesis: Hypothesis;
  bases: ExtractionBase[];
  recargo: ExtractionRecargo[];
  irpf: ExtractionIrpf | null;
  total: number | null;
  closes: boolean;
  derived: TaxReading['derived'];
  score: number;
}

function irpfOptions(lines: TaxLines, baseSum: number): { irpf: ExtractionIrpf | null; derived: boolean }[] {
  const options: { irpf: ExtractionIrpf | null; derived: boolean }[] = [];
  const rated = lines.irpf.filter((i) => i.rateBp !== null);
  const rate = rated[0]?.rateBp ?? null;
  if (rated.length > 1) {
    // One withholding row per rate or per base ("Retención 15 %" on the services only): their sum.
    const amounts = rated.map(
      (r) => r.cents.find((c) => r.base.some((b) => quotaCloses(b, r.rateBp!, c))) ?? r.cents.at(-1)!,
    );
    options.push({ irpf: { rateBp: rate!, amountCents: sum(amounts) }, derived: false });
  }
  for (const i of lines.irpf) {
    for (const c of i.cents) {
      const irpfRate = i.rateBp ?? rate;
      if (irpfRate !== null && !i.base.includes(c))
        options.push({ irpf: { rateBp: irpfRate, amountCents: c }, derived: false });
    }
  }
  if (rate !== null)
    options.push({ irpf: { rateBp: rate, amountCents: quotaOf(baseSum, rate) }, derived: true });
  options.push({ irpf: null, derived: rate !== null });
  return options;
}

function recargoOptions(lines: TaxLines, h: Hypothesis): ExtractionRecargo[][] {
  if (h.recargo.length > 0) return [h.recargo];
  const byRate = new Map<number, number[]>();
  for (const r of [...lines.recargo].reverse()) if (!byRate.has(r.rateBp)) byRate.set(r.rateBp, r.quotaCents);
  if (byRate.size === 0) return [[]];
  const read = [...byRate].map(([rateBp, q]) => ({ rateBp, quotaCents: q.at(-1)! })).reverse();
  return [read];
}

function close(lines: TaxLines, h: Hypothesis, order: number): Closing[] {
  const out: Closing[] = [];
  const baseSum = sum(h.bases.map((b) => b.baseCents));
  const quotaSum = sum(h.bases.map((b) => b.quotaCents));
  const totals = [...lines.totals].sort((a, b) => Number(b.strong) - Number(a.strong) || b.line - a.line);
  const baseTotals = lines.bases.filter((b) => b.rateBp === null).flatMap((b) => b.cents);
  const quotaTotals = lines.quotaTotals.flatMap((q) => q.cents);
  for (const recargo of recargoOptions(lines, h)) {
    const reSum = sum(recargo.map((r) => r.quotaCents));
    for (const { irpf, derived: irpfDerived } of irpfOptions(lines, baseSum)) {
      const computed = baseSum + quotaSum + reSum - (irpf?.amountCents ?? 0);
      const derived: TaxReading['derived'] = [
        ...(h.derivedBases ? (['bases'] as const) : []),
        ...(irpfDerived ? (['irpf'] as const) : []),
      ];
      let score = -order;
      if (baseTotals.includes(baseSum)) score += 2;
      if (quotaTotals.includes(quotaSum + reSum) || quotaTotals.includes(quotaSum)) score += 2;
      if (h.bases.every((b) => quotaCloses(b.baseCents, b.rateBp, b.quotaCents))) score += 1;
      if (irpfDerived) score -= 1;
      const match = totals.find((t) => t.cents.includes(computed));
      if (match) {
        out.push({
          hypothesis: h,
          bases: h.bases,
          recargo,
          irpf,
          total: computed,
          closes: true,
          derived,
          score: score + 10 + (match.strong ? 1 : 0),
        });
      } else if (totals.length === 0 && h.bases.length > 0) {
        out.push({
          hypothesis: h,
          bases: h.bases,
          recargo,
          irpf,
          total: computed,
          closes: true,
          derived: [...derived, 'totalCents'],
          score: score + 4,
        });
      } else {
        out.push({
          hypothesis: h,
          bases: h.bases,
          recargo,
          irpf,
          total: totals[0]?.cents[0] ?? null,
          closes: false,
          derived,
          score,
        });
      }
    }
  }
  return out;
}

/** Adds the part of the printed base total no row covers as a 0 % base (suplidos, exempt lines). */
function withRemainder(lines: TaxLines, h: Hypothesis): Hypothesis | null {
  const baseTotal = lines.bases.find((b) => b.rateBp === null)?.cents[0];
  const covered = sum(h.bases.map((b) => b.baseCents));
  if (baseTotal === undefined || baseTotal <= covered) return null;
  const zero = h.bases.find((b) => b.rateBp === 0);
  const rest = baseTotal - covered;
  const bases = zero
    ? h.bases.map((b) => (b === zero ? { ...b, baseCents: b.baseCents + rest } : b))
    : [...h.bases, { rateBp: 0, baseCents: rest, quotaCents: 0 }];
  return { ...h, bases };
}

export function readTaxTable(lines: TaxLines): TaxReading {
  const summary = summaryRows(lines.rows);
  const hypotheses: Hypothesis[] = [];
  // A header-led table is the invoice's own breakdown; the last one is the summary under the items.
  for (const rows of [...lines.tables].reverse())
    hypotheses.push({
      from: 'SUMMARY',
      bases: aggregate(rows),
      recargo: recargoOfRows(rows),
      derivedBases: false,
    });
  if (summary.length > 0)
    hypotheses.push({
      from: 'SUMMARY',
      bases: rowsToBases(summary),
      recargo: recargoOfRows(summary),
      derivedBases: false,
    });
  const labelled = lines.rows.filter((r) => r.labelled);
  if (labelled.length > 0 && labelled.length < lines.rows.length) {
    const s = summaryRows(labelled);
    hypotheses.push({
      from: 'SUMMARY',
      bases: rowsToBases(s),
      recargo: recargoOfRows(s),
      derivedBases: false,
    });
  }
  const inl = inline(lines.quotas, lines.bases);
  if (inl) hypotheses.push(inl);
  if (lines.rows.length > 1)
    hypotheses.push({
      from: 'ITEMS',
      bases: aggregate(lines.rows),
      recargo: recargoOfRows(lines.rows),
      derivedBases: false,
    });
  const baseTotal = lines.bases.find((b) => b.rateBp === null)?.cents[0];
  if (baseTotal !== undefined && lines.quotas.length === 0 && lines.rows.length === 0) {
    // Only a base printed and no tax line: an exempt / not subject / reverse-charge invoice.
    hypotheses.push({
      from: 'INLINE',
      bases: [{ rateBp: 0, baseCents: baseTotal, quotaCents: 0 }],
      recargo: [],
      derivedBases: false,
    });
  }
  for (const h of [...hypotheses]) {
    const r = withRemainder(lines, h);
    if (r) hypotheses.push(r);
  }
  const closings = hypotheses.flatMap((h, i) => close(lines, h, i * 0.1));
  closings.sort((a, b) => b.score - a.score);
  const best = closings[0];
  if (!best?.closes) {
    // Nothing read adds up: a summary row one figure short (OCR) may, its figure derived.
    const repaired = repairFromTotal(lines, summaryRows(lines.rows.filter((r) => r.labelled)));
    if (repaired)
      return {
        bases: repaired.bases,
        recargo: repaired.recargo,
        irpf: repaired.irpf,
        totalCents: repaired.totalCents,
        arithmeticOk: true,
        quotasOk: repaired.bases.every((b) => quotaCloses(b.baseCents, b.rateBp, b.quotaCents)),
        derived: repaired.derived,
        from: 'SUMMARY',
      };
  }
  if (!best) {
    const total = [...lines.totals].sort((a, b) => Number(b.strong) - Number(a.strong))[0]?.cents[0] ?? null;
    return {
      bases: [],
      recargo: [],
      irpf: null,
      totalCents: total,
      arithmeticOk: false,
      quotasOk: false,
      derived: [],
      from: 'NONE',
    };
  }
  return {
    bases: best.bases,
    recargo: best.recargo,
    irpf: best.irpf,
    totalCents: best.total,
    arithmeticOk: best.closes,
    quotasOk:
      best.bases.length > 0 && best.bases.every((b) => quotaCloses(b.baseCents, b.rateBp, b.quotaCents)),
    derived: best.derived,
    from: best.hypothesis.from,
  };
}
