/**
 * Pure: a document's reading (`Extraction`, shared/schemas/documents.ts) as a received-invoice
 * draft (issue 17 item 3): the issuer's tax id, one line per VAT base, the recargo on its base, the
 * IRPF as the invoice's withholding, and which fields are missing or do not add up. The draft is a
 * received invoice like any other (PENDING approval), so the body goes through the same schema as
 * `POST /received-invoices`; the totals are those the expenses code computes, and a reading whose
 * printed total they do not reproduce is INCOMPLETE (`totalCents`).
 */

import { applyBp } from '@shared/fiscal/money';
import { validateTaxId } from '@shared/fiscal/nif';
import { computeReceivedInvoiceTotals, taxIdCountry } from '@shared/fiscal/received-invoice-totals';
import { allowedRecargoBps, VAT_RATE_BPS } from '@shared/fiscal/vat';
import { ISO_COUNTRIES, isEuCountry, validateEuVatNumber } from '@shared/schemas/countries';
import {
  EXTRACTION_FIELDS,
  type Extraction,
  type ExtractionCorrection,
  type ExtractionNotes,
} from '@shared/schemas/documents';
import type { SupplierTaxId } from '@shared/schemas/expenses';
import type { DraftField } from '@shared/schemas/received-invoice-draft';
import {
  CreateReceivedInvoiceBody,
  type ReceivedInvoiceTotals,
  type ReceivedLineKind,
} from '@shared/schemas/received-invoices';

/** The general rate: what an intra-EU acquisition or a reverse charge is self-assessed at unless a person says otherwise. */
const GENERAL_RATE_BP = 2100;
/** The rounding the law allows per base (art. 10 RD 1619/2012 rounds each quota once). */
const QUOTA_TOLERANCE_CENTS = 1;
const NOTES_MAX = 2000;

// --- the issuer's tax id -----------------------------------------------------------------------------

/**
 * The supplier's tax id as the expenses domain stores it: a valid Spanish NIF; an EU VAT number
 * (NIF-IVA, AEAT IDType 02) whose prefix names its member state (EL is Greece); a non-EU tax id
 * printed with its ISO country prefix (GB, CH, US, NO...) as "otro documento probatorio" (IDType
 * 04, the country from the prefix); null when it is none of these (unread, or a foreign id a
 * person must type with its kind).
 */
export function supplierTaxIdFromNif(nif: string | null): SupplierTaxId | null {
  if (!nif) return null;
  const text = nif.toUpperCase().replace(/[\s.\-_/]/g, '');
  const spanish = validateTaxId(text.startsWith('ES') && text.length > 9 ? text.slice(2) : text);
  if (spanish.valid) return spanish.normalized;
  const prefix = text.slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix;
  if (!/^[A-Z]{2}$/.test(prefix) || country === 'ES') return null;
  if (isEuCountry(country)) {
    const eu = validateEuVatNumber(text, country);
    return eu.valid ? { type: 'NIF_IVA', value: eu.normalized, country } : null;
  }
  // AEAT IDOtro.ID holds at most 20 characters; the id must carry digits beyond its prefix.
  if (!ISO_COUNTRIES.has(country) || text.length > 20 || !/\d/.test(text.slice(2))) return null;
  return { type: 'OTHER_ID', value: text, country };
}

// --- lines -------------------------------------------------------------------------------------------

