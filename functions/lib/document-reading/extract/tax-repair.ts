/**
 * A tax figure OCR could not read, derived from the ones it could (issue 17 item 2). A summary row
 * that names its tax and rate but whose amounts make no row ("IVA 21 %  13.227,21 €  2711 11€" for a
 * quota of 2.777,71) is completed:
 *  (b) a base read, the quota unreadable: quota = base × rate (art. 6.1.g RD 1619/2012), the printed
 *      total choosing the cent when the summary rounded otherwise;
 *  (c) a quota read, the base unreadable: the base the printed total leaves, when base × rate gives
 *      that quota.
 * Only accepted when Σ bases + Σ quotas + Σ recargo − IRPF = the printed total: the arithmetic proves
 * the figure. Used only when nothing read closes by itself (tax-table.ts).
 */

import type { ExtractionBase, ExtractionIrpf, ExtractionRecargo } from '@shared/schemas/documents';
import { type PartialRow, quotaCloses, quotaOf, type TaxLines, type TaxRow } from './tax-rows';

export interface Repaired {
  bases: ExtractionBase[];
  recargo: ExtractionRecargo[];
  irpf: ExtractionIrpf | null;
  totalCents: number;
  /** 'quotas' for (b), 'bases' for (c); 'irpf' when the withholding was computed from its rate. */
  derived: ('quotas' | 'bases' | 'irpf')[];
}

/** What a partial row's amount may be: its base (the quota derived) or its quota (the base derived). */
type Option = { rateBp: number; base: number; quota: null } | { rateBp: number; base: null; quota: number };

/** Combinations tried at most (a handful of partial rows with a few amounts each). */
const MAX_COMBINATIONS = 512;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The bottom-most partial row of each rate not already read whole (the summary sits under the items). */
function partialsToComplete(lines: TaxLines, known: TaxRow[]): PartialRow[] {
  const picked: PartialRow[] = [];
  for (const p of [...lines.partials].reverse()) {
    if (known.some((k) => k.rateBp === p.rateBp) || picked.some((q) => q.rateBp === p.rateBp)) continue;
    picked.unshift(p);
  }
  return picked.slice(-3);
}

function optionsOf(p: PartialRow, lines: TaxLines, alone: boolean): Option[] {
  const amounts = p.amounts.flat();
  // "Base imponible al 21 %: …" (or the only base, when this is the only rate) is this row's base.
  const printedBases = lines.bases
    .filter((b) => b.rateBp === p.rateBp || (alone && b.rateBp === null))
    .flatMap((b) => b.cents);
  const out: Option[] = [];
  for (const c of [...amounts, ...printedBases])
    if (c !== 0 && !out.some((o) => o.base === c)) out.push({ rateBp: p.rateBp, base: c, quota: null });
  if (p.rateBp > 0)
    for (const c of amounts)
      if (c !== 0 && !out.some((o) => o.quota === c)) out.push({ rateBp: p.rateBp, base: null, quota: c });
  return out;
}

function combinations(lists: Option[][]): Option[][] {
  let out: Option[][] = [[]];
  for (const list of lists) {
    out = out.flatMap((combo) => list.map((o) => [...combo, o]));
    if (out.length > MAX_COMBINATIONS) return out.slice(0, MAX_COMBINATIONS);
  }
  // At most one base derived from the total; fewer derived bases first.
  return out
    .filter((c) => c.filter((o) => o.base === null).length <= 1)
    .sort((a, b) => a.filter((o) => o.base === null).length - b.filter((o) => o.base === null).length);
}

function recargoRead(lines: TaxLines): ExtractionRecargo[] {
  const byRate = new Map<number, number>();
  for (const r of [...lines.recargo].reverse())
    if (!byRate.has(r.rateBp)) byRate.set(r.rateBp, r.quotaCents.at(-1)!);
  return [...byRate].map(([rateBp, quotaCents]) => ({ rateBp, quotaCents })).reverse();
}

