/**
 * SII records built from issued and received invoices (issue 16 item 1; reference/verifactu-sii.md
 * §5; the AEAT SII v1.1 schemas in shared/data/aeat/sii: SuministroLR.xsd and
 * SuministroInformacion.xsd). The records are the neutral `SiiRecord` variants of
 * shared/schemas/sii.ts (amounts in céntimos, rates in basis points, ISO dates); the XML writer of
 * functions/lib/sii-xml formats them. Pure: no clock, no I/O.
 *
 * What each product fact becomes (never more than the invoice says):
 *  - an issued invoice's VAT breakdown groups (shared/fiscal/invoice-totals.ts) carry the
 *    CalificacionOperacion / OperacionExenta of vat.ts: S1 charges VAT (and recargo), S2 is a
 *    domestic reverse charge (art. 84.Uno.2º LIVA, rate 0), N1 not subject by arts. 7 and 14 LIVA,
 *    N2 not subject by the location rules, E1–E6 exempt by arts. 20, 21, 22, 23–24, 25 and others;
 *  - a received invoice's groups (received-invoice-totals.ts) carry the line kind: DOMESTIC and
 *    IMPORT VAT is borne, REVERSE_CHARGE and INTRA_EU_* VAT is self-assessed, EXEMPT and NOT_SUBJECT
 *    bear none.
 */

import { AppError } from '../api/errors';
import { aeatIdType, type CustomerTaxId } from '../schemas/customers';
import type { SupplierTaxId } from '../schemas/expenses';
import type { Invoice, InvoiceLine, PaymentMethod } from '../schemas/invoices';
import type {
  RECEIVED_PAYMENT_METHODS,
  ReceivedInvoice,
  ReceivedVatGroup,
} from '../schemas/received-invoices';
import type {
  IntraEuOperation,
  SiiBook,
  SiiBreakdown,
  SiiCashRecord,
  SiiCounterparty,
  SiiIntraEuRecord,
  SiiInvestmentRecord,
  SiiInvoiceId,
  SiiIssuedRecord,
  SiiPeriod,
  SiiReceivedRecord,
  SiiRecord,
  SiiRetryBody,
  SiiVatDetail,
} from '../schemas/sii';
import { applyBp, roundHalfUp, sumCents } from './money';
import { isSelfAssessed, receivedBookDate } from './received-invoice-totals';
import { accrualDateOf } from './tax-aggregates';

// --- periods -------------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(0[1-9]|1[0-2])-\d{2}/;

/**
 * PeriodoLiquidacion (Ejercicio, Periodo) of a date: its year and month '01'–'12' (every SII
 * taxpayer files monthly, art. 71.3 RIVA); for the BI book the year and '0A' (the book is kept once
 * a year, with the last return: art. 69.Tres.3.º RIVA).
 */
export function siiPeriodOf(isoDate: string, book?: SiiBook): SiiPeriod {
  const m = ISO_DATE.exec(isoDate);
  if (!m) throw new RangeError(`siiPeriodOf: ${isoDate} is not an ISO date`);
  return { year: Number(m[1]), period: book === 'BI' ? '0A' : m[2]! };
}

// --- shared pieces -------------------------------------------------------------------------------

/** The company whose books are sent (the Titular) and whether it is in the criterio de caja. */
export interface SiiCompany {
  companyNif: string;
  companyName: string;
  /** Régimen especial del criterio de caja (arts. 163 decies–163 sexiesdecies LIVA). */
  cashCriterion: boolean;
}

/**
 * A text as the AEAT stores it: whitespace collapsed, trimmed, at most `max` characters (the
 * TextMaxN types of SuministroInformacion.xsd). XML escaping is the writer's job.
 */
export function siiText(value: string, max: number): string {
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return [...cleaned].slice(0, max).join('').trim();
}

/**
 * Contraparte / IDEmisorFactura of a customer or supplier (PersonaFisicaJuridicaType): a Spanish
 * NIF as NIF; a foreign id as IDOtro with its country and AEAT IDType (02 NIF-IVA, already with its
 * country prefix as the schemas normalise it; 03 passport, 04 id of the country of residence, 05
 * residence certificate). Null without a tax id.
 */
export function siiCounterpartyOf(
  name: string,
  taxId: CustomerTaxId | SupplierTaxId | null | undefined,
): SiiCounterparty | null {
  if (!taxId) return null;
  const n = siiText(name, 120);
  if (typeof taxId === 'string') return { name: n, nif: taxId.trim().toUpperCase(), otherId: null };
  return {
    name: n,
    nif: null,
    otherId: { countryCode: taxId.country, idType: aeatIdType[taxId.type], id: taxId.value },
  };
}

const issuerIdOf = (c: SiiCounterparty): Pick<SiiInvoiceId, 'issuerNif' | 'issuerOtherId'> => ({
  issuerNif: c.nif,
  issuerOtherId: c.otherId,
});

/**
 * DescripcionOperacion (TextMax500, required): the reason of a rectificativa and the lines'
 * descriptions without repeats; without lines, the document's name and number.
 */