/** 2100 -> '21', 550 -> '5,5', 520 -> '5,2' (Spanish decimal comma). */
export function ratePercentText(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const fraction = String(rateBp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : String(whole);
}

const hasMention = (notes: Pick<ExtractionNotes, 'mentions'>, ...names: string[]): boolean =>
  notes.mentions.some((m) => names.includes(m.toUpperCase()));

interface LinePlan {
  kind: ReceivedLineKind;
  vatRateBp: number;
  description: string;
  /** The self-assessed rate was assumed, not read. */
  assumedRate: boolean;
}

/**
 * How a base is borne. A rate above 0: VAT charged by the supplier (DOMESTIC). A rate of 0: an EU
 * supplier's invoice saying intra-EU or reverse charge is an adquisición intracomunitaria (arts. 13
 * and 69 LIVA; services unless it says goods; the mention is not needed), any other reverse-charge mention an inversión del
 * sujeto pasivo (art. 84.Uno.2º LIVA), both self-assessed at the general rate (to be confirmed: the
 * invoice does not print our rate); an exemption mention EXEMPT; a not-subject mention NOT_SUBJECT;
 * otherwise the 0 % rate.
 */
export function linePlanFor(
  rateBp: number,
  notes: Pick<ExtractionNotes, 'mentions'>,
  supplierCountry: string,
): LinePlan {
  const rate = ratePercentText(rateBp);
  if (rateBp > 0) {
    return {
      kind: 'DOMESTIC',
      vatRateBp: rateBp,
      description: `Base imponible al ${rate} %`,
      assumedRate: false,
    };
  }
  const euSupplier = supplierCountry !== 'ES' && isEuCountry(supplierCountry);
  const nonEuSupplier = supplierCountry !== 'ES' && !euSupplier;
  // An EU business invoicing us by its NIF-IVA without VAT is an intra-EU operation whether or not
  // the mention was read (arts. 25 and 69 LIVA: exempt delivery there, acquisition here).
  if (euSupplier && !hasMention(notes, 'EXEMPT', 'NOT_SUBJECT')) {
    const goods = hasMention(notes, 'INTRA_EU_GOODS', 'GOODS');
    return {
      kind: goods ? 'INTRA_EU_GOODS' : 'INTRA_EU_SERVICES',
      vatRateBp: GENERAL_RATE_BP,
      description: goods
        ? 'Adquisición intracomunitaria de bienes'
        : 'Adquisición intracomunitaria de servicios',
      assumedRate: true,
    };
  }
  // A business outside the EU invoicing without VAT: its services are ours to self-assess (arts. 69
  // and 84.Uno.2º LIVA); goods would come with a DUA (IMPORT), which a person records.
  if (hasMention(notes, 'REVERSE_CHARGE') || (nonEuSupplier && !hasMention(notes, 'EXEMPT', 'NOT_SUBJECT'))) {
    return {
      kind: 'REVERSE_CHARGE',
      vatRateBp: GENERAL_RATE_BP,
      description: 'Inversión del sujeto pasivo',
      assumedRate: true,
    };
  }
  if (hasMention(notes, 'EXEMPT')) {
    return { kind: 'EXEMPT', vatRateBp: 0, description: 'Operación exenta', assumedRate: false };
  }
  if (hasMention(notes, 'NOT_SUBJECT')) {
    return { kind: 'NOT_SUBJECT', vatRateBp: 0, description: 'Operación no sujeta', assumedRate: false };
  }
  return { kind: 'DOMESTIC', vatRateBp: 0, description: 'Base imponible al 0 %', assumedRate: false };
}

export interface DraftLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
  kind: ReceivedLineKind;
  recargoRateBp?: number;
}

/**
 * One line per base (quantity 1, price = the base), each recargo on the base whose VAT rate it
 * belongs to (art. 161 LIVA: 5,2 % on 21 %, 1,4 % on 10 %, 0,5 % on 4 %, 1,75 % tobacco). A base
 * at a rate that is not Spanish, or a recargo that fits no base, is a problem of that field.
 */