/** The withholding as read (each amount printed on its line), none, or its rate × the bases. */
function irpfChoices(
  lines: TaxLines,
  baseSum: number | null,
): { irpf: ExtractionIrpf | null; derived: boolean }[] {
  const rate = lines.irpf.find((i) => i.rateBp !== null)?.rateBp ?? null;
  const out: { irpf: ExtractionIrpf | null; derived: boolean }[] = [];
  for (const i of lines.irpf)
    for (const c of i.cents)
      if ((i.rateBp ?? rate) !== null && !i.base.includes(c))
        out.push({ irpf: { rateBp: (i.rateBp ?? rate)!, amountCents: c }, derived: false });
  if (rate !== null && baseSum !== null)
    out.push({ irpf: { rateBp: rate, amountCents: quotaOf(baseSum, rate) }, derived: true });
  out.push({ irpf: null, derived: false });
  return out;
}

/** The printed totals, the invoice's own ("Total factura", "A pagar") first, then bottom-up. */
const totalsOf = (lines: TaxLines): number[] =>
  [...lines.totals]
    .sort((a, b) => Number(b.strong) - Number(a.strong) || b.line - a.line)
    .flatMap((t) => t.cents);

/** Completes the rows one figure short so the invoice adds up to its printed total, or null. */
export function repairFromTotal(lines: TaxLines, known: TaxRow[]): Repaired | null {
  const partials = partialsToComplete(lines, known);
  const totals = totalsOf(lines);
  if (partials.length === 0 || totals.length === 0) return null;
  const alone = partials.length === 1 && known.length === 0;
  const recargo = recargoRead(lines);
  const reSum = sum(recargo.map((r) => r.quotaCents));
  const knownBases: ExtractionBase[] = known.map((r) => ({
    rateBp: r.rateBp,
    baseCents: r.baseCents,
    quotaCents: r.quotaCents,
  }));
  // A label with nothing to read and no printed base adds no figure: the total decides without it.
  const options = partials.map((p) => optionsOf(p, lines, alone)).filter((o) => o.length > 0);
  if (options.length === 0) return null;
  for (const combo of combinations(options)) {
    const open = combo.find((o) => o.base === null);
    const withBase = combo.filter((o) => o.base !== null);
    const bases: ExtractionBase[] = [
      ...knownBases,
      ...withBase.map((o) => ({
        rateBp: o.rateBp,
        baseCents: o.base!,
        quotaCents: quotaOf(o.base!, o.rateBp),
      })),
    ];
    const readSum = sum(bases.map((b) => b.baseCents + b.quotaCents));
    const baseSum = open ? null : sum(bases.map((b) => b.baseCents));
    for (const total of totals) {
      for (const { irpf, derived: irpfDerived } of irpfChoices(lines, baseSum)) {
        const rest = total - readSum - reSum + (irpf?.amountCents ?? 0);
        const derived: Repaired['derived'] = irpfDerived ? ['irpf'] : [];
        if (open) {
          // (c) the base the total leaves, proved by its quota.
          const base = rest - open.quota!;
          if (!quotaCloses(base, open.rateBp, open.quota!)) continue;
          bases.push({ rateBp: open.rateBp, baseCents: base, quotaCents: open.quota! });
          return { bases, recargo, irpf, totalCents: total, derived: ['bases', ...derived] };
        }
        // (b) base × rate; a one-cent difference is the summary's rounding, settled by the total.
        const last = bases.at(-1)!;
        if (withBase.length === 0 || Math.abs(rest) > 1) continue;
        const fixed = { ...last, quotaCents: last.quotaCents + rest };
        if (!quotaCloses(fixed.baseCents, fixed.rateBp, fixed.quotaCents)) continue;
        return {
          bases: [...bases.slice(0, -1), fixed],
          recargo,
          irpf,
          totalCents: total,
          derived: ['quotas', ...derived],
        };
      }
    }
  }
  return null;
}