function descriptionOf(
  lines: readonly { description: string }[] | undefined,
  reason: string | null | undefined,
  fallback: string,
): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  if (reason?.trim()) parts.push(`Rectificación: ${reason.trim()}`);
  for (const l of lines ?? []) {
    const d = l.description.replace(/\s+/g, ' ').trim();
    if (d && !seen.has(d)) {
      seen.add(d);
      parts.push(d);
    }
  }
  return siiText(parts.join('; '), 500) || siiText(fallback, 500);
}

/** At most three keys (ClaveRegimenEspecialOTrascendencia and Adicional1/2), without repeats. */
const regimeKeyList = (keys: (string | null)[]): string[] =>
  [...new Set(keys.filter((k): k is string => k !== null))].slice(0, 3);

/**
 * DetalleIVA rows merged by (rate, recargo rate, investment good): one row per rate, as the AEAT
 * expects, except that investment goods keep a row of their own at the same rate — the row carries
 * BienInversion=S, which the AEAT reads for the 303 boxes [30]/[31] (SII v1.1; merging them with
 * current goods would flag, or unflag, the whole rate: OCA/l10n-spain PR #4976).
 */
function mergeDetails(rows: SiiVatDetail[]): SiiVatDetail[] {
  const byKey = new Map<string, SiiVatDetail>();
  for (const r of rows) {
    const key = `${r.rateBp}|${r.recargoRateBp ?? 0}|${r.investmentGood ? 'I' : 'C'}`;
    const prev = byKey.get(key);
    if (!prev) {
      byKey.set(key, { ...r });
      continue;
    }
    prev.baseCents = sumCents([prev.baseCents, r.baseCents]);
    prev.vatCents = sumCents([prev.vatCents, r.vatCents]);
    if (r.recargoCents !== undefined) prev.recargoCents = sumCents([prev.recargoCents ?? 0, r.recargoCents]);
  }
  return [...byKey.values()];
}

const recordError = (message: string, reason: string): AppError =>
  new AppError('TAX_023', message, { details: { reason } });

// --- issued invoices (libro registro de facturas expedidas, FE) ------------------------------------

/**
 * An issued invoice as the SII needs it: the fields an `InvoiceEvent` carries
 * (`invoiceEventPayload` of the invoices domain), so the stored `Invoice` itself also fits (the
 * backfill), plus what the sources add: the issuer's VAT regime at confirmation and an intra-EU
 * operation of art. 66 RIVA. `invoiceLines` (present on a stored invoice) feed the description.
 */
export type IssuedInvoiceSource = Pick<
  Invoice,
  | 'invoiceId'
  | 'companyId'
  | 'invoiceType'
  | 'invoiceDate'
  | 'operationDate'
  | 'series'
  | 'number'
  | 'invoiceNumber'
  | 'customer'
  | 'issuer'
  | 'breakdown'
  | 'totals'
  | 'irpfRateBp'
  | 'rectification'
  | 'siiStatus'
> & {
  vatRegime?: string | null;
  intraEuOperation?: IntraEuOperation | null;
  invoiceLines?: readonly Pick<InvoiceLine, 'description'>[];
};

type IssuedGroup = Invoice['breakdown'][number];

const numberOf = (src: Pick<IssuedInvoiceSource, 'invoiceNumber' | 'invoiceId'>): string => {
  if (!src.invoiceNumber) {
    throw recordError('La factura no tiene número: no está confirmada.', 'INVOICE_NOT_CONFIRMED');
  }
  return src.invoiceNumber.trim();
};

/** IDFactura of an issued invoice: our NIF, its number and date. */
const issuedIdOf = (src: IssuedInvoiceSource, companyNif: string): SiiInvoiceId => ({
  issuerNif: companyNif.trim().toUpperCase(),
  number: numberOf(src),
  issueDate: src.invoiceDate,
});

/**
 * Whether the invoice is under the criterio de caja: the regime recorded with it (the source's, else
 * its issuer snapshot's), else the company's now.
 */
function underCashCriterion(src: IssuedInvoiceSource, company: Pick<SiiCompany, 'cashCriterion'>): boolean {
  const regime = src.vatRegime ?? src.issuer?.vatRegime;
  return regime ? regime === 'CRITERIO_CAJA' : company.cashCriterion;
}

/**
 * ClaveRegimenEspecialOTrascendencia of an issued invoice (AEAT list L3.1), mirroring
 * verifactu-record.ts `claveRegimen`: exports (E2, art. 21 LIVA) are 02 whatever the regime; the
 * criterio de caja is 07 when the invoice charges VAT under it (art. 163 duodecies.Dos LIVA leaves
 * exports, intra-EU deliveries and reverse-charge operations out of the regime); everything else
 * 01. The SII list has no keys for the recargo de equivalencia or the simplified regime (VeriFacTu's
 * 18 and 20): 01. One-stop-shop groups (`ossCountry`) bring 17, the main key when the invoice has
 * nothing else (OCA's l10n_es_aeat_sii_oss: key 17, not subject by the place-of-supply rules).
 */
function issuedRegimeKeys(src: IssuedInvoiceSource, company: SiiCompany): string[] {
  const groups = src.breakdown;
  const exportKey = groups.some((g) => g.operation === 'E2') ? '02' : null;
  // 17 (L3.1): operations under the one-stop shop (capítulo XI del título IX LIVA), as VeriFacTu's key.
  const ossKey = groups.some((g) => g.ossCountry) ? '17' : null;
  const others = groups.filter((g) => g.operation !== 'E2' && !g.ossCountry);
  if (others.length === 0) return regimeKeyList([ossKey ?? exportKey ?? '01', exportKey]);
  const cash = underCashCriterion(src, company) && others.some((g) => g.operation === 'S1');
  return regimeKeyList([cash ? '07' : '01', exportKey, ossKey]);
}

