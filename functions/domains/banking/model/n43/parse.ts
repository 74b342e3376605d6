/**
 * Norma 43 (AEB Cuaderno 43, "Información normalizada de cuenta corriente", June 2012) parser: pure,
 * bytes in, accounts and movements out. Layout and practice: ../shared/reference/banking-accounting.md
 * A1. Records: 11 account header, 22 movement, 23 concept lines (up to 5), 24 currency equivalence,
 * 33 account footer, 88 end of file; one file may carry several accounts (11 … 33 blocks).
 *
 * Tolerances (as OCA's l10n_es_account_statement_import_n43 and the other public parsers): ISO-8859-1
 * or UTF-8 (decode.ts), CRLF / LF / CR line ends, a trailing Ctrl-Z, right-trimmed lines (padded to
 * 80), blank lines, a balance sign '0' (read as positive, as OCA does: only '1' is a debit balance), the
 * record count of 88 off by one (some banks count the 88 itself). Checks, each naming its line: per
 * account the 33 counts and sums equal the movements', opening + credits − debits = closing (skipped,
 * with a warning, when the bank leaves a balance at zero), the 88 count. Zero-amount movements are
 * counted for those checks (the bank counted them) and then dropped.
 */

import { cccControlDigits, ibanCheckDigits } from '@shared/fiscal/iban';
import { commonConceptLabel, currencyOfNumeric } from './concepts';
import {
  type ConceptRecord,
  type Counterparty,
  extractCounterparty,
  type N43ConceptRule,
} from './counterparty';
import { decodeN43, type N43Encoding } from './decode';

/** A file that is not a valid N43: the 1-based line and the reason, in Spanish. */
export class N43ParseError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Línea ${line}: ${reason}`);
    this.name = 'N43ParseError';
  }
}

export interface N43Issue {
  line: number;
  reason: string;
}

export interface N43Movement {
  /** Line of its record 22. */
  line: number;
  /** Fecha de operación (booking) and fecha valor, ISO. */
  bookingDate: string;
  valueDate: string;
  /** Signed céntimos: flag 1 (cargo) negative, flag 2 (abono) positive. */
  amountCents: number;
  commonConcept: string;
  commonConceptLabel: string;
  ownConcept: string;
  originBranch: string | null;
  documentNumber: string | null;
  reference1: string | null;
  reference2: string | null;
  /** The 23 records' concept A + B as they came (right-trimmed, without `23` and the código dato), in order. */
  conceptLines: string[];
  concepts: ConceptRecord[];
  /** Record 24: the amount in the original currency (information only). */
  originalAmount: { currency: string; amountCents: number } | null;
  counterparty: Counterparty;
  /** What a list shows: the concept texts joined, else the concept's label. */
  description: string;
}

export interface N43Account {
  /** Line of its record 11. */
  line: number;
  bankCode: string;
  branchCode: string;
  accountNumber: string;
  /** CCC control digits (computed: record 11 does not carry them) and the Spanish IBAN. */
  controlDigits: string;
  iban: string;
  startDate: string;
  endDate: string;
  openingBalanceCents: number;
  /** From record 33 (the balance at `endDate`). */
  closingBalanceCents: number;
  currency: string;
  modalidad: 1 | 2 | 3;
  holderName: string | null;
  /** Movements with a non-zero amount, in file order. */
  movements: N43Movement[];
  /** Zero-amount movements the file carried (counted by record 33, then dropped). */
  zeroAmountDropped: number;
  /** Record 33's totals (equal to the movements'). */
  debitCount: number;
  debitCents: number;
  creditCount: number;
  creditCents: number;
  /** False when the balance check was skipped (the bank left a balance at zero). */
  balanceChecked: boolean;
}

export interface N43File {
  encoding: N43Encoding;
  accounts: N43Account[];
  /** Records before the 88 (11, 22, 23, 24, 33). */
  recordCount: number;
  /** Checks that were skipped or tolerated (and, with `strict: false`, the ones that failed). */
  warnings: N43Issue[];
}

export interface ParseOptions {
  /** Default true: a failed check throws. False: it is reported in `warnings` (diagnostics only). */
  strict?: boolean;
  rules?: readonly N43ConceptRule[];
}

const RECORD_LENGTH = 80;
const CTRL_Z = String.fromCharCode(0x1a);

/** Splits the text into 80-column records with their line numbers (blank lines skipped). */
function recordsOf(text: string): { line: number; rec: string }[] {
  const lines = text.split(/\r\n|\n|\r/);
  const out: { line: number; rec: string }[] = [];
  lines.forEach((raw, i) => {
    // A trailing Ctrl-Z (0x1A, the DOS end-of-file mark) is not data.
    let body = raw;
    while (body.endsWith(CTRL_Z)) body = body.slice(0, -1);
    body = body.trimEnd();
    if (body === '') return;
    if (body.length > RECORD_LENGTH) {
      throw new N43ParseError(i + 1, `El registro tiene ${body.length} caracteres; el máximo es 80.`);
    }
    out.push({ line: i + 1, rec: body.padEnd(RECORD_LENGTH, ' ') });
  });
  return out;
}

/** Positions are 1-based and inclusive, as in the booklet. */
const field = (rec: string, from: number, to: number): string => rec.slice(from - 1, to);

function digits(rec: string, from: number, to: number, line: number, what: string): string {
  const v = field(rec, from, to);
  if (!/^\d+$/.test(v))
    throw new N43ParseError(line, `${what} (posiciones ${from}-${to}) no es numérico: «${v}».`);
  return v;
}

function amount(rec: string, from: number, to: number, line: number, what: string): number {
  return Number(digits(rec, from, to, line, what));
}

/** YYMMDD -> 20YY-MM-DD (the booklet's dates; N43 files predate none of this century's). */
function date(rec: string, from: number, line: number, what: string): string {
  const v = digits(rec, from, from + 5, line, what);
  const iso = `20${v.slice(0, 2)}-${v.slice(2, 4)}-${v.slice(4, 6)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) {
    throw new N43ParseError(line, `${what} no es una fecha válida: «${v}».`);
  }
  return iso;
}

