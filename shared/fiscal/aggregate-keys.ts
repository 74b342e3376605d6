/**
 * The grammar of the running tax aggregates' keys (issue 14 item 1): what the books record about each
 * invoice so that every box of the VAT models (303, 390, 349, 347) can be filled from the period's
 * aggregate items alone. Written by shared/fiscal/tax-aggregates.ts (the contributions), read by the
 * model definitions (shared/fiscal/models/). Pure.
 *
 * VAT-group keys (`AggregateLine.taxKey`):
 *  - issued:   `<operation>|<vatRateBp>|<recargoRateBp>|<region>|<mod>|<regime>[|<oss>]`
 *      operation  S1 S2 N1 N2 E1…E6 (VeriFacTu/SII CalificacionOperacion / CausaExencion);
 *      region     the customer's: ES (Spain, or no customer), EU (another member state), XX (outside the EU);
 *      mod        `0` an ordinary invoice, or a rectificativa of an invoice of the same month;
 *                 `M` a rectificativa whose (earliest) rectified invoice is of an earlier month of the
 *                 same quarter; `Q` … of an earlier quarter. A monthly filer puts M and Q in the
 *                 modification boxes (303 [14]/[15], [25]/[26]), a quarterly filer only Q;
 *      regime     `G` general, `C` régimen especial del criterio de caja (the invoice's `vatRegime`);
 *      oss        (v6) only on a one-stop-shop group (N2, the VAT of another member state: modelo 369):
 *                 the member state of consumption (ISO alpha-2, `FR`), with the vatRateBp of that
 *                 state; a rectificativa of an earlier quarter (mod `Q`) adds the rectified invoice's
 *                 quarter, `FR@2026-Q1`: the 369 corrects that period's return (art. 61 Reglamento de
 *                 Ejecución (UE) 282/2011). Absent on every other group, so every other issued key is
 *                 as in v5.
 *  - received: `<kind>|<vatRateBp>|<recargoRateBp>|<C|I>|<mod>[|C]`
 *      kind       DOMESTIC REVERSE_CHARGE INTRA_EU_GOODS INTRA_EU_SERVICES IMPORT EXEMPT NOT_SUBJECT;
 *      C|I        current goods and services / bienes de inversión (art. 108 LIVA);
 *      mod        as issued ([40]/[41] for received);
 *      `|C`       (v5) only on the DOMESTIC lines of an invoice whose deduction the régimen especial
 *                 del criterio de caja defers (the invoice's stored `deductionOnPayment`): its
 *                 supplier applies it (art. 163 quinquiesdecies.Uno LIVA) or the company itself does
 *                 (art. 163 terdecies LIVA; same key, no new version: invoices stored before
 *                 carry no OWN_RECC). Its VAT is deductible only when paid, so the line's figures are
 *                 informative by the general rule (303 [74]/[75] and 390 [656]/[657]: acquisitions
 *                 "a las que sea de aplicación o afecte" the regime, both cases) and the deduction
 *                 comes from its `CAJA|…` lines. Absent = general regime (`G`), so every other
 *                 received key is as in v4.
 *  - withholding: on the ISSUED book `IRPF` (what our customers withheld from us: 130 [06]); on the
 *    RECEIVED book `IRPF|<kind>|<key>` (what we withheld, issue 15 item 1): kind a WithholdingKind
 *    (shared/fiscal/withholdings.ts: PROFESSIONAL, RENT, CAPITAL, NON_RESIDENT…), key its perception
 *    key in the annual summary (190 `G01`, 180 `-`, 193/296 keys). `baseCents` the withholding base,
 *    `irpfCents` the amount withheld, `totalCents = −irpfCents`, `count` the invoices.
 *  - cash-basis settlements (criterio de caja, art. 163 terdecies LIVA): `CAJA|<operation>|<vatRateBp>|<recargoRateBp>`
 *      on the ISSUED book, dated by the collection: the part of a RECC invoice's base, VAT and recargo
 *      that the collection settles (the VAT accrues then); what is still uncollected on 31 December of
 *      the year after the operation accrues on that day (art. 163 terdecies.Uno LIVA), dated so.
 *      Not an invoice: `count` 0.
 *  - received cash-basis settlements (v5): `CAJA|<kind>|<vatRateBp>|<recargoRateBp>|<C|I>` on the
 *      RECEIVED book, dated by the payment: the part of a `|C` line's base, VAT, recargo, deductible
 *      VAT and deductible base that the payment settles (the right to deduct is born then, arts. 163
 *      terdecies and quinquiesdecies.Uno LIVA); what is unpaid on 31 December of the year after the
 *      operation is deductible on that day. Not an invoice: `count` 0 (shared/fiscal/received-payment-aggregates.ts).
 *
 * Counterparty lines carry an operation key (`CounterpartyLine.opKey`):
 *  - `347B` sales / `347A` purchases declared in the 347 (VAT and recargo included);
 *  - `349E` `349T` `349S` (issued: intra-EU deliveries, triangular, services) and `349A` `349I`
 *    (received: acquisitions of goods, of services); bases only. A rectificativa of an earlier period
 *    gets `@<yyyy-mm>` (the rectified invoice's month), e.g. `349E@2026-02`;
 *  - `CASH@<yyyy>` issued: amount collected in cash (payment method CASH) in the period, for operations of year yyyy
 *    (347 "importe percibido en metálico", declared when the year's cash exceeds 6.000 €);
 *  - `X_IRPF` received with withholding (declared in the 190/180, not in the 347), `X_IMPORT`
 *    imports (DUA), `X_FOREIGN` other operations with non-Spanish counterparties outside the 349,
 *    `X_UNIDENTIFIED` no counterparty tax id (simplified invoices). Excluded from 347 and 349;
 *  - `W|<kind>|<key>` received: a recipient of our withholdings (issue 15: 111/115/123/216 recipient
 *    counts, 190/180/193/296 records): `baseCents` the withholding base, `irpfCents` withheld.
 *  An invoice may add several counterparty lines (one per key), with its base and total split by line.
 */