/**
 * Goods (Entrega) or services (PrestacionServicios) for DesgloseTipoOperacion. The invoice lines do
 * not record it, so it follows from what the operation kind says in law:
 *  - recargo de equivalencia is charged only on deliveries of goods (art. 154 LIVA), and
 *    PrestacionServicios has no recargo fields (DetalleIVAEmitidaPrestacionType);
 *  - E5 exempts intra-EU deliveries of goods (art. 25 LIVA); E2 exports of goods (art. 21.1º–2º
 *    LIVA; as the open SII implementations do, also its 21.5º services);
 *  - S2: the domestic reverse charges of art. 84.Uno.2º b)–h) LIVA are deliveries (gold, scrap,
 *    real estate, mobile phones and computers…) except the construction works of f);
 *  - N2 is a service located abroad (arts. 69–70 LIVA; the product declares it in the 349 with key S);
 *  - anything else (S1, N1, E1, E3, E4, E6) cannot be told apart: a service, as the SII
 *    implementations without a goods/services flag send it (gisce/sii).
 */
function isGoods(g: IssuedGroup): boolean {
  if (g.recargoRateBp > 0) return true;
  return g.operation === 'E5' || g.operation === 'E2' || g.operation === 'S2';
}

/** Sujeta (Exenta / NoExenta) and NoSujeta of a set of breakdown groups. */
function breakdownOf(groups: readonly IssuedGroup[]): SiiBreakdown {
  const s1 = groups.filter((g) => g.operation === 'S1');
  const s2 = groups.filter((g) => g.operation === 'S2');
  const details = (list: readonly IssuedGroup[]): SiiVatDetail[] =>
    mergeDetails(
      list.map((g) => ({
        rateBp: g.vatRateBp,
        baseCents: g.baseCents,
        vatCents: g.vatCents,
        ...(g.recargoRateBp > 0 ? { recargoRateBp: g.recargoRateBp, recargoCents: g.recargoCents } : {}),
      })),
    );
  // S2: the customer accrues the VAT; the issuer reports the base with rate and quota 0.
  // S3: both in one desglose (DetalleIVA of the S1 groups, then those of the S2 groups at 0).
  const reverseCharged = (): SiiVatDetail[] => details(s2).map((d) => ({ ...d, rateBp: 0, vatCents: 0 }));
  const notExempt: SiiBreakdown['notExempt'] =
    s1.length > 0 && s2.length > 0
      ? { type: 'S3', details: details(s1), reverseChargeDetails: reverseCharged() }
      : s1.length > 0
        ? { type: 'S1', details: details(s1) }
        : s2.length > 0
          ? { type: 'S2', details: reverseCharged() }
          : null;
  const exempt = new Map<string, number>();
  for (const g of groups) {
    if (g.operation.startsWith('E'))
      exempt.set(g.operation, sumCents([exempt.get(g.operation) ?? 0, g.baseCents]));
  }
  const baseOf = (op: string) => sumCents(groups.filter((g) => g.operation === op).map((g) => g.baseCents));
  return {
    notExempt,
    exempt: [...exempt.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([cause, baseCents]) => ({ cause, baseCents })),
    notSubjectArt7_14Cents: baseOf('N1'),
    notSubjectLocationCents: baseOf('N2'),
  };
}

/**
 * TipoDesglose: DesgloseFactura for a counterparty with a Spanish NIF not starting with N (or none,
 * a simplified invoice); DesgloseTipoOperacion, split into services and goods, for a foreign one or
 * a NIF starting with N (non-resident entities): the AEAT design of FacturaExpedidaType, as
 * reference §5.3 notes.
 */
function issuedBreakdown(
  groups: readonly IssuedGroup[],
  counterparty: SiiCounterparty | null,
): SiiIssuedRecord['breakdown'] {
  const byOperation =
    counterparty !== null && (counterparty.otherId !== null || /^N/i.test(counterparty.nif ?? ''));
  if (!byOperation) return { kind: 'INVOICE', invoice: breakdownOf(groups) };
  const services = groups.filter((g) => !isGoods(g));
  const goods = groups.filter(isGoods);
  return {
    kind: 'OPERATION',
    services: services.length > 0 ? breakdownOf(services) : null,
    goods: goods.length > 0 ? breakdownOf(goods) : null,
  };
}

/** Simplified invoices (F2) and their rectificativas (R5) may go without Contraparte. */
const withoutCounterparty = (type: string): boolean => type === 'F2' || type === 'R5';

