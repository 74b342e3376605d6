/**
 * The AEAT files of the VAT models (issue 14 item 4), written from a model's record design
 * (`ModelDesign.pages`, data in ./layouts) and its computation. Pure; returns ISO-8859-1 bytes.
 *
 * Two formats (reference/tax-models.md §3):
 * - 'T' self-assessments (303, 390): `<T3030YYYYPP0000><AUX>…</AUX>` (328 positions, AEAT sheet "00"), then
 *   each page as its design gives it (`<T303` + page code + `>` … `</T303` + page code + `>`), closing
 *   `</T3030YYYYPP0000>`. No line breaks.
 * - 'BOE' informative returns (349, 347): 500-position records, type 1 (the declarant) then one type-2
 *   record per declared record; every record ends with CRLF.
 *
 * Field formatting (AEAT designs, e.g. DR303e24v200 "Nota 1/2"; NREG-349):
 * - An: left-aligned, blank-padded, upper case, no accents (Ñ and Ç kept), ISO-8859-1 only. A boolean
 *   fills a 1-position An field with 'X' (true) or a blank. Free text (names, addresses, activities) is cut
 *   to the field; any other value that does not fit is an error.
 * - Num: right-aligned, zero-padded, never negative. Amounts are céntimos (15 + 2 digits), percentages basis
 *   points (5 positions: 2100 → '02100'): both map to the digits as they are. A string must be digits.
 * - N: signed. A negative value has 'N' in the first position and its digits after; a positive one is
 *   zero-padded digits in 'T' files, and a blank sign followed by the digits in 'BOE' files (the 347 design:
 *   "N" or blank; OCA positive_sign " ").
 *
 * What fills a field is its `source`: 'box:<box>' (computation.boxes; absent = 0), 'const:<text>',
 * 'value:<name>' (the identity below, with defaults from the computation), 'record:<field>' (the declared
 * record being written, BOE only) or 'blank'.
 */

import type {
  DeclaredRecord,
  LayoutField,
  ModelComputation,
  ModelDesign,
  PageLayout,
  TaxModelType,
} from './types';

export type AeatFileErrorCode =
  | 'NEGATIVE_UNSIGNED'
  | 'NOT_AN_INTEGER'
  | 'NOT_DIGITS'
  | 'OVERFLOW'
  | 'NOT_LATIN1'
  | 'BAD_VALUE'
  | 'BAD_SOURCE'
  | 'MISSING_VALUE'
  | 'MISSING_PAGE'
  | 'WRONG_FORMAT'
  | 'LAYOUT';

/** A value that cannot be written into its field (or a design that cannot be written at all). */
export class AeatFileError extends Error {
  readonly code: AeatFileErrorCode;
  /** The field's source ('box:71', 'value:nif', 'record:amountCents'…), when the error is about one field. */
  readonly source: string | undefined;
  /** The page or record type being written ('01000', '2R'…). */
  readonly page: string | undefined;

  constructor(code: AeatFileErrorCode, message: string, where: { source?: string; page?: string } = {}) {
    super(message);
    this.name = 'AeatFileError';
    this.code = code;
    this.source = where.source;
    this.page = where.page;
  }
}

export type FileValue = string | number | boolean | null | undefined;

/**
 * The named values (`value:<name>` sources) of a file. `nif` and `name` are the declarant's; `year` and
 * `period` default to the computation's, `resultType` to computation.result.type; the 'T' envelope needs
 * `softwareNif` and `softwareVersion` (AEAT nota 1: the software developer's NIF and its version id). Every
 * other name is the one the design uses (iban, swift, sepaMark, redeme, exemptFrom390, noActivity,
 * previousReceipt, phone, contactName, declarationId, complementary…): pass the AEAT code the design asks
 * for ("1"/"2", "0"…), or a boolean for an 'X'-or-blank mark.
 */
export interface FileIdentity {
  nif: string;
  name: string;
  year?: number;
  period?: string;
  softwareNif?: string;
  softwareVersion?: string;
  [value: string]: FileValue;
}

/**
 * The fields the 347 records need beyond `DeclaredRecord` (all optional; absent = blank or zero). Defaults:
 * a record whose `country` is not 'ES' is a non-resident: its `taxId` goes to the EU VAT number field, its
 * country to the country field and province '99'; a resident's `taxId` is the NIF declared.
 */