/**
 * 2: region, modification marker, regime, operation keys per counterparty (issue 14).
 * 3: an issued invoice accrues on its operation date when issued after it (art. 75 LIVA).
 * 4: withholdings typed on the RECEIVED book (`IRPF|<kind>|<key>`, `W|…` recipients, issue 15); an
 *    uncollected RECC invoice accrues on 31 December of the following year.
 * 5: received invoices of a supplier under the criterio de caja: `…|C` invoice lines and `CAJA|<kind>|…`
 *    payment settlements on the RECEIVED book (the recompute reads the received payments); the same
 *    keys, since, for a company under the regime itself (`deductionOnPayment` OWN_RECC).
 * 6: one-stop-shop (OSS) sales by member state of consumption and rate: `N2|<rate>|0|EU|<mod>|G|<state>`
 *    (303 [123], modelo 369).
 * The nightly recompute backfills a company whose aggregates carry an older version.
 */
export const AGGREGATE_GRAMMAR_VERSION = 6;

export type Region = 'ES' | 'EU' | 'XX';
export type ModMarker = '0' | 'M' | 'Q';
export type IssuedRegime = 'G' | 'C';

export interface IssuedKeyParts {
  operation: string;
  vatRateBp: number;
  recargoRateBp: number;
  region: Region;
  mod: ModMarker;
  regime: IssuedRegime;
  /** OSS (v6): the member state of consumption of a one-stop-shop group; absent otherwise. */
  oss?: string;
  /** OSS rectification of an earlier quarter: that quarter ('2026-Q1'), whose 369 it corrects. */
  ossCorrects?: string;
}

export interface ReceivedKeyParts {
  kind: string;
  vatRateBp: number;
  recargoRateBp: number;
  investmentGoods: boolean;
  mod: ModMarker;
  /** `C`: the supplier applies the criterio de caja (the deduction waits for the payment). Absent = `G`. */
  regime?: IssuedRegime;
}

/** A received cash-basis settlement: the kind, rates and goods of the `|C` line it settles. */
export interface ReceivedCashKeyParts {
  kind: string;
  vatRateBp: number;
  recargoRateBp: number;
  investmentGoods: boolean;
}

export interface CashKeyParts {
  operation: string;
  vatRateBp: number;
  recargoRateBp: number;
}

export const IRPF_KEY = 'IRPF';
export const IRPF_KEY_PREFIX = 'IRPF|';
export const WITHHOLDING_OP_KEY_PREFIX = 'W|';

export interface WithholdingKeyParts {
  /** A WithholdingKind (shared/fiscal/withholdings.ts). */
  kind: string;
  /** The perception key in the annual summary ('G01', '-' when the summary has none). */
  key: string;
}

/** `IRPF|<kind>|<key>`: a typed withholding on the RECEIVED book. */
export const formatWithholdingKey = (p: WithholdingKeyParts): string =>
  `${IRPF_KEY_PREFIX}${p.kind}|${p.key}`;
/** `W|<kind>|<key>`: the counterparty line of a withholding's recipient. */
export const formatWithholdingOpKey = (p: WithholdingKeyParts): string =>
  `${WITHHOLDING_OP_KEY_PREFIX}${p.kind}|${p.key}`;