function issuedRectification(src: IssuedInvoiceSource, companyNif: string): SiiIssuedRecord['rectification'] {
  const r = src.rectification;
  if (!src.invoiceType.startsWith('R') || !r) return null;
  const rectified = r.rectified.map(
    (x): SiiInvoiceId => ({
      issuerNif: companyNif.trim().toUpperCase(),
      number: x.invoiceNumber.trim(),
      issueDate: x.invoiceDate,
    }),
  );
  if (r.method === 'DIFFERENCES') return { method: 'I', rectified };
  // ImporteRectificacion: what the substituted invoices had (BaseRectificada, CuotaRectificada,
  // CuotaRecargoRectificado), as verifactu-record.ts sends it.
  return {
    method: 'S',
    rectified,
    rectifiedBaseCents: sumCents(r.rectified.map((x) => x.totals.baseCents)),
    rectifiedVatCents: sumCents(r.rectified.map((x) => x.totals.vatCents)),
    rectifiedRecargoCents: sumCents(r.rectified.map((x) => x.totals.recargoCents)),
  };
}

/** The FE record of a confirmed issued invoice (RegistroLRFacturasEmitidas). */
export function issuedRecord(src: IssuedInvoiceSource, company: SiiCompany): SiiIssuedRecord {
  if (src.breakdown.length === 0) {
    throw recordError('La factura no tiene desglose de IVA.', 'NO_BREAKDOWN');
  }
  const counterparty = withoutCounterparty(src.invoiceType)
    ? null
    : siiCounterpartyOf(src.customer?.name ?? '', src.customer?.taxId);
  const t = src.totals;
  return {
    book: 'FE',
    // The period of the accrual (art. 75 LIVA), as the 303 aggregates declare it.
    period: siiPeriodOf(accrualDateOf(src)),
    invoiceId: issuedIdOf(src, company.companyNif),
    invoiceType: src.invoiceType,
    regimeKeys: issuedRegimeKeys(src, company),
    description: descriptionOf(src.invoiceLines, src.rectification?.reason, `Factura ${numberOf(src)}`),
    // ImporteTotal: bases, VAT and recargo, before the IRPF withheld (as VeriFacTu's ImporteTotal).
    totalCents: sumCents([t.baseCents, t.vatCents, t.recargoCents]),
    counterparty,
    rectification: issuedRectification(src, company.companyNif),
    operationDate: src.operationDate && src.operationDate !== src.invoiceDate ? src.operationDate : null,
    breakdown: issuedBreakdown(src.breakdown, counterparty),
  };
}

// --- received invoices (libro registro de facturas recibidas, FR) ----------------------------------

const carriesVat = (g: Pick<ReceivedVatGroup, 'kind'>): boolean =>
  g.kind !== 'EXEMPT' && g.kind !== 'NOT_SUBJECT';

/**
 * An import evidenced by its DUA (TipoFactura F5): every group is IMPORT and the DUA number is
 * known. As the AEAT design and the open implementations (OCA l10n_es_aeat_sii_oca) record it, the
 * importer itself is the issuer and the counterparty, and the DUA is the document number.
 */
const isDua = (r: ReceivedInvoice): boolean =>
  Boolean(r.customsDocument) &&
  !r.invoiceType.startsWith('R') &&
  r.totals.breakdown.length > 0 &&
  r.totals.breakdown.every((g) => g.kind === 'IMPORT');

/**
 * ClaveRegimenEspecialOTrascendencia of a received invoice (AEAT list L3.2): 09 intra-EU
 * acquisitions of goods and services; 13 an import informed without its DUA; 07 the criterio de
 * caja when the supplier charges VAT and either we are in the regime (art. 163 terdecies LIVA)
 * or the supplier is (`supplierCashCriterion`, art. 163 quinquiesdecies.Uno LIVA): both defer that
 * deduction to the payment (imports, intra-EU acquisitions and reverse charges are outside the
 * regime, art. 163 duodecies.Dos); 01 the rest.
 */
function receivedRegimeKeys(r: ReceivedInvoice, company: SiiCompany, dua: boolean): string[] {
  const groups = r.totals.breakdown;
  const intraEu = groups.some((g) => g.kind === 'INTRA_EU_GOODS' || g.kind === 'INTRA_EU_SERVICES');
  const importWithoutDua = !dua && groups.some((g) => g.kind === 'IMPORT');
  const general = groups.filter(
    (g) => g.kind !== 'INTRA_EU_GOODS' && g.kind !== 'INTRA_EU_SERVICES' && (dua || g.kind !== 'IMPORT'),
  );
  const cash =
    (company.cashCriterion || r.supplierCashCriterion === true) &&
    general.some((g) => g.kind === 'DOMESTIC' && g.vatCents !== 0);
  const generalKey = general.length > 0 ? (cash ? '07' : '01') : null;
  return regimeKeyList([generalKey, intraEu ? '09' : null, importWithoutDua ? '13' : null]);
}

/**
 * The FR record of a received invoice (RegistroLRFacturasRecibidas):
 *  - InversionSujetoPasivo: the self-assessed VAT of REVERSE_CHARGE and INTRA_EU_* lines (art.
 *    84.Uno.2º and arts. 13 and 69 LIVA: we accrue and deduct it);
 *  - DesgloseIVA: the VAT borne on DOMESTIC lines (with recargo) and paid on IMPORT; EXEMPT and
 *    NOT_SUBJECT lines with their base at rate 0 and quota 0 (received books record every base);
 *  - CuotaDeducible: the deductible VAT of the totals (art. 95 share, no recargo, art. 154 LIVA);
 *  - ImporteTotal: what the supplier invoices before IRPF (base, VAT charged, recargo); the
 *    self-assessed VAT is not on the supplier's invoice. For a DUA: base and customs VAT.
 */