export interface FileRecordExtras {
  residentTaxId?: string;
  euVatNumber?: string;
  representativeTaxId?: string;
  /** Two-digit province code (INE) of a resident party; '99' for a non-resident. */
  province?: string;
  insurance?: boolean;
  businessLease?: boolean;
  cashBasis?: boolean;
  reverseCharge?: boolean;
  customsWarehouse?: boolean;
  realEstateTransferCents?: number;
  realEstateQuarterCents?: readonly [number, number, number, number];
  cashBasisAnnualCents?: number;
  /** 347 property record (sheet I). */
  propertySituation?: number;
  cadastralReference?: string;
  streetType?: string;
  streetName?: string;
  numberType?: string;
  streetNumber?: number;
  numberQualifier?: string;
  block?: string;
  portal?: string;
  stairs?: string;
  floor?: string;
  door?: string;
  addressComplement?: string;
  locality?: string;
  municipality?: string;
  municipalityCode?: string;
  provinceCode?: string;
  postalCode?: string;
}

export type FileRecord = DeclaredRecord & FileRecordExtras;

export interface WriteOptions {
  /**
   * The pages of a 'T' file to write, by code. Default: the first page of the design, and every other page
   * that has a box in `computation.boxes` (zero included: a computed box belongs to the return) or a
   * page-specific value in the identity (303 page 04 only when its boxes or activity codes are given, DID
   * only with bank data; the 390's pages 05 and 08 only for the regimes that fill them).
   */
  pages?: readonly string[];
}

/** The record type each kind of declared record is written with (page codes of the BOE designs). */
const RECORD_PAGE: Record<DeclaredRecord['kind'], string> = {
  OPERATOR: '2',
  RECTIFICATION: '2R',
  PROPERTY: '2I',
};

/** Values every page of a 'T' file shares: they do not make an optional page worth writing. */
const SHARED_VALUES = new Set(['nif', 'name', 'firstName', 'year', 'period', 'resultType']);

/**
 * Free-text values (names, addresses, activity descriptions; a trailing block number ignored): longer than
 * their field, they are cut to it, as OCA's export does. Any other value that does not fit is an error.
 */
const FREE_TEXT =
  /(^|[a-z0-9])(Name|Activity|Address|City|Street|Complement|Municipality|Province|Notary)$|^(name|firstName|streetName|locality|municipality|addressComplement)$/;

interface WriteContext {
  format: 'T' | 'BOE';
  page: string;
  value: (name: string) => FileValue;
  box: (box: string) => number;
  hasBox?: (box: string) => boolean;
  record?: FileRecord;
}

// ---------------------------------------------------------------------------------------------------------
// Public API

/** The 303/390 "<T" file: envelope, the design's pages, closing tag. */
export function writeSelfAssessment(
  design: ModelDesign,
  computation: ModelComputation,
  identity: FileIdentity,
  options: WriteOptions = {},
): Uint8Array {
  if (design.fileFormat !== 'T') {
    throw new AeatFileError('WRONG_FORMAT', `${design.id} is a ${design.fileFormat} design, not a "<T" one`);
  }
  for (const name of ['softwareNif', 'softwareVersion'] as const) {
    if (!identity[name]) {
      throw new AeatFileError('MISSING_VALUE', `the "<T" envelope needs ${name}`, {
        source: `value:${name}`,
      });
    }
  }
  const year = identity.year ?? computation.year;
  const period = identity.period ?? computation.period;
  const value = valueResolver(identity, computation, { year, period });
  const box = (b: string): number => computation.boxes[b] ?? 0;
  const hasBox = (b: string): boolean => computation.boxes[b] !== undefined;
  const context = (page: string): WriteContext => ({ format: 'T', page, value, box, hasBox });

  const pages = selectPages(design.pages, options.pages, context);
  const text =
    renderPage(selfAssessmentEnvelope(design.modelType), context('00')) +
    pages.map((page) => renderPage(page, context(page.page))).join('') +
    selfAssessmentClosing(design.modelType, year, period);
  return encodeLatin1(text);
}

/** The 349/347 file: the type-1 record, then one type-2 record per declared record, each ending in CRLF. */
export function writeInformativeReturn(
  design: ModelDesign,
  computation: ModelComputation,
  identity: FileIdentity,
): Uint8Array {
  if (design.fileFormat !== 'BOE') {
    throw new AeatFileError('WRONG_FORMAT', `${design.id} is a ${design.fileFormat} design, not a BOE one`);
  }
  const year = identity.year ?? computation.year;
  const period = identity.period ?? computation.period;
  const value = valueResolver(identity, computation, { year, period });
  const box = (b: string): number => computation.boxes[b] ?? 0;
  const declarant = pageOf(design, '1');
  const lines = [renderPage(declarant, { format: 'BOE', page: '1', value, box })];
  for (const record of computation.records) {
    const page = pageOf(design, RECORD_PAGE[record.kind]);
    lines.push(renderPage(page, { format: 'BOE', page: page.page, value, box, record }));
  }
  return encodeLatin1(lines.map((line) => `${line}\r\n`).join(''));
}