export function draftLines(
  extraction: Pick<Extraction, 'bases' | 'recargo'>,
  notes: Pick<ExtractionNotes, 'mentions'>,
  supplierCountry: string,
): { lines: DraftLine[]; problems: DraftField[]; warnings: string[] } {
  if (isIgicReading(extraction, notes)) return igicLines(extraction);
  const problems: DraftField[] = [];
  const warnings: string[] = [];
  const lines: DraftLine[] = [];
  for (const base of extraction.bases) {
    if (base.baseCents === 0) continue;
    if (!VAT_RATE_BPS.includes(base.rateBp)) {
      problems.push('bases');
      warnings.push(`El tipo de IVA leído (${ratePercentText(base.rateBp)} %) no es un tipo español.`);
      continue;
    }
    const plan = linePlanFor(base.rateBp, notes, supplierCountry);
    if (plan.assumedRate) {
      warnings.push(
        `${plan.description}: se autoliquida al ${ratePercentText(plan.vatRateBp)} %; confirma el tipo aplicable.`,
      );
    }
    lines.push({
      description: plan.description,
      quantity: 1,
      unitPriceCents: base.baseCents,
      vatRateBp: plan.vatRateBp,
      kind: plan.kind,
    });
  }
  const taken = new Set<number>();
  for (const r of extraction.recargo) {
    if (r.rateBp === 0 && r.quotaCents === 0) continue;
    const fits = lines
      .map((l, i) => ({ l, i }))
      .filter(
        ({ l, i }) =>
          !taken.has(i) && l.kind === 'DOMESTIC' && allowedRecargoBps(l.vatRateBp).includes(r.rateBp),
      );
    const exact = fits.find(
      ({ l }) => Math.abs(applyBp(l.unitPriceCents, r.rateBp) - r.quotaCents) <= QUOTA_TOLERANCE_CENTS,
    );
    const chosen = exact ?? fits[0];
    if (!chosen) {
      problems.push('recargo');
      warnings.push(
        `El recargo de equivalencia del ${ratePercentText(r.rateBp)} % no corresponde a ninguna base.`,
      );
      continue;
    }
    taken.add(chosen.i);
    chosen.l.recargoRateBp = r.rateBp;
  }
  return { lines, problems, warnings };
}

// --- IGIC (Canarias) -----------------------------------------------------------------------------------

/** IGIC rates (Ley 4/2014 de Canarias, art. 27 ff. Ley 20/1991): 0, 3, 7, 9,5, 15 and 20 %. */
export const IGIC_RATE_BPS: readonly number[] = [0, 300, 700, 950, 1500, 2000];
export const IGIC_WARNING = 'Factura con IGIC: revísala (no es IVA deducible en el modelo 303)';

/**
 * An invoice of a Canarias supplier: the reading says IGIC and its rates are IGIC's. Read first
 * (before the VAT rates): 0 %, and some day 15 or 20 %, are rates of both taxes.
 */
export const isIgicReading = (
  extraction: Pick<Extraction, 'bases'>,
  notes: Pick<ExtractionNotes, 'mentions'>,
): boolean =>
  hasMention(notes, 'IGIC') &&
  extraction.bases.length > 0 &&
  extraction.bases.every((b) => IGIC_RATE_BPS.includes(b.rateBp));

/**
 * The IGIC is not Spanish VAT (art. 3 LIVA: Canarias is outside its territory): nothing of it is
 * deducible in the 303 nor reported as VAT. Each base is a NOT_SUBJECT line and its IGIC quota
 * another, a cost borne like any other (non-deductible); the draft stays INCOMPLETE (`bases`) so a
 * person looks at it.
 */
function igicLines(extraction: Pick<Extraction, 'bases' | 'recargo'>): {
  lines: DraftLine[];
  problems: DraftField[];
  warnings: string[];
} {
  const lines: DraftLine[] = [];
  for (const b of extraction.bases) {
    if (b.baseCents === 0) continue;
    const rate = ratePercentText(b.rateBp);
    lines.push({
      description: `Base imponible (IGIC al ${rate} %)`,
      quantity: 1,
      unitPriceCents: b.baseCents,
      vatRateBp: 0,
      kind: 'NOT_SUBJECT',
    });
    if (b.quotaCents !== 0) {
      lines.push({
        description: `IGIC al ${rate} % (no deducible en el modelo 303)`,
        quantity: 1,
        unitPriceCents: b.quotaCents,
        vatRateBp: 0,
        kind: 'NOT_SUBJECT',
      });
    }
  }
  const problems: DraftField[] = ['bases'];
  if (extraction.recargo.some((r) => r.quotaCents !== 0)) problems.push('recargo');
  return { lines, problems, warnings: [IGIC_WARNING] };
}

