/**
 * The banking judge's own Norma 43 writer (AEB Cuaderno 43, June 2012 edition; digest in
 * ../shared/reference/banking-accounting.md A1). Written from the booklet's record layouts, never
 * from the product's parser: records 11 / 22 / 23 / 33 / 88 of 80 characters, ISO-8859-1 bytes,
 * CRLF or LF, optionally right-trimmed lines and a trailing Ctrl-Z (0x1A) as real banks send them.
 *
 * Also the judge's own CCC control digits and Spanish IBAN (ISO 13616, mod 97-10), so the accounts
 * the product derives from record 11 can be checked.
 */

/** One movement (record 22 and its 23 concept lines). `amountCents` is signed: + abono, − cargo. */
export interface N43Movement {
  bookingDate: string;
  valueDate: string;
  /** Concepto común, 2 digits (Annex 2). */
  commonConcept: string;
  /** Concepto propio, 3 characters. */
  ownConcept: string;
  amountCents: number;
  /** Document number (10 digits). */
  documentNumber: string;
  /** Referencia 1 (12 digits) and 2 (16 characters); blank in modalidad 1 here. */
  reference1: string;
  reference2: string;
  /** Up to 5 concept lines, each up to 76 characters (concepto A 38 + concepto B 38). */
  concepts: string[];
  /** Oficina origen (record 22 positions 7-10). */
  originOffice: string;
}

export interface N43Account {
  entity: string;
  office: string;
  /** The 10-digit account number of the CCC. */
  accountNumber: string;
  from: string;
  to: string;
  /** Signed: negative is a debit (deudor) balance. */
  openingCents: number;
  /** ISO 4217 numeric; 978 = EUR. */
  currency: string;
  modalidad: 1 | 3;
  holder: string;
  movements: N43Movement[];
}

export interface N43Layout {
  eol: '\r\n' | '\n';
  /** Drop the trailing spaces of every line (many banks do). */
  rightTrim: boolean;
  /** Append a Ctrl-Z (0x1A) after the last line. */
  ctrlZ: boolean;
}

const WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** One CCC control digit over 10 digits (Orden EHA/2064/2008 annex; the classic 11 − Σ mod 11). */
function cccDigit(ten: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(ten[i]) * WEIGHTS[i]!;
  const d = 11 - (sum % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

/** The two CCC control digits of entity + office + account number. */
export function cccControl(entity: string, office: string, accountNumber: string): string {
  return `${cccDigit(`00${entity}${office}`)}${cccDigit(accountNumber)}`;
}

/** The 20-digit CCC. */
export const ccc = (a: Pick<N43Account, 'entity' | 'office' | 'accountNumber'>): string =>
  `${a.entity}${a.office}${cccControl(a.entity, a.office, a.accountNumber)}${a.accountNumber}`;

/** mod 97 of a long digit string. */
function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
}

/** The Spanish IBAN of a CCC (ES = 14 28; check digits 98 − mod97(BBAN + 142800)). */
export function ibanOfCcc(cccDigits: string): string {
  const check = 98 - mod97(`${cccDigits}142800`);
  return `ES${String(check).padStart(2, '0')}${cccDigits}`;
}

export const ibanOf = (a: Pick<N43Account, 'entity' | 'office' | 'accountNumber'>): string =>
  ibanOfCcc(ccc(a));

const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const num = (n: number, width: number) => {
  const s = String(n);
  if (s.length > width || n < 0) throw new Error(`N43 writer: ${n} does not fit ${width} digits`);
  return s.padStart(width, '0');
};
const alpha = (s: string, width: number) => s.slice(0, width).padEnd(width, ' ');
/** 1 = debit (deudor / cargo), 2 = credit (acreedor / abono). */
const sign = (cents: number) => (cents < 0 ? '1' : '2');

/** Record 11, account header. */
export function record11(a: N43Account): string {
  return [
    '11',
    a.entity,
    a.office,
    a.accountNumber,
    yymmdd(a.from),
    yymmdd(a.to),
    sign(a.openingCents),
    num(Math.abs(a.openingCents), 14),
    a.currency,
    String(a.modalidad),
    alpha(a.holder, 26),
    '   ',
  ].join('');
}

/** Record 22, movement. */
export function record22(m: N43Movement, modalidad: 1 | 3): string {
  return [
    '22',
    '    ',
    m.originOffice,
    yymmdd(m.bookingDate),
    yymmdd(m.valueDate),
    m.commonConcept,
    m.ownConcept,
    sign(m.amountCents),
    num(Math.abs(m.amountCents), 14),
    m.documentNumber,
    modalidad === 3 ? m.reference1 : alpha(m.reference1, 12),
    alpha(m.reference2, 16),
  ].join('');
}

/** Records 23 (01…05): concepto A and B of 38 characters each. */
export function records23(m: N43Movement): string[] {
  return m.concepts
    .slice(0, 5)
    .map(
      (c, i) => `23${String(i + 1).padStart(2, '0')}${alpha(c.slice(0, 38), 38)}${alpha(c.slice(38), 38)}`,
    );
}

export interface AccountTotals {
  debitCount: number;
  debitCents: number;
  creditCount: number;
  creditCents: number;
  closingCents: number;
}

export function totalsOf(a: N43Account): AccountTotals {
  const debits = a.movements.filter((m) => m.amountCents < 0);
  const credits = a.movements.filter((m) => m.amountCents > 0);
  const debitCents = debits.reduce((s, m) => s - m.amountCents, 0);
  const creditCents = credits.reduce((s, m) => s + m.amountCents, 0);
  return {
    debitCount: debits.length,
    debitCents,
    creditCount: credits.length,
    creditCents,
    closingCents: a.openingCents + creditCents - debitCents,
  };
}

/** Record 33, account footer. */
export function record33(a: N43Account, t: AccountTotals = totalsOf(a)): string {
  return [
    '33',
    a.entity,
    a.office,
    a.accountNumber,
    num(t.debitCount, 5),
    num(t.debitCents, 14),
    num(t.creditCount, 5),
    num(t.creditCents, 14),
    sign(t.closingCents),
    num(Math.abs(t.closingCents), 14),
    a.currency,
    '    ',
  ].join('');
}

/** Record 88, end of file: the number of records before it. */
export const record88 = (records: number): string => `88${'9'.repeat(18)}${num(records, 6)}${' '.repeat(54)}`;

/** Every line of the file (without line ends), 80 characters each. */
export function n43Lines(accounts: N43Account[]): string[] {
  const lines: string[] = [];
  for (const a of accounts) {
    lines.push(record11(a));
    for (const m of a.movements) lines.push(record22(m, a.modalidad), ...records23(m));
    lines.push(record33(a));
  }
  lines.push(record88(lines.length));
  for (const [i, l] of lines.entries())
    if (l.length !== 80) throw new Error(`N43 writer: line ${i + 1} has ${l.length} characters: ${l}`);
  return lines;
}

/** The file's bytes in ISO-8859-1 with the given layout. */
export function n43Bytes(lines: string[], layout: N43Layout): Buffer {
  const body = lines.map((l) => (layout.rightTrim ? l.trimEnd() : l)).join(layout.eol) + layout.eol;
  for (const ch of body)
    if (ch.charCodeAt(0) > 0xff) throw new Error(`N43 writer: '${ch}' is not ISO-8859-1`);
  const bytes = Buffer.from(body, 'latin1');
  return layout.ctrlZ ? Buffer.concat([bytes, Buffer.from([0x1a])]) : bytes;
}