/** The envelope head of a "<T" file (AEAT DR303e24v200 sheet "00", identical for every model): 328 positions. */
export function selfAssessmentEnvelope(modelType: TaxModelType | string): PageLayout {
  const f = (
    position: number,
    length: number,
    source: string,
    description: string,
    type: LayoutField['type'] = 'An',
  ): LayoutField => ({ position, length, type, source, description });
  return {
    page: '00',
    length: 328,
    fields: [
      f(1, 2, 'const:<T', 'Constante'),
      f(3, 3, `const:${modelType}`, 'Modelo'),
      f(6, 1, 'const:0', 'Discriminante'),
      f(7, 4, 'value:year', 'Ejercicio de devengo (EEEE)'),
      f(11, 2, 'value:period', 'Período (PP)'),
      f(13, 5, 'const:0000>', 'Tipo y cierre'),
      f(18, 5, 'const:<AUX>', 'Constante'),
      f(23, 70, 'blank', 'Reservado para la Administración. Rellenar con blancos'),
      f(93, 4, 'value:softwareVersion', 'Versión del Programa (Nota 1)'),
      f(97, 4, 'blank', 'Reservado para la Administración. Rellenar con blancos'),
      f(101, 9, 'value:softwareNif', 'NIF Empresa Desarrollo (Nota 1)'),
      f(110, 213, 'blank', 'Reservado para la Administración. Rellenar con blancos'),
      f(323, 6, 'const:</AUX>', 'Constante'),
    ],
  };
}

/** `</T` + model + discriminant + year + period + `0000>` (18 positions). */
export function selfAssessmentClosing(
  modelType: TaxModelType | string,
  year: number,
  period: string,
): string {
  return `</T${modelType}0${year}${period}0000>`;
}

export interface ParsedField {
  position: number;
  length: number;
  type: LayoutField['type'];
  source: string;
  /** The positions as written. */
  raw: string;
  /** An: the text without trailing blanks; Num/N: the integer (céntimos, basis points…), signed for N. */
  value: string | number;
}

/** Reads a page or record back, field by field, from `offset` (0-based) of a file or string. */
export function parseFixedWidth(file: Uint8Array | string, layout: PageLayout, offset = 0): ParsedField[] {
  const text = typeof file === 'string' ? file : decodeLatin1(file);
  const slice = text.slice(offset, offset + layout.length);
  if (slice.length !== layout.length) {
    throw new AeatFileError('LAYOUT', `page ${layout.page} needs ${layout.length} positions from ${offset}`, {
      page: layout.page,
    });
  }
  return layout.fields.map((field) => {
    const raw = slice.slice(field.position - 1, field.position - 1 + field.length);
    return { ...pick(field), raw, value: parseValue(field.type, raw) };
  });
}

/** ISO-8859-1 bytes to text (every byte is one character). */
export function decodeLatin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

// ---------------------------------------------------------------------------------------------------------
// Pages

function pageOf(design: ModelDesign, code: string): PageLayout {
  const page = design.pages.find((p) => p.page === code);
  if (!page) {
    throw new AeatFileError('MISSING_PAGE', `${design.id} has no record design '${code}'`, { page: code });
  }
  return page;
}

function selectPages(
  pages: readonly PageLayout[],
  wanted: readonly string[] | undefined,
  context: (page: string) => WriteContext,
): PageLayout[] {
  if (wanted) {
    for (const code of wanted) {
      if (!pages.some((p) => p.page === code)) {
        throw new AeatFileError('MISSING_PAGE', `the design has no page '${code}'`, { page: code });
      }
    }
    return pages.filter((p) => wanted.includes(p.page));
  }
  return pages.filter((page, index) => index === 0 || pageHasData(page, context(page.page)));
}