// --- checks ------------------------------------------------------------------------------------------

/**
 * What the expenses code computes against what the invoice printed: each supplier-charged quota
 * (± 1 cent), the recargo, the IRPF withheld and the total payable (to the cent). Self-assessed
 * quotas are not printed by the supplier and are not compared.
 */
export function totalsProblems(
  extraction: Pick<Extraction, 'bases' | 'recargo' | 'irpf' | 'totalCents'>,
  lines: readonly DraftLine[],
  totals: ReceivedInvoiceTotals,
): DraftField[] {
  const problems: DraftField[] = [];
  for (const base of extraction.bases) {
    const line = lines.find(
      (l) => l.unitPriceCents === base.baseCents && l.kind === 'DOMESTIC' && l.vatRateBp === base.rateBp,
    );
    if (!line) continue;
    if (Math.abs(applyBp(base.baseCents, base.rateBp) - base.quotaCents) > QUOTA_TOLERANCE_CENTS) {
      problems.push('bases');
    }
  }
  const printedRecargo = extraction.recargo.reduce((s, r) => s + r.quotaCents, 0);
  if (
    Math.abs(printedRecargo - totals.recargoCents) >
    QUOTA_TOLERANCE_CENTS * Math.max(1, extraction.recargo.length)
  ) {
    problems.push('recargo');
  }
  if (extraction.irpf && Math.abs(extraction.irpf.amountCents - totals.irpfCents) > QUOTA_TOLERANCE_CENTS) {
    problems.push('irpf');
  }
  if (extraction.totalCents !== null && extraction.totalCents !== totals.totalCents)
    problems.push('totalCents');
  return problems;
}

// --- the draft ---------------------------------------------------------------------------------------

/** The supplier the draft names: a stored one (its own name), or the one read (created with the draft). */
export interface DraftSupplier {
  name: string;
  taxId: SupplierTaxId;
  /** A supplier of the company (its stored name stands; the read one is not needed). */
  stored: boolean;
}

export interface DraftPlan {
  /** The body of the received invoice; null when no valid one can be built from the reading. */
  body: CreateReceivedInvoiceBody | null;
  /**
   * What the reading gives even when no valid body can be built (then unchecked: an unread number or
   * date is '', an unread tax id '', only the lines at a Spanish rate): the draft kept out of the
   * book until a person completes it. The same object as `body` when that is valid.
   */
  partial: CreateReceivedInvoiceBody;
  /** The fields that make it INCOMPLETE, in the extraction's order (empty: CREATED). */
  missing: DraftField[];
  warnings: string[];
  totals: ReceivedInvoiceTotals;
}

/** Text read from a page may carry control characters no stored text may hold. */
const clean = (s: string | null | undefined): string | null => {
  const t = (s ?? '')
    .replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length > 0 ? t : null;
};

const FIELD_ORDER: readonly DraftField[] = [...EXTRACTION_FIELDS, 'rectifiedInvoice'];
const ordered = (fields: Iterable<DraftField>): DraftField[] => {
  const set = new Set(fields);
  return FIELD_ORDER.filter((f) => set.has(f));
};

const isIsoDate = (d: string | null | undefined): d is string =>
  typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));

/** The note the draft carries for the reviewer (Spanish, at most 2000 characters). */
function draftNote(
  fileName: string,
  extraction: Extraction,
  notes: ExtractionNotes,
  warnings: string[],
): string {
  const lines = [
    `Borrador creado a partir del documento «${clean(fileName) ?? 'documento'}» (lectura: ${extraction.source}).`,
    ...[...notes.warnings, ...warnings].map((w) => `- ${clean(w) ?? ''}`),
  ];
  const text = lines.join('\n');
  return text.length <= NOTES_MAX ? text : `${text.slice(0, NOTES_MAX - 1)}…`;
}