/** Balance sign: '1' deudor (negative); '2' acreedor (positive); '0' read as positive (OCA). */
function signOf(rec: string, pos: number, line: number, what: string): 1 | -1 {
  const s = field(rec, pos, pos);
  if (s === '1') return -1;
  if (s === '2' || s === '0') return 1;
  throw new N43ParseError(line, `${what}: el signo (posición ${pos}) debe ser 1 o 2, no «${s}».`);
}

const orNull = (s: string): string | null => {
  const v = s.trim();
  return v === '' || /^0+$/.test(v) ? null : v;
};

/** ES IBAN of a CCC: control digits by the AEB rule, IBAN check digits by ISO 7064 MOD 97-10. */
export function ibanOfCcc(bank: string, branch: string, account: string): { iban: string; dc: string } {
  const dc = cccControlDigits(bank, branch, account);
  const bban = `${bank}${branch}${dc}${account}`;
  return { iban: `ES${ibanCheckDigits('ES', bban)}${bban}`, dc };
}

interface RawMovement extends Omit<N43Movement, 'counterparty' | 'description'> {
  flag: '1' | '2';
  unsigned: number;
}

interface OpenAccount {
  line: number;
  bankCode: string;
  branchCode: string;
  accountNumber: string;
  startDate: string;
  endDate: string;
  openingBalanceCents: number;
  currencyNumeric: string;
  modalidad: 1 | 2 | 3;
  holderName: string | null;
  movements: RawMovement[];
}

