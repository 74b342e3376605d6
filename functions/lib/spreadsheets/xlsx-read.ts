/**
 * Reads the first worksheet of an .xlsx into rows of cells: shared and inline strings, numbers,
 * booleans, errors (as their text) and dates (numbers whose style has a date format, returned as
 * ISO `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS` when they carry a time). The content is checked, not
 * the file name: a ZIP (magic bytes) holding xl/workbook.xml, else SpreadsheetError NOT_XLSX.
 */

import { strFromU8, type UnzipFileInfo, unzipSync } from 'fflate';
import { childElements, firstChild, localName, parseXml, textOf, type XmlElement, XmlError } from './xml';

export type ReadCell = string | number | boolean | null;

export interface ReadSheet {
  name: string;
  rows: ReadCell[][];
}

export type SpreadsheetErrorReason = 'NOT_XLSX' | 'TOO_LARGE' | 'MALFORMED';

/** A file the reader refuses; the caller turns it into its API error. */
export class SpreadsheetError extends Error {
  constructor(
    readonly reason: SpreadsheetErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

/** Uncompressed bytes the reader accepts per part (a guard against ZIP bombs). */
export const MAX_PART_BYTES = 64 * 1024 * 1024;

export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** `_xHHHH_` escapes of ST_Xstring back to their characters. */
export const decodeXstring = (s: string): string =>
  s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : s;

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30 and common locale ids). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Whether a custom format code shows a date: d, m, y, h or s outside quotes, escapes and [..]. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .split(';')[0]!;
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

const MS_PER_DAY = 86_400_000;
const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);

export function serialToIso(serial: number, date1904 = false): string {
  const days = date1904 ? serial + 1462 : serial;
  const ms = Math.round(days * MS_PER_DAY);
  const iso = new Date(EPOCH_1899_12_30 + ms).toISOString();
  return ms % MS_PER_DAY === 0 ? iso.slice(0, 10) : iso.slice(0, 19);
}

/** A1 -> column index 0. */
export function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/i.exec(ref)?.[0]?.toUpperCase() ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  if (!isZip(bytes)) throw new SpreadsheetError('NOT_XLSX', 'El archivo no es un libro de Excel (.xlsx).');
  try {
    return unzipSync(bytes, {
      filter: (f: UnzipFileInfo) => {
        if (f.originalSize > MAX_PART_BYTES) {
          throw new SpreadsheetError('TOO_LARGE', 'El libro de Excel es demasiado grande.');
        }
        return f.name.endsWith('.xml') || f.name.endsWith('.rels');
      },
    });
  } catch (e) {
    if (e instanceof SpreadsheetError) throw e;
    throw new SpreadsheetError('NOT_XLSX', 'El archivo no es un libro de Excel (.xlsx) válido.');
  }
}

function xmlPart(files: Record<string, Uint8Array>, path: string): XmlElement | undefined {
  const bytes = files[path];
  if (!bytes) return undefined;
  try {
    return parseXml(strFromU8(bytes));
  } catch (e) {
    if (e instanceof XmlError) throw new SpreadsheetError('MALFORMED', 'El libro de Excel está dañado.');
    throw e;
  }
}

/** Resolves a relationship target against the folder of the part that owns it. */
function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** Text of a shared string item or an inline string: plain `<t>` or rich runs, without phonetics. */
function stringItemText(si: XmlElement): string {
  const parts: string[] = [];
  for (const c of childElements(si)) {
    const n = localName(c.name);
    if (n === 't') parts.push(textOf(c));
    else if (n === 'r') {
      const t = firstChild(c, 't');
      if (t) parts.push(textOf(t));
    }
  }
  return decodeXstring(parts.join(''));
}

function dateStyles(styles: XmlElement | undefined): Set<number> {
  const out = new Set<number>();
  if (!styles) return out;
  const custom = new Map<number, string>();
  const numFmts = firstChild(styles, 'numFmts');
  for (const f of numFmts ? childElements(numFmts, 'numFmt') : []) {
    custom.set(Number(f.attrs.numFmtId), f.attrs.formatCode ?? '');
  }
  const xfs = firstChild(styles, 'cellXfs');
  childElements(xfs ?? { name: '', attrs: {}, children: [] }, 'xf').forEach((xf, i) => {
    const id = Number(xf.attrs.numFmtId ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)) out.add(i);
  });
  return out;
}

export interface ReadXlsxOptions {
  /** Refuse (TOO_LARGE) a sheet with content beyond this row; guards memory against sparse giant sheets. */
  maxRows?: number;
}