const totalsOf = (body: Pick<CreateReceivedInvoiceBody, 'lines' | 'irpfRateBp'>): ReceivedInvoiceTotals =>
  computeReceivedInvoiceTotals({
    lines: body.lines.map((l) => ({
      quantityMilli: l.quantity,
      unitPriceCents: l.unitPriceCents,
      discountBp: l.discountBp,
      vatRateBp: l.vatRateBp,
      kind: l.kind,
      deductibleBp: l.deductibleBp,
      recargoRateBp: l.recargoRateBp ?? 0,
      investmentGoods: l.investmentGoods,
    })),
    irpfRateBp: body.irpfRateBp,
  });

/**
 * A rectificativa (art. 15 RD 1619/2012) reads as negative figures: a total below zero, or no base
 * above zero and one below. R1 (art. 80 Uno, Dos and Seis LIVA: returns, discounts after the
 * invoice, a price altered) is the usual cause of a supplier's credit note; recorded by differences.
 */
const isRectificativaReading = (e: Pick<Extraction, 'bases' | 'totalCents'>): boolean =>
  (e.totalCents !== null && e.totalCents < 0) ||
  (e.bases.some((b) => b.baseCents < 0) && !e.bases.some((b) => b.baseCents > 0));

/**
 * The received-invoice body a reading makes, with what is missing. INCOMPLETE (`missing` not empty)
 * when the issuer's tax id, its name, the number, the date, the total or the bases were not read,
 * when the reading's own arithmetic did not close, when the totals the expenses code computes from
 * the lines differ from what the invoice printed, when it is not in euros, when it is an IGIC
 * invoice, or when a rectificativa does not say what it rectifies. `body` is null when even a valid
 * received invoice cannot be built; `partial` always holds what was read (the draft out of the book).
 */
export function draftFromExtraction(input: {
  extraction: Extraction;
  notes: ExtractionNotes;
  documentId: string;
  fileName: string;
  /** The stored supplier holding the read tax id, or the one the reading names (null: none readable). */
  supplier: DraftSupplier | null;
  expenseCategoryId: string | null;
  /** The day the document arrived (ISO date). */
  receivedDate: string;
  /** The invoice a rectificativa corrects, when it was read. */
  rectifies?: { invoiceNumber: string; issueDate: string } | null;
}): DraftPlan {
  const { extraction, notes } = input;
  const missing: DraftField[] = [];
  if (!input.supplier) missing.push('supplierNif');
  if (!clean(extraction.supplierName) && !input.supplier?.stored) missing.push('supplierName');
  const number = clean(extraction.invoiceNumber)?.slice(0, 60) ?? null;
  if (!number) missing.push('invoiceNumber');
  const issueDate = isIsoDate(extraction.issueDate) ? extraction.issueDate : null;
  if (!issueDate) missing.push('issueDate');
  if (extraction.totalCents === null) missing.push('totalCents');
  if (extraction.bases.length === 0) missing.push('bases');
  if (!notes.arithmeticOk) missing.push('totalCents');
  if (!notes.quotasOk) missing.push('bases');
  if (extraction.currency !== 'EUR') missing.push('currency');

  const country = input.supplier ? taxIdCountry(input.supplier.taxId) : 'ES';
  const { lines, problems, warnings } = draftLines(extraction, notes, country);
  missing.push(...problems);
  if (lines.length === 0) missing.push('bases');
  if (extraction.currency !== 'EUR') {
    warnings.push(`La factura está en ${extraction.currency}: indica los importes en euros.`);
  }
  const rectificativa = isRectificativaReading(extraction);
  const rectified =
    rectificativa &&
    input.rectifies &&
    isIsoDate(input.rectifies.issueDate) &&
    clean(input.rectifies.invoiceNumber)
      ? input.rectifies
      : null;
  if (rectificativa && !rectified) {
    missing.push('rectifiedInvoice');
    warnings.push('Factura rectificativa: indica la factura que rectifica (número y fecha de expedición).');
  }

  const irpfRateBp = extraction.irpf && extraction.irpf.rateBp > 0 ? extraction.irpf.rateBp : 0;
  const raw = {
    ...(input.supplier
      ? { supplier: { name: input.supplier.name, taxId: input.supplier.taxId } }
      : {
          supplier: {
            name: clean(extraction.supplierName)?.slice(0, 200) ?? 'Proveedor sin identificar',
            taxId: '',
          },
        }),
    supplierInvoiceNumber: number ?? '',
    ...(rectificativa
      ? {
          invoiceType: 'R1' as const,
          ...(rectified
            ? {
                rectification: {
                  method: 'DIFFERENCES' as const,
                  rectified: [
                    {
                      supplierInvoiceNumber: clean(rectified.invoiceNumber)!.slice(0, 60),
                      issueDate: rectified.issueDate,
                    },
                  ],
                },
              }
            : {}),
        }
      : {}),
    issueDate: issueDate ?? '',
    receivedDate: issueDate && input.receivedDate < issueDate ? issueDate : input.receivedDate,
    lines,
    irpfRateBp,
    ...(input.expenseCategoryId ? { expenseCategoryId: input.expenseCategoryId } : {}),
    notes: draftNote(input.fileName, extraction, notes, warnings),
    attachments: [
      { documentId: input.documentId, fileName: clean(input.fileName)?.slice(0, 255) ?? 'documento' },
    ],
    approvalStatus: 'PENDING',
  };
  const partial: CreateReceivedInvoiceBody = {
    invoiceType: 'F1',
    ...raw,
    // As the schema stores them: quantities in thousandths, the defaults filled in.
    lines: lines.map((l) => ({
      discountBp: 0,
      deductibleBp: 10_000,
      investmentGoods: false,
      ...l,
      quantity: l.quantity * 1000,
    })),
    approvalStatus: 'PENDING',
  };
  const parsed =
    input.supplier && number && issueDate && lines.length > 0
      ? CreateReceivedInvoiceBody.safeParse(raw)
      : null;
  if (!parsed?.success) {
    for (const issue of parsed?.error.issues ?? []) missing.push(fieldOfIssue(issue.path));
    return { body: null, partial, missing: ordered(missing), warnings, totals: totalsOf(partial) };
  }
  const body = parsed.data;
  const totals = totalsOf(body);
  missing.push(...totalsProblems(extraction, lines, totals));
  return { body, partial: body, missing: ordered(missing), warnings, totals };
}

