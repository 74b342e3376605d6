/**
 * A minimal Office Open XML (SpreadsheetML) writer: the smallest part set Excel and LibreOffice
 * open without repair ([Content_Types].xml, _rels/.rels, xl/workbook.xml, its rels, xl/styles.xml,
 * xl/sharedStrings.xml and one xl/worksheets/sheetN.xml per sheet), zipped with fflate.
 *
 * Cells: text (shared strings), numbers, booleans, dates (real Excel serial numbers with a date
 * format) and money (numbers in euros with the `#,##0.00 "€"` format). Text cells are neutralised
 * against formula injection (formula-injection.ts); numbers stay numbers. The header row is bold and
 * frozen; columns get their widths.
 */

import { strToU8, zipSync } from 'fflate';
import { neutraliseText } from './formula-injection';
import { escapeXml } from './xml';

export type ColumnKind = 'text' | 'number' | 'integer' | 'money' | 'date';

export interface SheetColumn {
  header: string;
  kind?: ColumnKind;
  /** Width in characters; from the header and the kind when absent. */
  width?: number;
}

/** A date column takes an ISO date (`2026-03-15`) or a Date; a money column takes euros (12.5). */
export type CellValue = string | number | boolean | Date | null | undefined;

export interface SheetSpec {
  name: string;
  columns: SheetColumn[];
  rows: CellValue[][];
  /** Freezes the header row (default true). */
  freezeHeader?: boolean;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Style indexes of xl/styles.xml (cellXfs). */
const STYLE = { default: 0, header: 1, date: 2, money: 3, integer: 4 } as const;
export const DATE_FORMAT_CODE = 'dd/mm/yyyy';
export const MONEY_FORMAT_CODE = '#,##0.00 "€"';

/** Column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);

/** Excel's serial day number of an ISO date (the 1900 date system, valid from 1900-03-01). */
export function excelSerial(date: string | Date): number | undefined {
  if (date instanceof Date) {
    const t = date.getTime();
    return Number.isFinite(t) ? (t - EPOCH_1899_12_30) / 86_400_000 : undefined;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(t).toISOString().slice(0, 10);
  return back === date ? (t - EPOCH_1899_12_30) / 86_400_000 : undefined;
}

/**
 * ST_Xstring: characters XML cannot carry are written `_xHHHH_`, and an existing `_xHHHH_`
 * sequence protects its underscore as `_x005F_` so it reads back literally (ECMA-376 §22.9.2.19).
 */
export const encodeXstring = (s: string): string =>
  s
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to encode
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => {
      return `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
    });

const textElement = (s: string): string => {
  const body = escapeXml(encodeXstring(s));
  const preserve = /^\s|\s$|[\n\t\r]/.test(s) ? ' xml:space="preserve"' : '';
  return `<t${preserve}>${body}</t>`;
};

/** Sheet names: at most 31 characters, none of `[]:*?/\`, unique (case-insensitive) in the book. */
export function safeSheetName(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31) || 'Hoja';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    candidate = base.slice(0, 31 - suffix.length) + suffix;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

class SharedStrings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  count = 0;

  add(s: string): number {
    this.count += 1;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }

  xml(): string {
    const items = this.list.map((s) => `<si>${textElement(s)}</si>`).join('');
    return `${XML_DECL}<sst xmlns="${NS_MAIN}" count="${this.count}" uniqueCount="${this.list.length}">${items}</sst>`;
  }
}

const defaultWidth = (c: SheetColumn): number => {
  const byKind = c.kind === 'money' ? 14 : c.kind === 'date' ? 12 : c.kind === 'text' || !c.kind ? 16 : 10;
  return Math.min(60, Math.max(byKind, c.header.length + 2));
};

/** A finite number as `<v>` text (-0 is written 0). */
const numberText = (n: number): string => (Object.is(n, -0) ? '0' : String(n));

function cellXml(ref: string, value: CellValue, kind: ColumnKind, strings: SharedStrings): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (kind === 'date' && (typeof value === 'string' || value instanceof Date)) {
    const serial = excelSerial(value);
    if (serial !== undefined) return `<c r="${ref}" s="${STYLE.date}"><v>${numberText(serial)}</v></c>`;
  }
  if (value instanceof Date) {
    const serial = excelSerial(value);
    if (serial === undefined) return '';
    return `<c r="${ref}" s="${STYLE.date}"><v>${numberText(serial)}</v></c>`;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const style = kind === 'money' ? STYLE.money : kind === 'integer' ? STYLE.integer : STYLE.default;
    const s = style === STYLE.default ? '' : ` s="${style}"`;
    return `<c r="${ref}"${s}><v>${numberText(value)}</v></c>`;
  }
  return `<c r="${ref}" t="s"><v>${strings.add(neutraliseText(value))}</v></c>`;
}

function sheetXml(sheet: SheetSpec, strings: SharedStrings): string {
  const cols = sheet.columns
    .map(
      (c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? defaultWidth(c)}" customWidth="1"/>`,
    )
    .join('');
  const header = sheet.columns
    .map((c, i) => `<c r="${columnName(i)}1" s="${STYLE.header}" t="s"><v>${strings.add(c.header)}</v></c>`)
    .join('');
  const rows = [`<row r="1">${header}</row>`];
  sheet.rows.forEach((row, r) => {
    const n = r + 2;
    const cells = row
      .map((v, i) => cellXml(`${columnName(i)}${n}`, v, sheet.columns[i]?.kind ?? 'text', strings))
      .join('');
    rows.push(cells ? `<row r="${n}">${cells}</row>` : `<row r="${n}"/>`);
  });
  const width = Math.max(1, sheet.columns.length, ...sheet.rows.map((r) => r.length));
  const dimension = `A1:${columnName(width - 1)}${sheet.rows.length + 1}`;
  const freeze =
    sheet.freezeHeader === false
      ? '<sheetView workbookViewId="0"/>'
      : '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView>';
  return (
    `${XML_DECL}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    `<dimension ref="${dimension}"/><sheetViews>${freeze}</sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData>${rows.join('')}</sheetData></worksheet>`
  );
}

const STYLES_XML =
  `${XML_DECL}<styleSheet xmlns="${NS_MAIN}">` +
  `<numFmts count="2"><numFmt numFmtId="164" formatCode="${escapeXml(DATE_FORMAT_CODE)}"/>` +
  `<numFmt numFmtId="165" formatCode="${escapeXml(MONEY_FORMAT_CODE)}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** The parts of the package by path (exported for the well-formedness tests). */
export function xlsxParts(sheets: SheetSpec[]): Record<string, string> {
  if (sheets.length === 0) throw new Error('A workbook needs at least one sheet');
  const strings = new SharedStrings();
  const taken = new Set<string>();
  const names = sheets.map((s) => safeSheetName(s.name, taken));
  const parts: Record<string, string> = {};
  sheets.forEach((s, i) => {
    parts[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(s, strings);
  });
  const sheetOverrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  parts['[Content_Types].xml'] =
    `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
    `${sheetOverrides}</Types>`;
  parts['_rels/.rels'] =
    `${XML_DECL}<Relationships xmlns="${NS_PKG_REL}">` +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
    '</Relationships>';
  parts['xl/workbook.xml'] =
    `${XML_DECL}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    '<bookViews><workbookView/></bookViews><sheets>' +
    names.map((n, i) => `<sheet name="${escapeXml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
    '</sheets></workbook>';
  const n = sheets.length;
  parts['xl/_rels/workbook.xml.rels'] =
    `${XML_DECL}<Relationships xmlns="${NS_PKG_REL}">` +
    sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join('') +
    `<Relationship Id="rId${n + 1}" Type="${NS_REL}/styles" Target="styles.xml"/>` +
    `<Relationship Id="rId${n + 2}" Type="${NS_REL}/sharedStrings" Target="sharedStrings.xml"/>` +
    '</Relationships>';
  parts['xl/styles.xml'] = STYLES_XML;
  // Written last: the sheets above registered their strings.
  parts['xl/sharedStrings.xml'] = strings.xml();
  return parts;
}

/** The .xlsx file of the sheets, zipped (DEFLATE). */
export function writeXlsx(sheets: SheetSpec[]): Uint8Array {
  const parts = xlsxParts(sheets);
  // [Content_Types].xml first, as Office writes it (some readers sniff the first entry).
  const ordered = ['[Content_Types].xml', ...Object.keys(parts).filter((k) => k !== '[Content_Types].xml')];
  const files: Record<string, Uint8Array> = {};
  for (const k of ordered) files[k] = strToU8(parts[k]!);
  // A fixed timestamp keeps the bytes reproducible.
  return zipSync(files, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}
