/**
 * RFC 4180 CSV. The writer emits UTF-8 with a BOM and CRLF line ends, `;` as separator by default
 * (what Excel in es-ES expects, since `,` is the decimal separator there), quoting a field when it
 * holds the separator, a quote, CR or LF, and neutralising text cells that could start a formula
 * (formula-injection.ts). The reader detects the separator (`;`, `,` or tab) from
 * the first record, handles quoted fields with doubled quotes and embedded newlines, strips a BOM
 * and falls back to Windows-1252 when the bytes are not UTF-8 (Excel's "CSV" save on Windows).
 */

import { esAmount, neutraliseText } from './formula-injection';

export type CsvSeparator = ';' | ',' | '\t';

/** An amount in céntimos, written es-ES (`-1.234,56`): formatted here, so never neutralised. */
export interface CsvMoney {
  readonly cents: number;
}

/**
 * A string is text and is neutralised against formula injection (formula-injection.ts); a number
 * and a CsvMoney are data we produce and are written as they are.
 */
export type CsvCell = string | number | CsvMoney | null | undefined;

export const csvMoney = (cents: number): CsvMoney => ({ cents });

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';

export interface CsvWriteOptions {
  separator?: CsvSeparator;
  /** Prefix the UTF-8 byte order mark (default true). */
  bom?: boolean;
}

function field(value: CsvCell, separator: string): string {
  if (value === null || value === undefined) return '';
  const s =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? neutraliseText(value)
        : esAmount(value.cents);
  return s.includes(separator) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text; a row that is one empty field is written `""` so it reads back as a row. */
export function writeCsv(rows: CsvCell[][], options: CsvWriteOptions = {}): string {
  const sep = options.separator ?? ';';
  const lines = rows.map((row) => {
    if (row.length === 1 && (row[0] === '' || row[0] === null || row[0] === undefined)) return '""';
    return row.map((v) => field(v, sep)).join(sep);
  });
  return (options.bom === false ? '' : BOM) + lines.map((l) => `${l}\r\n`).join('');
}

export const csvBytes = (rows: CsvCell[][], options: CsvWriteOptions = {}): Uint8Array =>
  new TextEncoder().encode(writeCsv(rows, options));

/** Decodes uploaded bytes: UTF-8 (BOM stripped), or Windows-1252 when they are not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** The separator of the first record: the most frequent of `;`, `,` and tab outside quotes (`;` on ties). */
export function detectSeparator(text: string): CsvSeparator {
  const counts: Record<CsvSeparator, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) counts[ch] += 1;
  }
  const order: CsvSeparator[] = [';', ',', '\t'];
  return order.reduce((best, s) => (counts[s] > counts[best] ? s : best), ';');
}

export interface CsvReadResult {
  separator: CsvSeparator;
  rows: string[][];
}

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

/** Parses CSV text (or bytes). A final line end does not make an empty last row. */
export function readCsv(
  input: string | Uint8Array,
  options: { separator?: CsvSeparator } = {},
): CsvReadResult {
  let text = typeof input === 'string' ? input : decodeText(input);
  if (text.startsWith(BOM)) text = text.slice(1);
  const sep = options.separator ?? detectSeparator(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let atFieldStart = true;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
    atFieldStart = true;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (atFieldStart && ch === '"') {
      // Quoted field: runs to the closing quote; "" is a literal quote.
      i += 1;
      for (;;) {
        if (i >= text.length) throw new CsvError('Hay un campo entre comillas sin cerrar.');
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        cell += c;
        i += 1;
      }
      atFieldStart = false;
      // Tolerate text after the closing quote up to the next separator (Excel does).
      continue;
    }
    if (ch === sep) {
      row.push(cell);
      cell = '';
      atFieldStart = true;
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      atFieldStart = false;
      i += 1;
    }
  }
  if (!atFieldStart || cell !== '' || row.length > 0) endRow();
  return { separator: sep, rows };
}