/** The extraction field a refusal of the body points at. */
function fieldOfIssue(path: readonly PropertyKey[]): DraftField {
  const head = String(path[0] ?? '');
  if (head === 'supplier') return path[1] === 'name' ? 'supplierName' : 'supplierNif';
  if (head === 'supplierInvoiceNumber') return 'invoiceNumber';
  if (head === 'issueDate' || head === 'receivedDate') return 'issueDate';
  if (head === 'irpfRateBp') return 'irpf';
  if (head === 'rectification' || head === 'invoiceType') return 'rectifiedInvoice';
  if (head === 'lines' && path[2] === 'recargoRateBp') return 'recargo';
  return 'bases';
}

/**
 * The reading as a reviewer corrected it: every field the correction names replaces the read one
 * (a corrected field is exact: confidence 1); the arithmetic is then the expenses code's to check.
 */
export function applyCorrections(
  extraction: Extraction,
  corrections: ExtractionCorrection | undefined,
): { extraction: Extraction; changed: DraftField[] } {
  if (!corrections) return { extraction, changed: [] };
  const next: Extraction = { ...extraction, confidence: { ...extraction.confidence } };
  const changed: DraftField[] = [];
  const set = <K extends keyof ExtractionCorrection & DraftField>(k: K) => {
    const v = corrections[k];
    if (v === undefined) return;
    if (JSON.stringify(v) !== JSON.stringify(extraction[k])) changed.push(k);
    (next as unknown as Record<string, unknown>)[k] = v;
    next.confidence[k] = 1;
  };
  for (const k of EXTRACTION_FIELDS) set(k);
  return { extraction: next, changed };
}

/** The notes of a corrected reading: a person checked it, so the reading's own doubts no longer hold. */
export const reviewedNotes = (notes: ExtractionNotes): ExtractionNotes => ({
  ...notes,
  arithmeticOk: true,
  quotasOk: true,
  warnings: [],
});
