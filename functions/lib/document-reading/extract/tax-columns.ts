/**
 * The tax summary printed as a table (art. 6.1.f–h RD 1619/2012: base, rate and quota per rate; art.
 * 161 LIVA recargo): a header row naming the columns ("Base imponible | % IVA | Cuota IVA | % R.E. |
 * Cuota R.E.", "Tipo | Base | Cuota", in any order, on any page) and one row of bare numbers per rate
 * under it ("283,80   21   59,60   5,2   14,76"). The numbers are put in their columns by position
 * (character offsets of the layout text), keeping their left-to-right order so an OCR-shifted column
 * still lands in the right place, and a row is only taken when base × rate = quota.
 */

import { type NumberToken, numberTokens } from './amounts';
import { quotaCloses, RECARGO_RATES_BP, TAX_RATES_BP, type TaxRow, TOTAL_WORD } from './tax-rows';
import type { Cell, Line } from './text';

type ColumnKind = 'BASE' | 'RATE' | 'QUOTA' | 'RE_RATE' | 'RE_QUOTA' | 'OTHER';

interface Column {
  kind: ColumnKind;
  start: number;
  end: number;
}

const RE = String.raw`(?:r\.?\s?e\.?|rec\.?|recargo(?:\s+(?:de\s+)?equiv\w*\.?)?)`;
const TAX = String.raw`(?:iva|i\.v\.a\.?|igic|ipsi|vat|impuesto|imp\.?)`;
const HEADERS: readonly [ColumnKind, RegExp][] = [
  ['RE_RATE', new RegExp(String.raw`^(?:%\s*${RE}|tipo\s*${RE}|${RE}\s*%)$`)],
  ['RE_QUOTA', new RegExp(String.raw`^(?:(?:cuota|importe)\s*${RE}|${RE})$`)],
  [
    'RATE',
    new RegExp(
      String.raw`^(?:%\s*${TAX}?|tipo(?:\s*(?:${TAX}|impositivo|%))?\s*%?|${TAX}\s*%|rate|tasa|%\s*tipo)$`,
    ),
  ],
  [
    'QUOTA',
    new RegExp(String.raw`^(?:cuota(?:\s*${TAX})?|(?:importe\s*)?${TAX}|${TAX}\s*amount|tax(?:\s*amount)?)$`),
  ],
  [
    'BASE',
    /^(?:b\.?\s*imp(?:onible)?\.?|base(?:\s*imp(?:onible)?\.?)?|bases?\s*imponibles?|taxable(?:\s*amount)?|net(?:\s*amount)?|neto|importe\s*neto|subtotal)$/,
  ],
  ['OTHER', /^(?:total|importe|total\s*(?:linea|fila)?)$/],
];

/** A withholding table ("Tipo | Base | % Ret. | Cuota Ret.") is IRPF, read by its label elsewhere. */
const WITHHOLDING = /\bret\b|\bret\.|retenc|irpf|withholding/;

const kindOf = (text: string): ColumnKind | null => {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^[^a-z%]+|[\s:.*]+$/g, '')
    .replace(/\s+/g, ' ');
  for (const [kind, re] of HEADERS) if (re.test(plain)) return kind;
  return null;
};

/**
 * The columns a header cell names: one, or several when the layout glued two headers with a single
 * space ("Tipo Base imponible"): the longest run of words that names a column, then the next.
 */
function columnsOf(cell: Cell): Column[] {
  const whole = kindOf(cell.text);
  if (whole) return [{ kind: whole, start: cell.start, end: cell.end }];
  const words = [...cell.text.matchAll(/\S+/g)].map((m) => ({
    start: cell.start + m.index,
    end: cell.start + m.index + m[0].length,
  }));
  const text = (i: number, j: number) =>
    cell.text.slice(words[i]!.start - cell.start, words[j - 1]!.end - cell.start);
  const cols: Column[] = [];
  for (let i = 0; i < words.length; ) {
    let j = words.length;
    for (; j > i; j--) {
      const kind = kindOf(text(i, j));
      if (kind) {
        cols.push({ kind, start: words[i]!.start, end: words[j - 1]!.end });
        break;
      }
    }
    i = j > i ? j : i + 1;
  }
  return cols;
}

/** The header's columns, when the line names at least a base or a quota and one more column. */
function headerColumns(line: Line): Column[] | null {
  if (numberTokens(line.text).some((t) => t.decimals) || WITHHOLDING.test(line.plain)) return null;
  const cols = line.cells.flatMap(columnsOf);
  const kinds = new Set(cols.map((c) => c.kind));
  if (!(kinds.has('BASE') || kinds.has('QUOTA')) || kinds.size < 2) return null;
  if (!kinds.has('RATE') && !kinds.has('BASE')) return null;
  return cols;
}

/** How far a number sits from a column: 0 when they overlap, else the nearest edge or centre. */
function distance(t: NumberToken, c: Column): number {
  if (Math.min(t.end, c.end) - Math.max(t.start, c.start) > 0) return 0;
  const tc = (t.start + t.end) / 2;
  const cc = (c.start + c.end) / 2;
  return Math.min(Math.abs(t.end - c.end), Math.abs(t.start - c.start), Math.abs(tc - cc));
}