function pageHasData(page: PageLayout, context: WriteContext): boolean {
  return page.fields.some((field) => {
    const [kind, name] = splitSource(field.source);
    if (kind === 'box') return context.hasBox?.(name) ?? false;
    if (kind === 'value' && !SHARED_VALUES.has(name)) {
      const v = context.value(name);
      return v !== undefined && v !== null && v !== '' && v !== false;
    }
    return false;
  });
}

function renderPage(page: PageLayout, context: WriteContext): string {
  let text = '';
  for (const field of page.fields) {
    if (field.position !== text.length + 1) {
      throw new AeatFileError(
        'LAYOUT',
        `page ${page.page}: field at ${field.position} after ${text.length}`,
        {
          page: page.page,
          source: field.source,
        },
      );
    }
    text += renderField(field, context);
  }
  if (text.length !== page.length) {
    throw new AeatFileError(
      'LAYOUT',
      `page ${page.page}: ${text.length} positions, the design says ${page.length}`,
      {
        page: page.page,
      },
    );
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------------
// Fields

function splitSource(source: string): [string, string] {
  const colon = source.indexOf(':');
  return colon < 0 ? [source, ''] : [source.slice(0, colon), source.slice(colon + 1)];
}

function renderField(field: LayoutField, context: WriteContext): string {
  const [kind, name] = splitSource(field.source);
  const where = { source: field.source, page: context.page };
  switch (kind) {
    case 'blank':
      return ' '.repeat(field.length);
    case 'const': {
      if (name.length > field.length) {
        throw new AeatFileError('LAYOUT', `constant '${name}' is longer than ${field.length}`, where);
      }
      return field.type === 'An' ? name.padEnd(field.length, ' ') : name.padStart(field.length, '0');
    }
    case 'box':
      return formatValue(field, context.box(name), context.format, where);
    case 'value':
      return formatValue(field, context.value(name), context.format, where);
    case 'record': {
      if (!context.record) {
        throw new AeatFileError('BAD_SOURCE', `${field.source} outside a declared record`, where);
      }
      return formatValue(field, recordValue(context.record, name), context.format, where);
    }
    default:
      throw new AeatFileError('BAD_SOURCE', `unknown field source '${field.source}'`, where);
  }
}

function formatValue(
  field: LayoutField,
  value: FileValue,
  format: 'T' | 'BOE',
  where: { source: string; page: string },
): string {
  if (field.type === 'An') return formatText(field, value, where);
  const empty = value === undefined || value === null || value === '';
  if (typeof value === 'boolean') {
    throw new AeatFileError('BAD_VALUE', `${field.source}: a numeric field takes a number or digits`, where);
  }
  if (field.type === 'Num') {
    if (empty) return '0'.repeat(field.length);
    return fitDigits(unsignedDigits(value, where), field.length, where);
  }
  // 'N', signed
  if (empty) return format === 'T' ? '0'.repeat(field.length) : ` ${'0'.repeat(field.length - 1)}`;
  if (typeof value === 'string') {
    throw new AeatFileError('BAD_VALUE', `${field.source}: a signed field takes a number`, where);
  }
  assertInteger(value, where);
  if (value < 0) return `N${fitDigits(String(-value), field.length - 1, where)}`;
  return format === 'T'
    ? fitDigits(String(value), field.length, where)
    : ` ${fitDigits(String(value), field.length - 1, where)}`;
}

function unsignedDigits(value: string | number, where: { source: string; page: string }): string {
  if (typeof value === 'string') {
    if (!/^\d+$/.test(value))
      throw new AeatFileError('NOT_DIGITS', `${where.source}: '${value}' is not digits`, where);
    return value;
  }
  assertInteger(value, where);
  if (value < 0) {
    throw new AeatFileError('NEGATIVE_UNSIGNED', `${where.source}: ${value} in an unsigned field`, where);
  }
  return String(value);
}

function assertInteger(value: number, where: { source: string; page: string }): void {
  if (!Number.isSafeInteger(value)) {
    throw new AeatFileError('NOT_AN_INTEGER', `${where.source}: ${value} is not an integer`, where);
  }
}

function fitDigits(digits: string, length: number, where: { source: string; page: string }): string {
  if (digits.length > length) {
    throw new AeatFileError('OVERFLOW', `${where.source}: ${digits} does not fit in ${length} digits`, where);
  }
  return digits.padStart(length, '0');
}

function formatText(field: LayoutField, value: FileValue, where: { source: string; page: string }): string {
  if (value === undefined || value === null) return ' '.repeat(field.length);
  if (typeof value === 'boolean') {
    if (field.length !== 1) {
      throw new AeatFileError(
        'BAD_VALUE',
        `${field.source}: a mark (boolean) needs a 1-position field`,
        where,
      );
    }
    return value ? 'X' : ' ';
  }
  const text = aeatText(String(value), where);
  if (text.length > field.length) {
    const [, name] = splitSource(field.source);
    if (!FREE_TEXT.test(name.replace(/\d+$/, ''))) {
      throw new AeatFileError('OVERFLOW', `${field.source}: '${text}' is longer than ${field.length}`, where);
    }
    return text.slice(0, field.length);
  }
  return text.padEnd(field.length, ' ');
}

/**
 * Upper case without accents (Ñ and Ç kept), one blank for any run of white space; every character must
 * then be ISO-8859-1 and printable.
 */
export function aeatText(value: string, where: { source?: string; page?: string } = {}): string {
  let text = '';
  for (const char of value.toUpperCase()) {
    text += char === 'Ñ' || char === 'Ç' ? char : char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  text = text.replace(/\s+/g, ' ').trim();
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0xff || code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      throw new AeatFileError(
        'NOT_LATIN1',
        `'${char}' (U+${code.toString(16).toUpperCase().padStart(4, '0')}) cannot be written in ISO-8859-1`,
        where,
      );
    }
  }
  return text;
}

function encodeLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) {
      throw new AeatFileError('NOT_LATIN1', `character U+${code.toString(16)} at ${i + 1} is not ISO-8859-1`);
    }
    bytes[i] = code;
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------------------
// Values

