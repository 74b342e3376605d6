/**
 * What the annual returns' checklists (./annual-checklists.ts, issue 15 item 4) are built from, read
 * out of what Cuadra stores: the year's running aggregates, the stored instalments of the year and the
 * tax profile's versions. Pure; shared by the taxmodels domain (the checklists' routes) and the pdf
 * domain (their PDF), which read the same items each from its own store. Amounts in céntimos.
 *
 * - figures: the year's by-tax-key lines summed with the rules of the 130 (./models/model-130.ts, its
 *   [01] and the books' part of its [02], reference notes §2.3): income, Σ base of every ISSUED
 *   VAT-group key (the `IRPF` key and the criterio de caja settlements `CAJA|…` are skipped: the latter
 *   repeat amounts of the invoice keys); expenses, Σ over the RECEIVED keys of current goods and
 *   services of the base plus the VAT and recargo not deducted (the prorrata of the facts applied, arts.
 *   102-104 LIVA), without the 5 % provision of art. 30.2.4ª LIRPF (a figure of the annual return, not of
 *   the books); investment goods apart (amortised, not an expense of the year); withholdings borne, Σ
 *   irpf of the ISSUED `IRPF` key (art. 110.3.a RIRPF) and applied, Σ irpf of the RECEIVED `IRPF|…` keys
 *   (paid in through 111/115/123/216); the invoices counted by the invoice-type lines (one per invoice,
 *   rectificativas included). Null when the year has no books at all.
 * - instalments: every period of the 130, the 131 (quarters) and the 202 (1P-3P) with its stored return's
 *   status and result, NOT_GENERATED without one.
 * - census changes: each version of the profile that took effect within the year, described against
 *   the version before it ('Régimen de IVA: Régimen general → Régimen simplificado').
 * - due dates: the fiscal calendar's (./tax-calendar.ts `deadlineOf`): 100, 720 and 200 (the tax period
 *   ending in the year, its `fiscalYearEnd`) for the year; 369 its 4T (the year's last return); 036 one
 *   month after the year's latest census change (art. 10.3 RGAT), none without changes.
 */

import type { CompanyType } from '../db/records';
import {
  irpfMethodLabels,
  type TaxModel,
  type TaxProfile,
  type TaxProfileFacts,
  type TaxProfileVersion,
  vatRegimeLabels,
  vatZoneLabels,
} from '../schemas/tax-profile';
import {
  CASH_KEY_PREFIX,
  IRPF_KEY,
  IRPF_KEY_PREFIX,
  parseIssuedKey,
  parseReceivedKey,
} from './aggregate-keys';
import {
  type AnnualChecklist,
  buildAnnualChecklist,
  type CensusChange,
  CHECKLIST_MODELS,
  type ChecklistFigures,
  type ChecklistInstalment,
  type ChecklistModel,
} from './annual-checklists';
import type { PeriodLines } from './models/types';
import { applyBp } from './money';
import { deadlineOf } from './tax-calendar';
import { versionAt } from './tax-obligations';

// --- figures -------------------------------------------------------------------------------------

const hasLines = (lines: PeriodLines): boolean =>
  lines.byKey.ISSUED.length > 0 ||
  lines.byKey.RECEIVED.length > 0 ||
  lines.byInvoiceType.ISSUED.length > 0 ||
  lines.byInvoiceType.RECEIVED.length > 0;

/** The year's figures from its aggregates (see the header); null without books. */
export function checklistFigures(year: PeriodLines, prorrataBp: number | null): ChecklistFigures | null {
  if (!hasLines(year)) return null;
  let incomeCents = 0;
  let withholdingsBorneCents = 0;
  for (const l of year.byKey.ISSUED) {
    if (l.taxKey === IRPF_KEY) withholdingsBorneCents += l.irpfCents;
    else if (l.taxKey.startsWith(CASH_KEY_PREFIX)) continue;
    else if (parseIssuedKey(l.taxKey)) incomeCents += l.baseCents;
  }
  let expenseBases = 0;
  let vatCharged = 0;
  let vatDeductible = 0;
  let investmentGoodsCents = 0;
  let withholdingsAppliedCents = 0;
  for (const l of year.byKey.RECEIVED) {
    if (l.taxKey === IRPF_KEY || l.taxKey.startsWith(IRPF_KEY_PREFIX)) {
      withholdingsAppliedCents += l.irpfCents;
      continue;
    }
    const k = parseReceivedKey(l.taxKey);
    if (!k) continue;
    if (k.investmentGoods) {
      investmentGoodsCents += l.baseCents;
      continue;
    }
    expenseBases += l.baseCents;
    vatCharged += l.vatCents + l.recargoCents;
    vatDeductible += l.deductibleVatCents;
  }
  const deducted = prorrataBp === null ? vatDeductible : applyBp(vatDeductible, prorrataBp);
  const count = (book: 'ISSUED' | 'RECEIVED') => year.byInvoiceType[book].reduce((n, l) => n + l.count, 0);
  return {
    incomeCents,
    expensesCents: expenseBases + vatCharged - deducted,
    investmentGoodsCents,
    withholdingsBorneCents,
    withholdingsAppliedCents,
    issuedCount: count('ISSUED'),
    receivedCount: count('RECEIVED'),
  };
}