function readHeader(rec: string, line: number): OpenAccount {
  const modalidad = field(rec, 51, 51);
  if (!['1', '2', '3'].includes(modalidad)) {
    throw new N43ParseError(line, `La modalidad (posición 51) debe ser 1, 2 o 3, no «${modalidad}».`);
  }
  return {
    line,
    bankCode: digits(rec, 3, 6, line, 'La entidad'),
    branchCode: digits(rec, 7, 10, line, 'La oficina'),
    accountNumber: digits(rec, 11, 20, line, 'El número de cuenta'),
    startDate: date(rec, 21, line, 'La fecha inicial'),
    endDate: date(rec, 27, line, 'La fecha final'),
    openingBalanceCents:
      signOf(rec, 33, line, 'El saldo inicial') * amount(rec, 34, 47, line, 'El saldo inicial'),
    currencyNumeric: digits(rec, 48, 50, line, 'La divisa'),
    modalidad: Number(modalidad) as 1 | 2 | 3,
    holderName: orNull(field(rec, 52, 77)),
    movements: [],
  };
}

function readMovement(rec: string, line: number, modalidad: number): RawMovement {
  const flag = field(rec, 28, 28);
  if (flag !== '1' && flag !== '2') {
    throw new N43ParseError(line, `El indicador debe/haber (posición 28) debe ser 1 o 2, no «${flag}».`);
  }
  const commonConcept = field(rec, 23, 24);
  if (!/^\d{2}$/.test(commonConcept)) {
    throw new N43ParseError(line, `El concepto común (posiciones 23-24) no es numérico: «${commonConcept}».`);
  }
  const unsigned = amount(rec, 29, 42, line, 'El importe');
  return {
    line,
    bookingDate: date(rec, 11, line, 'La fecha de operación'),
    valueDate: date(rec, 17, line, 'La fecha valor'),
    amountCents: flag === '1' ? -unsigned : unsigned,
    flag,
    unsigned,
    commonConcept,
    commonConceptLabel: commonConceptLabel(commonConcept),
    ownConcept: field(rec, 25, 27).trim(),
    originBranch: modalidad >= 2 ? orNull(field(rec, 7, 10)) : null,
    documentNumber: orNull(field(rec, 43, 52)),
    reference1: orNull(field(rec, 53, 64)),
    reference2: orNull(field(rec, 65, 80)),
    conceptLines: [],
    concepts: [],
    originalAmount: null,
  };
}

/**
 * Annex 4 (SEPA direct debit, modalidad 3): record 23-01 starts with the scheme (`CORE`, `B2B`) in
 * four positions right before the creditor's name; a direct debit's (concepto común 03) description
 * reads the name, not 'CORECOMPANY'.
 */
const withoutScheme = (c: ConceptRecord, directDebit: boolean) =>
  directDebit && c.code === '01' ? c.text.replace(/^(CORE|B2B)\s*/, '') : c.text;