function valueResolver(
  identity: FileIdentity,
  computation: ModelComputation,
  defaults: { year: number; period: string },
): (name: string) => FileValue {
  const records = computation.records;
  const of = (kind: DeclaredRecord['kind']) => records.filter((r) => r.kind === kind);
  const sum = (list: readonly DeclaredRecord[]) => list.reduce((total, r) => total + r.amountCents, 0);
  const derived: Record<string, () => FileValue> = {
    year: () => defaults.year,
    period: () => defaults.period,
    resultType: () => (computation.result.type === 'INFORMATIVE' ? undefined : computation.result.type),
    operatorCount: () => of('OPERATOR').length,
    operatorTotalCents: () => sum(of('OPERATOR')),
    rectificationCount: () => of('RECTIFICATION').length,
    rectificationTotalCents: () => sum(of('RECTIFICATION')),
    propertyCount: () => of('PROPERTY').length,
    propertyTotalCents: () => sum(of('PROPERTY')),
  };
  return (name) => {
    const given = identity[name];
    if (given !== undefined) return given;
    return derived[name]?.();
  };
}

const QUARTER = { q1: 0, q2: 1, q3: 2, q4: 3 } as const;
const REAL_ESTATE_QUARTER = { realEstateQ1: 0, realEstateQ2: 1, realEstateQ3: 2, realEstateQ4: 3 } as const;

function recordValue(record: FileRecord, name: string): FileValue {
  const resident = !record.country || record.country === 'ES';
  if (name in QUARTER) return record.quarterAmountsCents?.[QUARTER[name as keyof typeof QUARTER]];
  if (name in REAL_ESTATE_QUARTER) {
    return record.realEstateQuarterCents?.[REAL_ESTATE_QUARTER[name as keyof typeof REAL_ESTATE_QUARTER]];
  }
  switch (name) {
    case 'residentTaxId':
      return record.residentTaxId ?? (resident ? record.taxId : undefined);
    case 'euVatNumber':
      return record.euVatNumber ?? (resident ? undefined : record.taxId);
    case 'nonResidentCountry':
      return resident ? undefined : record.country;
    case 'province':
      return record.province ?? (resident ? undefined : '99');
    default: {
      const v = (record as unknown as Record<string, unknown>)[name];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
      throw new AeatFileError('BAD_SOURCE', `record:${name} is not a single value`, {
        source: `record:${name}`,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading back

function pick(field: LayoutField): Omit<ParsedField, 'raw' | 'value'> {
  return { position: field.position, length: field.length, type: field.type, source: field.source };
}

function parseValue(type: LayoutField['type'], raw: string): string | number {
  if (type === 'An') return raw.replace(/ +$/, '');
  if (type === 'Num') return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  const sign = raw[0];
  const digits = sign === 'N' || sign === ' ' ? raw.slice(1) : raw;
  if (!/^\d+$/.test(digits)) return Number.NaN;
  return sign === 'N' ? -Number(digits) : Number(digits);
}