// --- instalments ---------------------------------------------------------------------------------

/** A stored return as the checklists read it (the taxmodels domain's `TaxModelView`). */
export interface StoredReturnSummary {
  modelType: string;
  year: number;
  period: string;
  status: 'MODEL_GENERATED' | 'SUBMITTED' | 'OBLIGATION_GENERATED';
  result: { amountCents: number };
}

const INSTALMENT_PERIODS: Record<ChecklistInstalment['modelType'], readonly string[]> = {
  '130': ['1T', '2T', '3T', '4T'],
  '131': ['1T', '2T', '3T', '4T'],
  '202': ['1P', '2P', '3P'],
};

/** Every instalment period of the year with its stored return (NOT_GENERATED without one). */
export function checklistInstalments(
  year: number,
  stored: readonly StoredReturnSummary[],
): ChecklistInstalment[] {
  const out: ChecklistInstalment[] = [];
  for (const modelType of Object.keys(INSTALMENT_PERIODS) as ChecklistInstalment['modelType'][]) {
    for (const period of INSTALMENT_PERIODS[modelType]) {
      const m = stored.find((s) => s.modelType === modelType && s.year === year && s.period === period);
      out.push(
        m
          ? { modelType, period, status: m.status, resultCents: m.result.amountCents }
          : { modelType, period, status: 'NOT_GENERATED', resultCents: null },
      );
    }
  }
  return out;
}

// --- census changes --------------------------------------------------------------------------------

const yesNo = (v: boolean): string => (v ? 'Sí' : 'No');
const percent = (bp: number): string => `${String(bp / 100).replace('.', ',')} %`;

/** How each fact of the profile is named and written in a census change (Spanish, for the screen). */
const FACT_TEXT: {
  [K in keyof TaxProfileFacts]: { label: string; text: (v: TaxProfileFacts[K]) => string };
} = {
  vatRegime: { label: 'Régimen de IVA', text: (v) => vatRegimeLabels[v] },
  vatZone: { label: 'Territorio', text: (v) => vatZoneLabels[v] },
  siiEnabled: { label: 'Suministro Inmediato de Información (SII)', text: yesNo },
  largeCompany: { label: 'Gran empresa', text: yesNo },
  redeme: { label: 'Registro de devolución mensual (REDEME)', text: yesNo },
  vatGroup: { label: 'Grupo de entidades de IVA', text: yesNo },
  cashAccounting: { label: 'Criterio de caja', text: yesNo },
  prorrataBp: { label: 'Prorrata', text: (v) => (v === null ? 'Sin prorrata' : percent(v)) },
  irpfMethod: { label: 'Método del IRPF', text: (v) => (v === null ? 'Ninguno' : irpfMethodLabels[v]) },
  withholdingExemption130: { label: 'Exención del modelo 130 (70 % de ingresos con retención)', text: yesNo },
  irpfRateBp: { label: 'Retención de IRPF en las facturas', text: percent },
  hasEmployees: { label: 'Personas trabajadoras', text: yesNo },
  paysProfessionals: { label: 'Pagos a profesionales con retención', text: yesNo },
  rentsPremises: { label: 'Alquiler de local con retención', text: yesNo },
  paysDividendsOrInterest: { label: 'Dividendos o intereses con retención', text: yesNo },
  paysNonResidents: { label: 'Rentas a no residentes', text: yesNo },
  intraEuOperations: { label: 'Operaciones intracomunitarias', text: yesNo },
  intraEuMonthly: { label: 'Modelo 349 mensual', text: yesNo },
  ossRegistered: { label: 'Ventanilla única del IVA (OSS)', text: yesNo },
  assetsAbroad: { label: 'Bienes en el extranjero de más de 50.000 €', text: yesNo },
  domiciliation: {
    label: 'Domiciliación del pago',
    text: (v) => {
      const models = Object.entries(v)
        .filter(([, on]) => on)
        .map(([m]) => m)
        .sort();
      return models.length > 0 ? models.join(', ') : 'Ninguno';
    },
  },
  fiscalYearEnd: { label: 'Cierre del ejercicio', text: (v) => v.split('-').reverse().join('/') },
};