export function receivedRecord(r: ReceivedInvoice, company: SiiCompany): SiiReceivedRecord {
  const dua = isDua(r);
  const supplier = siiCounterpartyOf(r.supplier.name, r.supplier.taxId);
  if (!dua && !supplier) {
    throw recordError('El proveedor no tiene NIF ni identificador fiscal.', 'NO_SUPPLIER_ID');
  }
  const ownNif = company.companyNif.trim().toUpperCase();
  const self: SiiCounterparty = { name: siiText(company.companyName, 120), nif: ownNif, otherId: null };
  const counterparty = dua ? self : supplier!;
  const groups = r.totals.breakdown;
  const detail = (g: ReceivedVatGroup): SiiVatDetail => ({
    rateBp: carriesVat(g) ? g.vatRateBp : 0,
    baseCents: g.baseCents,
    vatCents: carriesVat(g) ? g.vatCents : 0,
    ...(g.recargoRateBp > 0 ? { recargoRateBp: g.recargoRateBp, recargoCents: g.recargoCents } : {}),
    // BienInversion=S (DetalleIVARecibidaType / DetalleIVARecibida2Type, SII v1.1): arts. 107–108 LIVA.
    ...(g.investmentGoods ? { investmentGood: true } : {}),
  });
  const t = r.totals;
  const number = dua ? r.customsDocument!.trim() : r.supplierInvoiceNumber.trim();
  const rectification: SiiReceivedRecord['rectification'] =
    r.invoiceType.startsWith('R') && r.rectification
      ? {
          // Received rectificativas are always recorded by differences (received-invoices.ts).
          method: 'I',
          rectified: r.rectification.rectified.map((x) => ({
            ...issuerIdOf(counterparty),
            number: x.supplierInvoiceNumber.trim(),
            issueDate: x.issueDate,
          })),
        }
      : null;
  return {
    book: 'FR',
    // The period of the book date: the deduction's period, as the 303 aggregates take it.
    period: siiPeriodOf(receivedBookDate(r)),
    invoiceId: { ...issuerIdOf(counterparty), number, issueDate: r.issueDate },
    invoiceType: dua ? 'F5' : r.invoiceType,
    regimeKeys: receivedRegimeKeys(r, company, dua),
    description: descriptionOf(r.lines, r.rectification?.reason, `Factura ${number}`),
    totalCents: dua
      ? sumCents([t.baseCents, t.importVatCents])
      : sumCents([t.baseCents, t.supplierVatCents, t.recargoCents]),
    counterparty,
    rectification,
    // A DUA carries no FechaOperacion (OCA drops it for F5).
    operationDate: !dua && r.operationDate && r.operationDate !== r.issueDate ? r.operationDate : null,
    reverseCharge: mergeDetails(groups.filter((g) => isSelfAssessed(g.kind)).map(detail)),
    vat: mergeDetails(groups.filter((g) => !isSelfAssessed(g.kind)).map(detail)),
    accountingDate: receivedBookDate(r),
    deductibleVatCents: t.deductibleVatCents,
    ...(dua ? { customsDocument: number } : {}),
  };
}

// --- investment goods (libro registro de bienes de inversión, BI) ----------------------------------

/** Years after the first use in which the deduction is regularised: four (art. 107.Uno LIVA, movables). */
const REGULARISATION_YEARS = 4;
/** The regularised difference is spread over five years (art. 109.3º LIVA). */
const REGULARISATION_DIVISOR = 5;
/** Regularisation applies only to a difference of more than ten points (art. 107.Uno LIVA). */
const REGULARISATION_THRESHOLD_BP = 1000;

export interface SiiInvestmentOptions {
  companyNif: string;
  /** The importer's name (an import's DUA is issued to the company itself). */
  companyName?: string;
  /** The definitive prorrata of `year` (ProrrataAnualDefinitiva), in basis points. */
  definitiveProrrataBp: number;
  /** The year the BI record declares (PeriodoLiquidacion year, period 0A). */
  year: number;
}

/** A line's base as the totals computed it (they round each line once), in input order. */
function lineBaseOf(r: ReceivedInvoice, i: number): number {
  const stored = r.totals.lineBasesCents[i];
  if (stored !== undefined) return stored;
  const l = r.lines[i]!;
  return roundHalfUp(l.quantityMilli * l.unitPriceCents * (10_000 - l.discountBp), 10_000_000);
}

/**
 * RegularizacionAnualDeduccion of one good (arts. 107–109 LIVA): in each of the four years after
 * the year of first use, (quota × definitive prorrata of the year − quota × share deducted at
 * purchase) / 5, when the two percentages differ by more than ten points; 0 in the other years.
 * Positive is a further deduction, negative a repayment. Null when the line bore no VAT (nothing
 * was deducted, nothing to regularise). Land and buildings (ten years, divisor 10) are not told
 * apart by the received lines: the movable-goods rule is applied.
 */