/** Reads the first worksheet of an .xlsx file. */
export function readXlsx(bytes: Uint8Array, options: ReadXlsxOptions = {}): ReadSheet {
  const files = unzip(bytes);
  const workbook = xmlPart(files, 'xl/workbook.xml');
  if (!workbook) throw new SpreadsheetError('NOT_XLSX', 'El archivo no es un libro de Excel (.xlsx).');
  const sheets = firstChild(workbook, 'sheets');
  const first = sheets ? childElements(sheets, 'sheet')[0] : undefined;
  if (!first) throw new SpreadsheetError('MALFORMED', 'El libro de Excel no tiene hojas.');
  const relId = Object.entries(first.attrs).find(([k]) => localName(k) === 'id' && k !== 'sheetId')?.[1];
  const rels = xmlPart(files, 'xl/_rels/workbook.xml.rels');
  const relsList = rels ? childElements(rels, 'Relationship') : [];
  const target = relsList.find((r) => r.attrs.Id === relId)?.attrs.Target;
  const sheetPath = target ? resolveTarget('xl/workbook.xml', target) : 'xl/worksheets/sheet1.xml';
  const sheet = xmlPart(files, sheetPath);
  if (!sheet) throw new SpreadsheetError('MALFORMED', 'El libro de Excel está dañado.');

  const byType = (type: string) => relsList.find((r) => r.attrs.Type?.endsWith(`/${type}`))?.attrs.Target;
  const sstTarget = byType('sharedStrings');
  const sst = xmlPart(
    files,
    sstTarget ? resolveTarget('xl/workbook.xml', sstTarget) : 'xl/sharedStrings.xml',
  );
  const shared = sst ? childElements(sst, 'si').map(stringItemText) : [];
  const stylesTarget = byType('styles');
  const dates = dateStyles(
    xmlPart(files, stylesTarget ? resolveTarget('xl/workbook.xml', stylesTarget) : 'xl/styles.xml'),
  );
  const props = firstChild(workbook, 'workbookPr');
  const date1904 = props?.attrs.date1904 === '1' || props?.attrs.date1904 === 'true';

  const rows: ReadCell[][] = [];
  const data = firstChild(sheet, 'sheetData');
  let rowCursor = 0;
  for (const row of data ? childElements(data, 'row') : []) {
    const r = row.attrs.r ? Number(row.attrs.r) - 1 : rowCursor;
    if (!Number.isInteger(r) || r < 0)
      throw new SpreadsheetError('MALFORMED', 'El libro de Excel está dañado.');
    rowCursor = r + 1;
    const cells: ReadCell[] = [];
    let colCursor = 0;
    for (const c of childElements(row, 'c')) {
      const col = c.attrs.r ? columnIndex(c.attrs.r) : colCursor;
      colCursor = col + 1;
      const value = cellValue(c, shared, dates, date1904);
      if (value === null) continue;
      if (options.maxRows !== undefined && r >= options.maxRows) {
        throw new SpreadsheetError('TOO_LARGE', `La hoja tiene más de ${options.maxRows} filas.`);
      }
      if (col < 0 || col > 16_383) throw new SpreadsheetError('MALFORMED', 'El libro de Excel está dañado.');
      while (cells.length < col) cells.push(null);
      cells[col] = value;
    }
    while (rows.length < r) rows.push([]);
    rows[r] = cells;
  }
  return { name: first.attrs.name ?? '', rows };
}

function cellValue(c: XmlElement, shared: string[], dates: Set<number>, date1904: boolean): ReadCell {
  const t = c.attrs.t ?? 'n';
  const v = firstChild(c, 'v');
  const raw = v ? textOf(v) : undefined;
  switch (t) {
    case 's':
      return raw === undefined ? null : (shared[Number(raw)] ?? null);
    case 'inlineStr': {
      const is = firstChild(c, 'is');
      return is ? stringItemText(is) : null;
    }
    case 'str':
    case 'e':
      return raw === undefined ? null : decodeXstring(raw);
    case 'b':
      return raw === undefined ? null : raw.trim() === '1' || raw.trim().toLowerCase() === 'true';
    case 'd':
      return raw === undefined ? null : raw.trim();
    default: {
      if (raw === undefined || raw.trim() === '') return null;
      const n = Number(raw);
      if (!Number.isFinite(n)) return raw;
      return dates.has(Number(c.attrs.s ?? 0)) ? serialToIso(n, date1904) : n;
    }
  }
}
