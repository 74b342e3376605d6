/**
 * A small Norma 43 writer for the demo seed (infra/local/seed-banking.ts): the statement a Spanish bank
 * sends, built from the demo company's own documents. Layout of AEB Cuaderno 43 (June 2012), the one
 * functions/domains/banking/model/n43/parse.ts reads: 80-column records 11 (account header), 22
 * (movement), 23 (concept lines, up to five), 33 (account footer with counts, sums and the closing
 * balance) and 88 (end of file), CRLF, ISO-8859-1 (the character set banks still use for N43).
 * Modalidad 3: the concept lines follow Annex 4 (SEPA transfers: 23-01 the ordering party's name;
 * SEPA direct debits: 23-01 scheme + creditor name, 23-02 creditor identifier + mandate reference).
 */

import { cccControlDigits, ibanCheckDigits } from '@shared/fiscal/iban';

export interface N43DemoAccount {
  bankCode: string;
  branchCode: string;
  accountNumber: string;
  holderName: string;
  /** First and last day of the statement (ISO). */
  fromDate: string;
  toDate: string;
  /** Balance the day before `fromDate`, céntimos (negative: deudor). */
  openingCents: number;
}

export interface N43DemoMovement {
  bookingDate: string;
  valueDate?: string;
  /** Signed céntimos: + abono (haber), − cargo (debe). */
  amountCents: number;
  /** Concepto común (Annex 2), two digits. */
  commonConcept: string;
  /** Concepto propio of the bank, three characters. */
  ownConcept?: string;
  documentNumber?: string;
  reference1?: string;
  reference2?: string;
  /** Record 23 lines: [code '01'…'05', text of positions 5-80 (76 characters)]. */
  concepts: { code: '01' | '02' | '03' | '04' | '05'; text: string }[];
}

export interface N43DemoFile {
  /** ISO-8859-1 bytes. */
  bytes: Buffer;
  iban: string;
  closingCents: number;
  /** Movements with their amounts (zero amounts are never written). */
  movementCount: number;
}

const RECORD = 80;

/** The Spanish IBAN of a CCC (AEB control digits, ISO 7064 MOD 97-10 check digits). */
export function ibanOfAccount(a: Pick<N43DemoAccount, 'bankCode' | 'branchCode' | 'accountNumber'>): string {
  const bban = `${a.bankCode}${a.branchCode}${cccControlDigits(a.bankCode, a.branchCode, a.accountNumber)}${a.accountNumber}`;
  return `ES${ibanCheckDigits('ES', bban)}${bban}`;
}

const yymmdd = (iso: string) => `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
const num = (n: number, width: number) => {
  const s = String(n);
  if (n < 0 || !Number.isInteger(n) || s.length > width)
    throw new Error(`N43: ${n} does not fit ${width} digits`);
  return s.padStart(width, '0');
};
const text = (s: string, width: number) => s.slice(0, width).padEnd(width, ' ');
/** Balance sign: 1 deudor, 2 acreedor. */
const sign = (cents: number) => (cents < 0 ? '1' : '2');

function record(parts: string[]): string {
  const r = parts.join('');
  if (r.length !== RECORD) throw new Error(`N43: a record of ${r.length} characters: «${r}»`);
  // Banks right-trim some records; the full 80 columns are as valid and easier to read.
  return r;
}

/** Writes one account's statement; movements in booking-date order (the writer sorts them). */
export function buildN43(account: N43DemoAccount, movements: readonly N43DemoMovement[]): N43DemoFile {
  const ccc = `${account.bankCode}${account.branchCode}${account.accountNumber}`;
  const lines: string[] = [
    record([
      '11',
      account.bankCode,
      account.branchCode,
      account.accountNumber,
      yymmdd(account.fromDate),
      yymmdd(account.toDate),
      sign(account.openingCents),
      num(Math.abs(account.openingCents), 14),
      '978',
      '3',
      text(account.holderName, 26),
      '   ',
    ]),
  ];
  const sorted = [...movements]
    .filter((m) => m.amountCents !== 0)
    .sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
  let debitCount = 0;
  let debitCents = 0;
  let creditCount = 0;
  let creditCents = 0;
  for (const m of sorted) {
    if (m.bookingDate < account.fromDate || m.bookingDate > account.toDate)
      throw new Error(`N43: movement of ${m.bookingDate} outside ${account.fromDate}..${account.toDate}`);
    if (m.amountCents < 0) {
      debitCount++;
      debitCents += -m.amountCents;
    } else {
      creditCount++;
      creditCents += m.amountCents;
    }
    lines.push(
      record([
        '22',
        '    ',
        account.branchCode,
        yymmdd(m.bookingDate),
        yymmdd(m.valueDate ?? m.bookingDate),
        m.commonConcept,
        text(m.ownConcept ?? '000', 3),
        m.amountCents < 0 ? '1' : '2',
        num(Math.abs(m.amountCents), 14),
        text(m.documentNumber ?? '0000000000', 10),
        text(m.reference1 ?? '000000000000', 12),
        text(m.reference2 ?? '', 16),
      ]),
    );
    for (const c of m.concepts.slice(0, 5)) lines.push(record(['23', c.code, text(c.text, 76)]));
  }
  const closingCents = account.openingCents + creditCents - debitCents;
  lines.push(
    record([
      '33',
      ccc,
      num(debitCount, 5),
      num(debitCents, 14),
      num(creditCount, 5),
      num(creditCents, 14),
      sign(closingCents),
      num(Math.abs(closingCents), 14),
      '978',
      '    ',
    ]),
  );
  // The 88 counts the records before it (11, 22, 23, 33).
  lines.push(record(['88', '9'.repeat(18), num(lines.length, 6), ' '.repeat(54)]));
  return {
    bytes: Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'),
    iban: ibanOfAccount(account),
    closingCents,
    movementCount: sorted.length,
  };
}

/** Concept lines 23 of a SEPA transfer (Annex 4): 01 the party's name, 02 its reference (AT-41). */
export function transferConcepts(party: string, reference: string, remittance?: string) {
  const out: N43DemoMovement['concepts'] = [
    { code: '01', text: text(party, 66) },
    { code: '02', text: text(reference, 35) },
  ];
  if (remittance) out.push({ code: '03', text: remittance });
  return out;
}

/** Concept lines of a SEPA direct debit (Annex 4): 01 scheme + creditor, 02 creditor id + mandate, 05 reference. */
export function directDebitConcepts(
  creditor: string,
  creditorId: string,
  mandate: string,
  reference: string,
) {
  const out: N43DemoMovement['concepts'] = [
    { code: '01', text: `CORE${text(creditor, 70)}` },
    { code: '02', text: `${text(creditorId, 35)}${text(mandate, 35)}` },
    { code: '05', text: text(reference, 35) },
  ];
  return out;
}