function annualAdjustment(
  line: ReceivedInvoice['lines'][number],
  baseCents: number,
  startOfUse: string,
  opts: SiiInvestmentOptions,
): number | null {
  const quota = carriesVat(line) ? applyBp(baseCents, line.vatRateBp) : 0;
  if (quota === 0) return null;
  // Art. 154.Dos LIVA: with recargo nothing was deductible.
  const deductedBp = line.recargoRateBp > 0 ? 0 : line.deductibleBp;
  const firstYear = Number(startOfUse.slice(0, 4));
  const inPeriod = opts.year > firstYear && opts.year <= firstYear + REGULARISATION_YEARS;
  if (!inPeriod || Math.abs(opts.definitiveProrrataBp - deductedBp) <= REGULARISATION_THRESHOLD_BP) return 0;
  const difference = applyBp(quota, opts.definitiveProrrataBp) - applyBp(quota, deductedBp);
  return roundHalfUp(difference, REGULARISATION_DIVISOR);
}

/**
 * The BI records of a received invoice (RegistroLRBienesInversion): one per line marked as an
 * investment good (art. 108 LIVA), `sub` being its line number from 1 (the entry's document id is
 * `siiDocumentId(receivedInvoiceId, sub)`). IdentificacionBien is the line's description (≤40),
 * with the line number when two goods of the invoice would read the same; FechaInicioUtilizacion
 * the operation date, else the book date.
 */
export function investmentRecords(
  r: ReceivedInvoice,
  opts: SiiInvestmentOptions,
): { sub: number; record: SiiInvestmentRecord }[] {
  const dua = isDua(r);
  const supplier = siiCounterpartyOf(r.supplier.name, r.supplier.taxId);
  const issuer: Pick<SiiInvoiceId, 'issuerNif' | 'issuerOtherId'> =
    dua || !supplier
      ? { issuerNif: opts.companyNif.trim().toUpperCase(), issuerOtherId: null }
      : issuerIdOf(supplier);
  const invoiceId: SiiInvoiceId = {
    ...issuer,
    number: dua ? r.customsDocument!.trim() : r.supplierInvoiceNumber.trim(),
    issueDate: r.issueDate,
  };
  const startOfUse = r.operationDate || receivedBookDate(r);
  const goods = r.lines.map((line, i) => ({ line, i })).filter(({ line }) => line.investmentGoods);
  const names = goods.map(({ line }) => siiText(line.description, 40));
  return goods.map(({ line, i }, k) => {
    const sub = i + 1;
    const name = names[k]!;
    const repeated = names.filter((n) => n === name).length > 1;
    const suffix = ` #${sub}`;
    return {
      sub,
      record: {
        book: 'BI',
        period: { year: opts.year, period: '0A' },
        invoiceId,
        issuerName: dua || !supplier ? (opts.companyName ?? r.supplier.name) : supplier.name,
        goodIdentification: repeated ? `${siiText(name, 40 - suffix.length)}${suffix}` : name,
        startOfUseDate: startOfUse,
        definitiveProrrataBp: opts.definitiveProrrataBp,
        annualAdjustmentCents: annualAdjustment(line, lineBaseOf(r, i), startOfUse, opts),
      },
    };
  });
}

// --- determinadas operaciones intracomunitarias (OI) -----------------------------------------------

/**
 * The OI record of an invoice carrying an operation of art. 66.1 RIVA (goods sent or received for
 * the works and reports of art. 70.Uno.7º LIVA, TipoOperacion A; the transfers and acquisitions of
 * arts. 9.3º and 16.2º LIVA, B).
 *
 * ClaveDeclarado says what the declared party — the Contraparte of the record — is in the transport
 * (SuministroInformacion.xsd, OperacionIntracomunitariaType: D "DESTINATARIO", R "REMITENTE"): on
 * an issued invoice we send the goods to the other member state, so the counterparty is their
 * recipient (D); on a received one it sent them to us (R). IDFactura names the invoice's issuer: us
 * (the Titular) on the issued side, the supplier on the received side.
 */
export function intraEuRecord(
  side: 'ISSUED',
  source: IssuedInvoiceSource,
  op: IntraEuOperation,
  company: Pick<SiiCompany, 'companyNif' | 'companyName'>,
): SiiIntraEuRecord;
export function intraEuRecord(
  side: 'RECEIVED',
  source: ReceivedInvoice,
  op: IntraEuOperation,
  company: Pick<SiiCompany, 'companyNif' | 'companyName'>,
): SiiIntraEuRecord;
export function intraEuRecord(
  side: 'ISSUED' | 'RECEIVED',
  source: IssuedInvoiceSource | ReceivedInvoice,
  op: IntraEuOperation,
  company: Pick<SiiCompany, 'companyNif' | 'companyName'>,
): SiiIntraEuRecord {
  let invoiceId: SiiInvoiceId;
  let counterparty: SiiCounterparty | null;
  let period: SiiPeriod;
  if (side === 'ISSUED') {
    const src = source as IssuedInvoiceSource;
    invoiceId = issuedIdOf(src, company.companyNif);
    counterparty = siiCounterpartyOf(src.customer?.name ?? '', src.customer?.taxId);
    period = siiPeriodOf(accrualDateOf(src));
  } else {
    const r = source as ReceivedInvoice;
    counterparty = siiCounterpartyOf(r.supplier.name, r.supplier.taxId);
    invoiceId = {
      ...(counterparty ? issuerIdOf(counterparty) : { issuerNif: null, issuerOtherId: null }),
      number: r.supplierInvoiceNumber.trim(),
      issueDate: r.issueDate,
    };
    period = siiPeriodOf(receivedBookDate(r));
  }
  if (!counterparty) {
    // Contraparte is required in the OI book (LROperacionIntracomunitariaType).
    throw recordError(
      'La operación intracomunitaria necesita el NIF o NIF-IVA de la otra parte.',
      'NO_COUNTERPARTY_ID',
    );
  }
  return {
    book: 'OI',
    period,
    invoiceId,
    counterparty,
    operationType: op.operationType,
    declaredKey: side === 'ISSUED' ? 'D' : 'R',
    memberState: op.memberState,
    termDays: op.termDays ?? null,
    goodsDescription: siiText(op.goodsDescription, 40),
    operatorAddress: siiText(op.operatorAddress, 120),
    // FacturasODocumentacion: the documents given, else the invoice the record comes from.
    invoicesOrDocuments: siiText(op.invoicesOrDocuments?.trim() || invoiceId.number, 150),
  };
}

