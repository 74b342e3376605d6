/**
 * How SII values are written (SuministroInformacion.xsd v1.1 simple types): amounts
 * (ImporteSgn12.2Type, from integer céntimos), rates (Tipo2.2Type, from basis points), dates
 * (`fecha`, dd-mm-yyyy, from ISO), periods, NIFs and bounded texts (TextMaxNNType).
 *
 * Nothing is ever cut or guessed: a value the schema would refuse makes the record refused, with a
 * Spanish message naming the field, before any byte is sent. A message the XSD rejects is refused
 * whole by the AEAT (SOAP fault 4102), which would hold up every other record of the batch.
 */

/** A record the writer refuses, with the position of the record in the list given to the builder. */
export class SiiRecordError extends Error {
  override readonly name = 'SiiRecordError';
  constructor(
    /** Index of the offending record in the `records` argument (null: the header or the query). */
    readonly index: number | null,
    /** What is wrong (Spanish, names the AEAT field). */
    readonly problem: string,
  ) {
    super(index === null ? problem : `Registro ${index + 1}: ${problem}`);
  }
}

/** A problem inside one record; `SiiRecordError` once the record's position is known. */
export class FieldError extends Error {
  override readonly name = 'FieldError';
}

const fail = (message: string): never => {
  throw new FieldError(message);
};

/** Escapes the five XML special characters in a text value. */
export const escapeXml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );

/** XML 1.0 Char (§2.2): anything else cannot be written at all. */
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** Characters as the XSD counts them (code points, not UTF-16 units). */
const lengthOf = (value: string): number => [...value].length;

/**
 * A bounded text (TextMaxNNType / TextoIDFacturaType). Descriptive texts are trimmed of surrounding
 * white space (never cut); identifiers (`trim: false`) are written exactly as given, because the AEAT
 * echoes them in its answer and the answer is matched on them.
 */
export const boundedText = (
  field: string,
  value: string,
  max: number,
  { required = true, trim = true }: { required?: boolean; trim?: boolean } = {},
): string => {
  const text = trim ? value.trim() : value;
  if (!XML_CHARS.test(text)) fail(`${field} contiene caracteres que no admite XML.`);
  if (required && text === '') fail(`${field} es obligatorio.`);
  const length = lengthOf(text);
  if (length > max) fail(`${field} admite como máximo ${max} caracteres (tiene ${length}).`);
  return text;
};

/** An invoice number (NumSerieFacturaEmisor, TextoIDFacturaType: 1–60 characters), exactly as issued. */
export const invoiceNumber = (field: string, value: string): string =>
  boundedText(field, value, 60, { trim: false });

/** NIFType: 9 characters, letter+7 digits+letter, 8 digits+letter or letter+8 digits. */
const NIF = /^(([A-Za-z]\d{7}[A-Za-z])|(\d{8}[A-Za-z])|([A-Za-z]\d{8}))$/;

export const nif = (field: string, value: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return fail(`${field} es obligatorio.`);
  if (!NIF.test(value)) fail(`${field} no tiene el formato de un NIF español (${value}).`);
  return value;
};

/** ISO date 'YYYY-MM-DD' (a real calendar day) → AEAT `fecha` 'DD-MM-YYYY'. */
export const aeatDate = (field: string, iso: string | null | undefined): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return fail(`${field} no es una fecha ISO (AAAA-MM-DD): ${iso ?? 'vacía'}.`);
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() + 1 !== Number(mo) ||
    date.getUTCDate() !== Number(d)
  )
    fail(`${field} no es una fecha válida: ${iso}.`);
  return `${d}-${mo}-${y}`;
};

/** AEAT `fecha` 'DD-MM-YYYY' → ISO 'YYYY-MM-DD' (null when it is not one). */
export const isoFromAeatDate = (value: string): string | null => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

/** The last moment of the EU summer time switch (last Sunday of the month, 01:00 UTC). */
const lastSundayAt1Utc = (year: number, month: number): number => {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 86_400_000;
};

/**
 * AEAT Timestamp 'DD-MM-YYYY HH:mm:ss' (peninsular time) → ISO with the Europe/Madrid offset of that
 * moment (+02:00 in summer time: last Sunday of March to last Sunday of October, Directive 2000/84/EC).
 * Null when the text is not a timestamp.
 */
export const isoFromAeatTimestamp = (value: string): string | null => {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, d, mo, y, h, mi, s] = m as unknown as [string, string, string, string, string, string, string];
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Local summer time runs from 02:00 CET (01:00 UTC) to 03:00 CEST (01:00 UTC).
  const start = lastSundayAt1Utc(Number(y), 2);
  const end = lastSundayAt1Utc(Number(y), 9);
  const summer = asUtc - 2 * 3_600_000 >= start && asUtc - 2 * 3_600_000 < end;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${summer ? '+02:00' : '+01:00'}`;
};

/** ImporteSgn12.2Type: at most 12 integer digits. */
const MAX_AMOUNT_CENTS = 999_999_999_999_99;

/** Integer céntimos → ImporteSgn12.2Type ('1234.50', '-0.05'): euros, a dot and two decimals. */
export const amount = (field: string, cents: number): string => {
  if (!Number.isSafeInteger(cents)) return fail(`${field} no es un importe en céntimos enteros (${cents}).`);
  if (Math.abs(cents) > MAX_AMOUNT_CENTS) fail(`${field} supera el importe máximo que admite la AEAT.`);
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}${euros}.${rest < 10 ? '0' : ''}${rest}`;
};

/** Basis points → Tipo2.2Type ('21.00', '5.20', '100.00'): a percentage, never negative, below 1000. */
export const rate = (field: string, bp: number): string => {
  if (!Number.isSafeInteger(bp) || bp < 0 || bp > 99_999)
    return fail(`${field} no es un porcentaje válido en puntos básicos (${bp}).`);
  const units = Math.floor(bp / 100);
  const rest = bp % 100;
  return `${units}.${rest < 10 ? '0' : ''}${rest}`;
};

/** TipoPeriodoType values. */
const PERIODS = new Set([
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '0A',
  '1T',
  '2T',
  '3T',
  '4T',
]);

/** PeriodoLiquidacion: Ejercicio (YearType) and Periodo (TipoPeriodoType). */
export const period = (p: { year: number; period: string }): { year: string; period: string } => {
  if (!Number.isInteger(p.year) || p.year < 1000 || p.year > 9999)
    fail(`El ejercicio del periodo de liquidación no es un año válido (${p.year}).`);
  if (!PERIODS.has(p.period)) fail(`El periodo de liquidación no es válido (${p.period}).`);
  return { year: String(p.year), period: p.period };
};

/** A value of a closed list (an XSD enumeration). */
export const oneOf = <T extends string>(field: string, values: readonly T[], value: string): T => {
  if (!(values as readonly string[]).includes(value))
    fail(`${field} no admite el valor «${value}» (valores posibles: ${values.join(', ')}).`);
  return value as T;
};

/** `<p:name>value</p:name>` of an already checked value, or '' when absent. */
export const leaf = (p: string, name: string, value: string | null | undefined): string =>
  value === undefined || value === null ? '' : `<${p}:${name}>${escapeXml(value)}</${p}:${name}>`;

/** `<p:name>inner</p:name>` (inner already XML). */
export const node = (p: string, name: string, inner: string): string =>
  `<${p}:${name}>${inner}</${p}:${name}>`;