function parseTwo(key: string, prefix: string): WithholdingKeyParts | undefined {
  if (!key.startsWith(prefix)) return undefined;
  const p = key.slice(prefix.length).split('|');
  if (p.length !== 2 || !/^[A-Z_]+$/.test(p[0] as string) || !/^[-0-9A-Z]{1,4}$/.test(p[1] as string)) {
    return undefined;
  }
  return { kind: p[0] as string, key: p[1] as string };
}

/** The parts of `IRPF|<kind>|<key>`; undefined for the untyped `IRPF` and other keys. */
export const parseWithholdingKey = (key: string): WithholdingKeyParts | undefined =>
  parseTwo(key, IRPF_KEY_PREFIX);
/** The parts of a `W|<kind>|<key>` counterparty operation key. */
export const parseWithholdingOpKey = (opKey: string): WithholdingKeyParts | undefined =>
  parseTwo(opKey, WITHHOLDING_OP_KEY_PREFIX);
export const CASH_KEY_PREFIX = 'CAJA|';

export const formatIssuedKey = (p: IssuedKeyParts): string =>
  `${p.operation}|${p.vatRateBp}|${p.recargoRateBp}|${p.region}|${p.mod}|${p.regime}${ossPart(p)}`;

const ossPart = (p: Pick<IssuedKeyParts, 'oss' | 'ossCorrects'>): string =>
  p.oss ? `|${p.oss}${p.ossCorrects ? `@${p.ossCorrects}` : ''}` : '';

const OSS_PART = /^([A-Z]{2})(?:@(\d{4}-Q[1-4]))?$/;

export const formatReceivedKey = (p: ReceivedKeyParts): string =>
  `${p.kind}|${p.vatRateBp}|${p.recargoRateBp}|${p.investmentGoods ? 'I' : 'C'}|${p.mod}${p.regime === 'C' ? '|C' : ''}`;

export const formatReceivedCashKey = (p: ReceivedCashKeyParts): string =>
  `${CASH_KEY_PREFIX}${p.kind}|${p.vatRateBp}|${p.recargoRateBp}|${p.investmentGoods ? 'I' : 'C'}`;

export const formatCashKey = (p: CashKeyParts): string =>
  `${CASH_KEY_PREFIX}${p.operation}|${p.vatRateBp}|${p.recargoRateBp}`;

const REGIONS = new Set(['ES', 'EU', 'XX']);
const MODS = new Set(['0', 'M', 'Q']);
const int = (s: string | undefined): number | undefined =>
  s !== undefined && /^\d+$/.test(s) ? Number(s) : undefined;