/** What changed between two versions' facts, one Spanish line per fact ('Criterio de caja: No → Sí'). */
export function describeFactChanges(before: TaxProfileFacts, after: TaxProfileFacts): string[] {
  const out: string[] = [];
  for (const key of Object.keys(FACT_TEXT) as (keyof TaxProfileFacts)[]) {
    const describe = FACT_TEXT[key] as { label: string; text: (v: unknown) => string };
    const from = describe.text(before[key]);
    const to = describe.text(after[key]);
    if (from !== to) out.push(`${describe.label}: ${from} → ${to}`);
  }
  return out;
}

/** The versions that took effect within the year (not the profile's first), with what each changed. */
export function censusChanges(versions: readonly TaxProfileVersion[], year: number): CensusChange[] {
  const sorted = [...versions].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  const out: CensusChange[] = [];
  sorted.forEach((v, i) => {
    const previous = sorted[i - 1];
    if (!previous || !v.effectiveFrom.startsWith(`${year}-`)) return;
    const changes = describeFactChanges(previous.facts, v.facts);
    if (changes.length > 0) out.push({ effectiveFrom: v.effectiveFrom, changes });
  });
  return out;
}

// --- due dates -------------------------------------------------------------------------------------

/** The return's deadline from the fiscal calendar (see the header); null when it has none. */
export function checklistDueDate(
  modelType: ChecklistModel,
  year: number,
  facts: TaxProfileFacts,
  changes: readonly CensusChange[],
): string | null {
  const of = (model: TaxModel, period: string, fiscalYearEnd?: string) => {
    try {
      return deadlineOf({ model, year, period, ...(fiscalYearEnd ? { fiscalYearEnd } : {}) }).dueDate;
    } catch (e) {
      if (e instanceof RangeError) return null;
      throw e;
    }
  };
  switch (modelType) {
    case '100':
    case '720':
      return of(modelType, '0A');
    case '200':
      return of('200', '0A', facts.fiscalYearEnd);
    case '369':
      return of('369', '4T');
    case '036': {
      const latest = changes.at(-1);
      return latest ? of('036', latest.effectiveFrom) : null;
    }
  }
}

// --- the checklists --------------------------------------------------------------------------------

export interface ChecklistSources {
  year: number;
  /** Today in Spain (ISO): the facts of the current year are today's, not a future version's. */
  today: string;
  profile: Pick<TaxProfile, 'companyType' | 'facts' | 'versions'>;
  /** The year's aggregates, summed over its quarters. */
  lines: PeriodLines;
  /** The company's stored returns of the year (any model: the instalments are picked out). */
  stored: readonly StoredReturnSummary[];
}

export const isChecklistModel = (value: string): value is ChecklistModel =>
  (CHECKLIST_MODELS as readonly string[]).includes(value);

/** The facts in force at the end of the year, or today for the current year. */
export function checklistFacts(
  sources: Pick<ChecklistSources, 'year' | 'today' | 'profile'>,
): TaxProfileFacts {
  const end = `${sources.year}-12-31`;
  const at = sources.today < end ? sources.today : end;
  const { versions } = sources.profile;
  return versionAt([...versions], at)?.facts ?? versions[0]?.facts ?? sources.profile.facts;
}

/** The checklists of the given annual returns (default: all five) for a company and year. */
export function annualChecklists(
  sources: ChecklistSources,
  models: readonly ChecklistModel[] = CHECKLIST_MODELS,
): AnnualChecklist[] {
  const facts = checklistFacts(sources);
  const figures = checklistFigures(sources.lines, facts.prorrataBp);
  const instalments = checklistInstalments(sources.year, sources.stored);
  const changes = censusChanges(sources.profile.versions, sources.year);
  const companyType: CompanyType = sources.profile.companyType;
  return models.map((modelType) =>
    buildAnnualChecklist({
      modelType,
      year: sources.year,
      companyType,
      facts,
      figures,
      instalments,
      censusChanges: changes,
      dueDate: checklistDueDate(modelType, sources.year, facts, changes),
    }),
  );
}