function describe(m: RawMovement): string {
  const text = m.concepts
    .map((c) =>
      withoutScheme(c, m.commonConcept === '03')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .join(' ');
  return text || m.commonConceptLabel;
}

export function parseN43(bytes: Uint8Array, options: ParseOptions = {}): N43File {
  const strict = options.strict ?? true;
  const { text, encoding } = decodeN43(bytes);
  const records = recordsOf(text);
  const warnings: N43Issue[] = [];
  const fail = (line: number, reason: string) => {
    if (strict) throw new N43ParseError(line, reason);
    warnings.push({ line, reason });
  };
  if (records.length === 0) throw new N43ParseError(1, 'El fichero está vacío.');

  const accounts: N43Account[] = [];
  let open: OpenAccount | null = null;
  let last: RawMovement | null = null;
  let count = 0;
  let ended: number | null = null;

  for (const { line, rec } of records) {
    const type = field(rec, 1, 2);
    if (ended !== null)
      throw new N43ParseError(line, 'Hay registros después del registro 88 de fin de fichero.');
    if (type !== '88') count++;
    switch (type) {
      case '11': {
        if (open)
          throw new N43ParseError(line, 'Registro 11 antes del registro 33 que cierra la cuenta anterior.');
        open = readHeader(rec, line);
        last = null;
        break;
      }
      case '22': {
        if (!open)
          throw new N43ParseError(line, 'Registro 22 de movimiento sin registro 11 de cabecera de cuenta.');
        last = readMovement(rec, line, open.modalidad);
        open.movements.push(last);
        break;
      }
      case '23': {
        if (!last) throw new N43ParseError(line, 'Registro 23 de concepto sin registro 22 de movimiento.');
        const code = field(rec, 3, 4);
        if (!/^0[1-5]$/.test(code)) {
          throw new N43ParseError(line, `El código de dato del registro 23 debe ser 01 a 05, no «${code}».`);
        }
        if (last.concepts.length >= 5)
          throw new N43ParseError(line, 'Un movimiento admite como máximo 5 registros 23.');
        // Concept A + B as the bank wrote them (the record's `23` and its código dato left out).
        last.conceptLines.push(rec.slice(4).trimEnd());
        last.concepts.push({ code, text: field(rec, 5, 80) });
        break;
      }
      case '24': {
        if (!last)
          throw new N43ParseError(line, 'Registro 24 de equivalencia sin registro 22 de movimiento.');
        last.originalAmount = {
          currency: currencyOfNumeric(digits(rec, 5, 7, line, 'La divisa de origen')),
          amountCents: amount(rec, 8, 21, line, 'El importe en divisa'),
        };
        break;
      }
      case '33': {
        if (!open)
          throw new N43ParseError(line, 'Registro 33 de final de cuenta sin registro 11 de cabecera.');
        accounts.push(closeAccount(open, rec, line, fail, warnings, options.rules));
        open = null;
        last = null;
        break;
      }
      case '88': {
        if (open)
          throw new N43ParseError(line, 'Registro 88 de fin de fichero antes del registro 33 de la cuenta.');
        const declared = amount(rec, 21, 26, line, 'El número de registros');
        // Some banks count the 88 itself (OCA, Liderbank): a difference of one is accepted.
        if (Math.abs(declared - count) > 1) {
          fail(line, `El registro 88 declara ${declared} registros y el fichero tiene ${count}.`);
        } else if (declared !== count) {
          warnings.push({
            line,
            reason: `El registro 88 declara ${declared} registros y el fichero tiene ${count}.`,
          });
        }
        ended = line;
        break;
      }
      default:
        throw new N43ParseError(
          line,
          `Tipo de registro desconocido «${type}» (se esperaba 11, 22, 23, 24, 33 u 88).`,
        );
    }
  }
  const lastLine = records.at(-1)!.line;
  if (open) {
    fail(lastLine, `Falta el registro 33 de final de la cuenta que empieza en la línea ${open.line}.`);
    if (!strict) accounts.push(closeWithoutFooter(open, options.rules));
  }
  if (ended === null) fail(lastLine, 'Falta el registro 88 de fin de fichero.');
  if (accounts.length === 0)
    throw new N43ParseError(1, 'El fichero no contiene ninguna cuenta (registro 11).');
  return { encoding, accounts, recordCount: count, warnings };
}

function finishMovements(open: OpenAccount, rules?: readonly N43ConceptRule[]): N43Movement[] {
  return open.movements
    .filter((m) => m.unsigned !== 0)
    .map((raw) => {
      const { flag: _flag, unsigned: _unsigned, ...m } = raw;
      return {
        ...m,
        description: describe(raw),
        counterparty: extractCounterparty(
          {
            bankCode: open.bankCode,
            modalidad: open.modalidad,
            commonConcept: m.commonConcept,
            concepts: m.concepts,
            references: [m.reference1, m.reference2],
          },
          rules,
        ),
      };
    });
}

function totalsOf(open: OpenAccount) {
  const debits = open.movements.filter((m) => m.flag === '1');
  const credits = open.movements.filter((m) => m.flag === '2');
  return {
    debitCount: debits.length,
    debitCents: debits.reduce((s, m) => s + m.unsigned, 0),
    creditCount: credits.length,
    creditCents: credits.reduce((s, m) => s + m.unsigned, 0),
  };
}

function accountOf(
  open: OpenAccount,
  closing: number,
  checked: boolean,
  rules?: readonly N43ConceptRule[],
): N43Account {
  const { iban, dc } = ibanOfCcc(open.bankCode, open.branchCode, open.accountNumber);
  return {
    line: open.line,
    bankCode: open.bankCode,
    branchCode: open.branchCode,
    accountNumber: open.accountNumber,
    controlDigits: dc,
    iban,
    startDate: open.startDate,
    endDate: open.endDate,
    openingBalanceCents: open.openingBalanceCents,
    closingBalanceCents: closing,
    currency: currencyOfNumeric(open.currencyNumeric),
    modalidad: open.modalidad,
    holderName: open.holderName,
    movements: finishMovements(open, rules),
    zeroAmountDropped: open.movements.filter((m) => m.unsigned === 0).length,
    ...totalsOf(open),
    balanceChecked: checked,
  };
}

/** Lenient mode only: an account whose 33 is missing closes at opening + movements. */
function closeWithoutFooter(open: OpenAccount, rules?: readonly N43ConceptRule[]): N43Account {
  const t = totalsOf(open);
  return accountOf(open, open.openingBalanceCents + t.creditCents - t.debitCents, false, rules);
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function closeAccount(
  open: OpenAccount,
  rec: string,
  line: number,
  fail: (line: number, reason: string) => void,
  warnings: N43Issue[],
  rules?: readonly N43ConceptRule[],
): N43Account {
  const ccc = `${field(rec, 3, 6)}${field(rec, 7, 10)}${field(rec, 11, 20)}`;
  if (ccc !== `${open.bankCode}${open.branchCode}${open.accountNumber}`) {
    throw new N43ParseError(
      line,
      `El registro 33 es de otra cuenta que la del registro 11 de la línea ${open.line}.`,
    );
  }
  const declared = {
    debitCount: amount(rec, 21, 25, line, 'El número de apuntes al debe'),
    debitCents: amount(rec, 26, 39, line, 'El total del debe'),
    creditCount: amount(rec, 40, 44, line, 'El número de apuntes al haber'),
    creditCents: amount(rec, 45, 58, line, 'El total del haber'),
  };
  const closing = signOf(rec, 59, line, 'El saldo final') * amount(rec, 60, 73, line, 'El saldo final');
  const t = totalsOf(open);
  if (declared.debitCount !== t.debitCount) {
    fail(
      line,
      `El registro 33 declara ${declared.debitCount} apuntes al debe y la cuenta tiene ${t.debitCount}.`,
    );
  }
  if (declared.debitCents !== t.debitCents) {
    fail(
      line,
      `El total del debe del registro 33 (${euros(declared.debitCents)}) no coincide con la suma de los cargos (${euros(t.debitCents)}).`,
    );
  }
  if (declared.creditCount !== t.creditCount) {
    fail(
      line,
      `El registro 33 declara ${declared.creditCount} apuntes al haber y la cuenta tiene ${t.creditCount}.`,
    );
  }
  if (declared.creditCents !== t.creditCents) {
    fail(
      line,
      `El total del haber del registro 33 (${euros(declared.creditCents)}) no coincide con la suma de los abonos (${euros(t.creditCents)}).`,
    );
  }
  const expected = open.openingBalanceCents + declared.creditCents - declared.debitCents;
  let checked = true;
  if (expected !== closing) {
    if (open.openingBalanceCents === 0 || closing === 0) {
      // OCA: banks that leave a balance at zero (CaixaNova cards) make the check meaningless.
      checked = false;
      warnings.push({ line, reason: 'El banco dejó un saldo a cero: no se ha comprobado el saldo final.' });
    } else {
      fail(
        line,
        `Saldo inicial (${euros(open.openingBalanceCents)}) + haber − debe = ${euros(expected)}, pero el saldo final es ${euros(closing)}.`,
      );
    }
  }
  return accountOf(open, closing, checked, rules);
}