// --- collections and payments under the criterio de caja (RECC) -----------------------------------

/**
 * The method a collection or payment is recorded with when the VAT accrues without one: on 31
 * December of the year after the operation (art. 163 terdecies.Uno LIVA) or on the recipient's
 * insolvency. MedioPago 03 "No se cobra / paga (fecha límite de devengo / devengo forzoso en
 * concurso de acreedores)".
 */
export const SII_FORCED_ACCRUAL_METHOD = 'FORCED_ACCRUAL';

/** The forced accrual date of an operation under the criterio de caja (art. 163 terdecies.Uno LIVA). */
export const forcedAccrualDate = (operationDate: string): string =>
  `${Number(operationDate.slice(0, 4)) + 1}-12-31`;

type ProductMethod = PaymentMethod | (typeof RECEIVED_PAYMENT_METHODS)[number];

/** Cuenta_O_Medio when no account is known: the means used, in words. */
const METHOD_NAMES: Record<ProductMethod | typeof SII_FORCED_ACCRUAL_METHOD, string> = {
  TRANSFER: 'Transferencia',
  DIRECT_DEBIT: 'Domiciliación bancaria',
  CARD: 'Tarjeta',
  CASH: 'Efectivo',
  CHECK: 'Cheque',
  OTHER: 'Otros',
  FORCED_ACCRUAL: 'Devengo forzoso',
};

/**
 * MedioPago (MedioPagoType): 01 transfer, 02 cheque, 03 no collection/payment (forced accrual), 04
 * any other (card, cash, other), 05 domiciliación bancaria (direct debit).
 */
export function siiPaymentMedium(
  method: string | null | undefined,
): SiiCashRecord['payments'][number]['method'] {
  if (method === 'TRANSFER') return '01';
  if (method === 'CHECK') return '02';
  if (method === SII_FORCED_ACCRUAL_METHOD) return '03';
  if (method === 'DIRECT_DEBIT') return '05';
  return '04';
}

export interface SiiPaymentInput {
  paymentId: string;
  /** The day collected or paid (ISO). */
  date: string;
  amountCents: number;
  /** The product's payment method, or SII_FORCED_ACCRUAL_METHOD. */
  method?: string | null;
  /** The bank account (IBAN) or means used; Cuenta_O_Medio (≤34). */
  account?: string | null;
}

function paymentOf(p: SiiPaymentInput): SiiCashRecord['payments'][number] {
  const named =
    p.method && p.method in METHOD_NAMES ? METHOD_NAMES[p.method as keyof typeof METHOD_NAMES] : '';
  return {
    date: p.date,
    amountCents: p.amountCents,
    method: siiPaymentMedium(p.method),
    account: siiText(p.account?.trim() || named, 34),
  };
}

/** A collection of an issued invoice under the criterio de caja (SuministroLRCobrosEmitidas). */
export function collectionRecord(
  src: IssuedInvoiceSource,
  company: Pick<SiiCompany, 'companyNif'>,
  payment: SiiPaymentInput,
): SiiCashRecord {
  return {
    book: 'RECC',
    direction: 'COLLECTION',
    invoiceId: issuedIdOf(src, company.companyNif),
    payments: [paymentOf(payment)],
  };
}

/**
 * A payment of a received invoice (SuministroLRPagosRecibidas): IDFactura with the supplier's
 * name, as IDFacturaRecibidaNombreBCType requires.
 */
export function paymentRecord(r: ReceivedInvoice, payment: SiiPaymentInput): SiiCashRecord {
  const supplier = siiCounterpartyOf(r.supplier.name, r.supplier.taxId);
  if (!supplier) throw recordError('El proveedor no tiene NIF ni identificador fiscal.', 'NO_SUPPLIER_ID');
  return {
    book: 'RECC',
    direction: 'PAYMENT',
    invoiceId: { ...issuerIdOf(supplier), number: r.supplierInvoiceNumber.trim(), issueDate: r.issueDate },
    issuerName: supplier.name,
    payments: [paymentOf(payment)],
  };
}

// --- corrections and summaries ---------------------------------------------------------------------

type Corrections = NonNullable<SiiRetryBody['corrections']>;

const invalid = (message: string, field: string): AppError => new AppError('CORE_004', message, { field });