/** The parts of an issued VAT-group key; undefined for IRPF, CAJA and malformed keys. */
export function parseIssuedKey(key: string): IssuedKeyParts | undefined {
  const p = key.split('|');
  if (p.length !== 6 && p.length !== 7) return undefined;
  const [operation, vat, rec, region, mod, regime, oss] = p as [
    string,
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  const vatRateBp = int(vat);
  const recargoRateBp = int(rec);
  if (vatRateBp === undefined || recargoRateBp === undefined) return undefined;
  if (!REGIONS.has(region) || !MODS.has(mod) || (regime !== 'G' && regime !== 'C')) return undefined;
  const ossMatch = oss === undefined ? undefined : OSS_PART.exec(oss);
  if (oss !== undefined && !ossMatch) return undefined;
  return {
    operation,
    vatRateBp,
    recargoRateBp,
    region: region as Region,
    mod: mod as ModMarker,
    regime: regime as IssuedRegime,
    ...(ossMatch ? { oss: ossMatch[1] as string } : {}),
    ...(ossMatch?.[2] ? { ossCorrects: ossMatch[2] } : {}),
  };
}

/**
 * The parts of a received VAT-group key (`regime` 'C' only on a `…|C` line of the criterio de caja);
 * undefined for IRPF, CAJA and malformed keys.
 */
export function parseReceivedKey(key: string): ReceivedKeyParts | undefined {
  const p = key.split('|');
  if (p.length !== 5 && p.length !== 6) return undefined;
  const [kind, vat, rec, ci, mod, regime] = p as [string, string, string, string, string, string?];
  const vatRateBp = int(vat);
  const recargoRateBp = int(rec);
  if (vatRateBp === undefined || recargoRateBp === undefined) return undefined;
  if ((ci !== 'C' && ci !== 'I') || !MODS.has(mod)) return undefined;
  if (regime !== undefined && regime !== 'C') return undefined;
  return {
    kind,
    vatRateBp,
    recargoRateBp,
    investmentGoods: ci === 'I',
    mod: mod as ModMarker,
    ...(regime === 'C' ? { regime: 'C' as const } : {}),
  };
}

/** The parts of a received cash-basis settlement key (`CAJA|<kind>|<vat>|<recargo>|<C|I>`); undefined otherwise. */
export function parseReceivedCashKey(key: string): ReceivedCashKeyParts | undefined {
  if (!key.startsWith(CASH_KEY_PREFIX)) return undefined;
  const p = key.slice(CASH_KEY_PREFIX.length).split('|');
  if (p.length !== 4) return undefined;
  const [kind, vat, rec, ci] = p as [string, string, string, string];
  const vatRateBp = int(vat);
  const recargoRateBp = int(rec);
  if (vatRateBp === undefined || recargoRateBp === undefined || (ci !== 'C' && ci !== 'I')) return undefined;
  return { kind, vatRateBp, recargoRateBp, investmentGoods: ci === 'I' };
}

/** The parts of a cash-basis settlement key (`CAJA|…`); undefined otherwise. */
export function parseCashKey(key: string): CashKeyParts | undefined {
  if (!key.startsWith(CASH_KEY_PREFIX)) return undefined;
  const p = key.slice(CASH_KEY_PREFIX.length).split('|');
  if (p.length !== 3) return undefined;
  const vatRateBp = int(p[1]);
  const recargoRateBp = int(p[2]);
  if (vatRateBp === undefined || recargoRateBp === undefined) return undefined;
  return { operation: p[0] as string, vatRateBp, recargoRateBp };
}

/**
 * The modification marker of a rectificativa dated `date` that rectifies invoices dated `rectifiedDates`
 * (the earliest decides); `0` for an ordinary invoice (no rectified dates).
 */
export function modMarker(date: string, rectifiedDates: readonly string[]): ModMarker {
  if (rectifiedDates.length === 0) return '0';
  const earliest = [...rectifiedDates].sort()[0] as string;
  const month = (d: string) => d.slice(0, 7);
  const quarter = (d: string) => `${d.slice(0, 4)}-${Math.ceil(Number(d.slice(5, 7)) / 3)}`;
  if (month(earliest) >= month(date)) return '0';
  return quarter(earliest) === quarter(date) ? 'M' : 'Q';
}

/** Whether a modification marker is a modification of an earlier period for a filer of this periodicity. */
export const isEarlierPeriod = (mod: ModMarker, periodicity: 'MONTHLY' | 'QUARTERLY'): boolean =>
  mod === 'Q' || (mod === 'M' && periodicity === 'MONTHLY');

// --- counterparty operation keys ----------------------------------------------------------------

export const OP_KEYS_347 = ['347A', '347B'] as const;
export const OP_KEYS_349_ISSUED = ['349E', '349T', '349S'] as const;
export const OP_KEYS_349_RECEIVED = ['349A', '349I'] as const;
export const EXCLUDED_OP_KEYS = ['X_IRPF', 'X_IMPORT', 'X_FOREIGN', 'X_UNIDENTIFIED'] as const;
export type Key349 = 'E' | 'T' | 'S' | 'A' | 'I';

export interface OpKeyParts {
  family: '347' | '349' | 'CASH' | 'X' | 'W';
  /** 347: A/B; 349: E/T/S/A/I; X: the exclusion (IRPF, IMPORT, FOREIGN, UNIDENTIFIED); CASH: ''. */
  key: string;
  /** 349 rectification: the rectified invoice's month (yyyy-mm). CASH: the operations' year (yyyy). */
  of?: string;
}

export function parseOpKey(opKey: string): OpKeyParts | undefined {
  if (opKey.startsWith(WITHHOLDING_OP_KEY_PREFIX)) {
    const w = parseWithholdingOpKey(opKey);
    return w ? { family: 'W', key: `${w.kind}|${w.key}` } : undefined;
  }
  if (opKey.startsWith('CASH@')) {
    const y = opKey.slice(5);
    return /^\d{4}$/.test(y) ? { family: 'CASH', key: '', of: y } : undefined;
  }
  if (opKey.startsWith('X_')) return { family: 'X', key: opKey.slice(2) };
  const m = /^(347|349)([A-Z])(?:@(\d{4}-\d{2}))?$/.exec(opKey);
  if (!m) return undefined;
  const family = m[1] as '347' | '349';
  if (family === '347' && (m[3] || !['A', 'B'].includes(m[2] as string))) return undefined;
  if (family === '349' && !['E', 'T', 'S', 'A', 'I'].includes(m[2] as string)) return undefined;
  return { family, key: m[2] as string, ...(m[3] ? { of: m[3] } : {}) };
}