/**
 * Numbers to columns, order kept (an alignment: each number to one column or none, each column one
 * number at most), by least total distance; a number left out costs as much as a far column.
 */
function align(tokens: NumberToken[], cols: Column[]): Map<ColumnKind, NumberToken> {
  const SKIP = 40;
  const n = tokens.length;
  const m = cols.length;
  const cost: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) cost[i]![0] = i * SKIP;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      cost[i]![j] = Math.min(
        cost[i - 1]![j - 1]! + distance(tokens[i - 1]!, cols[j - 1]!),
        cost[i - 1]![j]! + SKIP,
        cost[i]![j - 1]!,
      );
  const out = new Map<ColumnKind, NumberToken>();
  for (let i = n, j = m; i > 0 && j > 0; ) {
    const here = cost[i]![j]!;
    if (here === cost[i - 1]![j - 1]! + distance(tokens[i - 1]!, cols[j - 1]!)) {
      if (!out.has(cols[j - 1]!.kind)) out.set(cols[j - 1]!.kind, tokens[i - 1]!);
      i--;
      j--;
    } else if (here === cost[i - 1]![j]! + SKIP) i--;
    else j--;
  }
  return out;
}

const signedReadings = (t: NumberToken): number[] => (t.negative ? t.readings.map((c) => -c) : t.readings);
/** A rate as printed in its column: "21", "21 %", "5,2", "10,00": the same number in basis points. */
const rateOf = (t: NumberToken | undefined, allowed: ReadonlySet<number>): number | null =>
  t && !t.negative && allowed.has(t.value) ? t.value : null;

/** One value row: base, rate and quota by column, else any triple of the row that closes. */
function rowOf(line: Line, cols: Column[]): TaxRow | null {
  const tokens = numberTokens(line.text);
  if (tokens.length < 2) return null;
  const by = align(tokens, cols);
  const candidates: { base: NumberToken; rate: number; quota: NumberToken | null }[] = [];
  const base = by.get('BASE');
  const rate = rateOf(by.get('RATE'), TAX_RATES_BP);
  if (base && rate !== null) candidates.push({ base, rate, quota: by.get('QUOTA') ?? null });
  // OCR moved a column: every ordered (base, rate, quota) of the row, the arithmetic decides.
  for (const b of tokens.filter((t) => t.decimals && !t.percent))
    for (const r of tokens.filter((t) => t !== b && TAX_RATES_BP.has(t.value) && !t.negative))
      for (const q of tokens.filter((t) => t !== b && t !== r && t.decimals && !t.percent))
        candidates.push({ base: b, rate: r.value, quota: q });
  for (const c of candidates) {
    for (const bc of signedReadings(c.base)) {
      const quotas = c.quota ? signedReadings(c.quota) : [];
      const qc = quotas.find((q) => quotaCloses(bc, c.rate, q));
      if (qc === undefined) continue;
      const used = [c.base, c.quota];
      return {
        line: line.index,
        rateBp: c.rate,
        baseCents: bc,
        quotaCents: qc,
        recargo: recargoOf(
          tokens.filter((t) => !used.includes(t)),
          by,
          bc,
        ),
        labelled: true,
      };
    }
  }
  return null;
}

/** The recargo of a row: its quota closes with the base at a recargo rate (the printed one, else the one that closes). */
function recargoOf(rest: NumberToken[], by: Map<ColumnKind, NumberToken>, base: number): TaxRow['recargo'] {
  const printed = rateOf(by.get('RE_RATE'), RECARGO_RATES_BP);
  const quotas = [by.get('RE_QUOTA'), ...rest.filter((t) => t.decimals && !t.percent)].filter(
    (t): t is NumberToken => t !== undefined && rest.includes(t),
  );
  for (const q of quotas) {
    for (const qc of signedReadings(q)) {
      if (printed !== null && quotaCloses(base, printed, qc)) return { rateBp: printed, quotaCents: qc };
      // An unreadable rate ("114" for "1,4"): the recargo rate the quota proves.
      const proved = [...RECARGO_RATES_BP].filter((r) => quotaCloses(base, r, qc));
      if (proved.length === 1) return { rateBp: proved[0]!, quotaCents: qc };
    }
  }
  return null;
}

/** The rows of every header-led tax table (one list per table), and the lines they used. */
export function readColumnTables(lines: Line[]): { tables: TaxRow[][]; used: Set<number> } {
  const tables: TaxRow[][] = [];
  const used = new Set<number>();
  for (const header of lines) {
    const cols = headerColumns(header);
    if (!cols) continue;
    const rows: TaxRow[] = [];
    let misses = 0;
    for (let i = header.index + 1; i < lines.length && i <= header.index + 60; i++) {
      const line = lines[i]!;
      if (line.page !== header.page) break;
      if (line.cells.length === 0) continue;
      if (TOTAL_WORD.test(line.plain) || WITHHOLDING.test(line.plain) || headerColumns(line)) break;
      const row = rowOf(line, cols);
      if (row) {
        rows.push(row);
        used.add(line.index);
        misses = 0;
      } else if (++misses >= 2 || rows.length > 0) break;
    }
    if (rows.length > 0) tables.push(rows);
  }
  return { tables, used };
}