/** The counterparty after the corrections; null when none was asked for. */
function correctedCounterparty(current: SiiCounterparty | null, c: Corrections): SiiCounterparty | null {
  if (c.counterpartyNif && c.counterpartyOtherId) {
    throw invalid(
      'Indica el NIF o un identificador extranjero de la contraparte, no ambos.',
      'counterpartyNif',
    );
  }
  if (!c.counterpartyName && !c.counterpartyNif && !c.counterpartyOtherId) return null;
  const name = c.counterpartyName ? siiText(c.counterpartyName, 120) : current?.name;
  if (!name) throw invalid('Indica el nombre de la contraparte.', 'counterpartyName');
  if (c.counterpartyNif) return { name, nif: c.counterpartyNif.trim().toUpperCase(), otherId: null };
  if (c.counterpartyOtherId) {
    const o = c.counterpartyOtherId;
    return { name, nif: null, otherId: { countryCode: o.countryCode, idType: o.idType, id: o.id.trim() } };
  }
  if (!current) throw invalid('Indica el NIF o un identificador de la contraparte.', 'counterpartyNif');
  return { ...current, name };
}

const withRegimeKey = (keys: readonly string[], key: string | undefined): string[] =>
  key ? regimeKeyList([key, ...keys]) : [...keys];

/**
 * A rejected record with the user's corrections (POST /sii/entries/{book}/{documentId}/retry): the
 * counterparty's name and NIF or IDOtro (e.g. 07 "no censado" after error 1117), the description
 * and the main regime key. When the counterparty issued the invoice (FR, OI declared R, RECC
 * payments, BI) its IDEmisorFactura follows the corrected id. Fields a record does not carry are
 * ignored. Returns a new record.
 */
export function applyCorrections(record: SiiRecord, corrections: Corrections): SiiRecord {
  const c = corrections;
  const next = structuredClone(record);
  switch (next.book) {
    case 'FE':
    case 'FR': {
      const cp = correctedCounterparty(next.counterparty, c);
      if (cp) {
        next.counterparty = cp;
        if (next.book === 'FR') Object.assign(next.invoiceId, issuerIdOf(cp));
      }
      if (c.description) next.description = siiText(c.description, 500);
      next.regimeKeys = withRegimeKey(next.regimeKeys, c.regimeKey);
      return next;
    }
    case 'OI': {
      const cp = correctedCounterparty(next.counterparty, c);
      if (cp) {
        next.counterparty = cp;
        if (next.declaredKey === 'R') Object.assign(next.invoiceId, issuerIdOf(cp));
      }
      return next;
    }
    case 'RECC': {
      if (next.direction !== 'PAYMENT') return next;
      const current: SiiCounterparty = {
        name: next.issuerName ?? '',
        nif: next.invoiceId.issuerNif,
        otherId: next.invoiceId.issuerOtherId ?? null,
      };
      const cp = correctedCounterparty(current, c);
      if (cp) {
        next.issuerName = cp.name;
        Object.assign(next.invoiceId, issuerIdOf(cp));
      }
      return next;
    }
    case 'BI': {
      if (c.counterpartyNif || c.counterpartyOtherId) {
        const cp = correctedCounterparty({ name: '-', nif: null, otherId: null }, c)!;
        Object.assign(next.invoiceId, issuerIdOf(cp));
      }
      return next;
    }
  }
}

export interface SiiEntrySummary {
  documentNumber: string;
  counterpartyName: string | null;
  counterpartyTaxId: string | null;
  issueDate: string;
  totalCents: number;
}

const taxIdText = (c: {
  nif: string | null;
  otherId?: SiiCounterparty['otherId'] | undefined;
}): string | null => c.nif ?? c.otherId?.id ?? null;

/**
 * What an entry shows of its record (SiiEntry documentNumber, counterpartyName, counterpartyTaxId,
 * issueDate, totalCents). BI records carry no amount but the regularisation, OI records none (0);
 * RECC shows what was collected or paid; a collection's record does not name the customer.
 */
export function entrySummary(record: SiiRecord): SiiEntrySummary {
  const base = { documentNumber: record.invoiceId.number, issueDate: record.invoiceId.issueDate };
  switch (record.book) {
    case 'FE':
    case 'FR':
      return {
        ...base,
        counterpartyName: record.counterparty?.name ?? null,
        counterpartyTaxId: record.counterparty ? taxIdText(record.counterparty) : null,
        totalCents: record.totalCents,
      };
    case 'OI':
      return {
        ...base,
        counterpartyName: record.counterparty.name,
        counterpartyTaxId: taxIdText(record.counterparty),
        totalCents: 0,
      };
    case 'BI':
      return {
        ...base,
        counterpartyName: null,
        counterpartyTaxId: taxIdText({
          nif: record.invoiceId.issuerNif,
          otherId: record.invoiceId.issuerOtherId,
        }),
        totalCents: record.annualAdjustmentCents ?? 0,
      };
    case 'RECC':
      return {
        ...base,
        counterpartyName: record.direction === 'PAYMENT' ? (record.issuerName ?? null) : null,
        counterpartyTaxId:
          record.direction === 'PAYMENT'
            ? taxIdText({ nif: record.invoiceId.issuerNif, otherId: record.invoiceId.issuerOtherId })
            : null,
        totalCents: sumCents(record.payments.map((p) => p.amountCents)),
      };
  }
}
