/**
 * The obligation engine (issue 13 item 2): from a company's tax profile (the census facts of
 * shared/schemas/tax-profile.ts, one version per change) to the AEAT returns it owes in a tax year,
 * each with its dates (shared/fiscal/tax-calendar.ts). Pure: the tax functions store the plan as
 * obligation items and reconcile it when the profile changes (`reconcileObligations`).
 *
 * Who files what and how often: ../shared/reference/tax-models.md §1, with the legal basis of each
 * rule beside it below. Rules marked [verify] are our reading and should be confirmed by a tax
 * adviser before anyone relies on them.
 */

import type { CompanyType } from '../db/records';
import {
  DOMICILIABLE_MODELS,
  type DomiciliableModel,
  filesVatMonthly,
  TAX_MODELS,
  type TaxModel,
  type TaxProfileFacts,
  type TaxProfileVersion,
} from '../schemas/tax-profile';
import { type Deadline, deadlineOf, type Periodicity, periodsOf } from './tax-calendar';

export interface PlannedObligation {
  /** `${year}-${model}-${period}` (stable; used as the item key). */
  obligationId: string;
  modelType: TaxModel;
  period: string;
  year: number;
  periodicity: Periodicity;
  periodStart: string;
  periodEnd: string;
  windowStart: string;
  dueDate: string;
  domiciliationDueDate: string | null;
  /** facts.domiciliation[model] === true and the model is domiciliable. */
  paidByDomiciliation: boolean;
  /** The date alerts count down to: domiciliationDueDate when paid by direct debit, else dueDate. */
  alertDate: string;
  /** ISO effectiveFrom of the profile version that required it. */
  profileVersion: string;
  /** Short Spanish reason, e.g. 'Tiene trabajadores o paga a profesionales con retención'. */
  reason: string;
}

export interface RequiredModel {
  model: TaxModel;
  periodicity: Periodicity;
  reason: string;
}

// --- which models a set of facts implies -------------------------------------------------------

/**
 * Annual summaries and the periodic return each one summarises. A summary is owed for a year when
 * at least one period of its periodic return is owed that year (see `planSummaries`).
 */
const SUMMARY_OF: Partial<Record<TaxModel, TaxModel>> = {
  '390': '303',
  '190': '111',
  '180': '115',
  '193': '123',
  '296': '216',
};

/** Companies paying the Impuesto sobre Sociedades (Ley 27/2014, LIS, art. 7.1.a). */
const CORPORATE_TAX_TYPES: readonly CompanyType[] = ['SL', 'SA'];

/**
 * IVA returns. Only in the IVA territory (Ley 37/1992, LIVA, art. 3): Canarias files IGIC with the
 * Agencia Tributaria Canaria and Ceuta/Melilla IPSI with their cities, so neither files 303, 390,
 * 349 nor 369.
 */
function vatModels(f: TaxProfileFacts): RequiredModel[] {
  if (f.vatZone !== 'PENINSULA') return [];
  const out: RequiredModel[] = [];
  const monthly = filesVatMonthly(f);

  // Art. 71.1 RIVA (RD 1624/1992): every VAT taxpayer files periodic returns, except those whose
  // operations are all exempt (arts. 20 and 26 LIVA), retailers in recargo de equivalencia (art.
  // 154 LIVA: the supplier charges the surcharge) and farmers in the REAGP (art. 129 LIVA).
  // Those three declare their intra-EU acquisitions and reverse-charge purchases in modelo 309
  // (declaración-liquidación no periódica, Orden HAC/3625/2003; AEAT, folleto de actividades
  // económicas 5.6.3), not in 303 — so intra-EU operations do not bring back 303 here. [verify]
  // 309 is not one of the models the product knows yet (TAX_MODELS), so it is not planned.
  const noPeriodicVat =
    f.vatRegime === 'EXENTO' || f.vatRegime === 'RECARGO_EQUIVALENCIA' || f.vatRegime === 'REAGP';
  if (!noPeriodicVat) {
    // Art. 71.3 RIVA: monthly for large companies (volume > 6.010.121,04 €), REDEME, VAT groups;
    // art. 71.3 as amended by RD 596/2016: also for SII filers [verify]. Quarterly otherwise.
    out.push({
      model: '303',
      periodicity: monthly ? 'MONTHLY' : 'QUARTERLY',
      reason: monthly
        ? 'Actividad sujeta a IVA con liquidación mensual (SII, REDEME, gran empresa o grupo de IVA)'
        : 'Actividad sujeta a IVA',
    });
    // Art. 71.4 RIVA and Orden EHA/3111/2009 as amended: no 390 for SII filers (they keep the VAT
    // books at the AEAT), nor for quarterly filers whose only activity is under the régimen
    // simplificado (they complete the last 303's annual page instead; AEAT, folleto de actividades
    // económicas 5.3.3). [verify the order that introduced each exemption]
    const simplifiedOnly = f.vatRegime === 'SIMPLIFICADO' && !monthly;
    if (!f.siiEnabled && !simplifiedOnly) {
      out.push({
        model: '390',
        periodicity: 'ANNUAL',
        reason: 'Resumen anual del IVA (no lleva los libros por el SII)',
      });
    }
  }
  // Art. 78-81 RIVA: the recapitulative statement of intra-EU supplies and acquisitions; monthly when
  // the intra-EU supplies exceed 50.000 € in the quarter or any of the four before (art. 81.1 RIVA).
  // Also filed by RE/REAGP/exempt businesses buying from other member states.
  if (f.intraEuOperations) {
    out.push({
      model: '349',
      periodicity: f.intraEuMonthly ? 'MONTHLY' : 'QUARTERLY',
      reason: 'Realiza operaciones intracomunitarias',
    });
  }
  // LIVA arts. 163 quinquiesdecies and 163 noniesdecies [verify]: the one-stop shop return is
  // quarterly (the monthly IOSS return is not modelled).
  if (f.ossRegistered) {
    out.push({
      model: '369',
      periodicity: 'QUARTERLY',
      reason: 'Inscrito en la ventanilla única del IVA (OSS)',
    });
  }
  return out;
}

/**
 * Withholding returns: quarterly, monthly for large companies (RIRPF, RD 439/2007, art. 108.1; the
 * same rule for 123 through art. 69 RIS and for 216 through art. 15 RIRNR [verify]). Each has its
 * annual summary filed in January (RIRPF art. 108.3).
 */
function withholdingModels(f: TaxProfileFacts): RequiredModel[] {
  const periodicity: Periodicity = f.largeCompany ? 'MONTHLY' : 'QUARTERLY';
  const out: RequiredModel[] = [];
  const add = (model: TaxModel, summary: TaxModel, reason: string) => {
    out.push({ model, periodicity, reason });
    out.push({
      model: summary,
      periodicity: 'ANNUAL',
      reason: `Resumen anual del modelo ${model}: ${lower(reason)}`,
    });
  };
  // Art. 99 LIRPF and art. 75.1 RIRPF [verify letters]: employment income and professional fees.
  if (f.hasEmployees || f.paysProfessionals) {
    add('111', '190', 'Tiene trabajadores o paga a profesionales con retención');
  }
  // Art. 75.2.a RIRPF [verify]: rent of urban premises used in the business.
  if (f.rentsPremises) add('115', '180', 'Alquila un local de negocio con retención');
  // Art. 75.1.b RIRPF and art. 128 LIS [verify]: dividends and interest (capital mobiliario).
  if (f.paysDividendsOrInterest) add('123', '193', 'Paga dividendos o intereses con retención');
  // Art. 31 TRLIRNR (RDLeg 5/2004): income paid to non-residents without a permanent establishment.
  if (f.paysNonResidents) add('216', '296', 'Paga rentas a no residentes sin establecimiento permanente');
  return out;
}

/** Income taxes: Impuesto sobre Sociedades for companies, IRPF for autónomos. */
function directTaxModels(companyType: CompanyType, f: TaxProfileFacts): RequiredModel[] {
  if (CORPORATE_TAX_TYPES.includes(companyType)) {
    // Art. 40 LIS: three instalments (April, October, December); art. 124 LIS: the annual return.
    return [
      {
        model: '202',
        periodicity: 'INSTALMENTS',
        reason: 'Sociedad sujeta al Impuesto sobre Sociedades: pagos fraccionados',
      },
      { model: '200', periodicity: 'ANNUAL', reason: 'Sociedad sujeta al Impuesto sobre Sociedades' },
    ];
  }
  // CB and SC are entities in attribution of income (art. 8.3 and 86-90 LIRPF): their partners file
  // 130/131 and 100 each for their share. [verify] A sociedad civil with a mercantile object pays the
  // Impuesto sobre Sociedades since 2016 (art. 7.1.a LIS) and the company type cannot tell it apart.
  if (companyType !== 'AUTONOMO') return [];
  const out: RequiredModel[] = [];
  if (f.irpfMethod === 'MODULOS') {
    // Art. 109.1 RIRPF: autónomos pay quarterly instalments; art. 110.1.b: módulos, modelo 131.
    out.push({ model: '131', periodicity: 'QUARTERLY', reason: 'Autónomo en estimación objetiva (módulos)' });
  } else if (f.irpfMethod !== null && !f.withholdingExemption130) {
    // Art. 110.1.a RIRPF: direct estimation, modelo 130; art. 109.1 RIRPF: professionals with at
    // least 70 % of last year's activity income under withholding are exempt.
    out.push({ model: '130', periodicity: 'QUARTERLY', reason: 'Autónomo en estimación directa' });
  }
  // Art. 96 LIRPF: taxpayers with economic-activity income always file the annual return.
  out.push({ model: '100', periodicity: 'ANNUAL', reason: 'Autónomo: declaración anual del IRPF' });
  return out;
}

/** Informative returns that do not depend on VAT territory. */
function informativeModels(f: TaxProfileFacts): RequiredModel[] {
  const out: RequiredModel[] = [];
  // RD 1065/2007 (RGAT) arts. 31-35: operations with any third party above 3.005,06 € in the year;
  // art. 32.1 RGAT as amended by RD 596/2016 [verify letter]: SII filers are excluded. Applies in Canarias and Ceuta/Melilla
  // too (it is a general tax-information duty, not an IVA one).
  if (!f.siiEnabled) {
    out.push({
      model: '347',
      periodicity: 'ANNUAL',
      reason: 'Operaciones con terceros de más de 3.005,06 € al año (no lleva los libros por el SII)',
    });
  }
  // Ley 58/2003 (LGT) disp. adic. 18.ª and RGAT arts. 42 bis-42 ter: assets abroad above 50.000 €.
  if (f.assetsAbroad) {
    out.push({
      model: '720',
      periodicity: 'ANNUAL',
      reason: 'Bienes o derechos en el extranjero de más de 50.000 €',
    });
  }
  return out;
}

/**
 * Which models and periodicity a set of facts implies (with the reason), for a company type. The
 * census declaration (036) is event-driven and comes from `censusChangeObligation`.
 */
export function requiredModels(companyType: CompanyType, facts: TaxProfileFacts): RequiredModel[] {
  return [
    ...vatModels(facts),
    ...withholdingModels(facts),
    ...directTaxModels(companyType, facts),
    ...informativeModels(facts),
  ];
}

// --- versions and dates ------------------------------------------------------------------------

/** The version in force on a date (the latest with effectiveFrom <= date), undefined before the first. */
export function versionAt(versions: TaxProfileVersion[], isoDate: string): TaxProfileVersion | undefined {
  let found: TaxProfileVersion | undefined;
  for (const v of versions) {
    if (v.effectiveFrom <= isoDate && (!found || v.effectiveFrom >= found.effectiveFrom)) found = v;
  }
  return found;
}

/** First day of the month after `today` (where a change takes effect by default). */
export function nextChangeDate(today: string): string {
  const [y, m] = splitDate(today);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
}

function splitDate(iso: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad = (n: number) => String(n).padStart(2, '0');
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

// --- the plan ----------------------------------------------------------------------------------

/** A period judged owed, with the version that required it (internal: keeps the version object). */
interface Owed {
  model: TaxModel;
  period: string;
  periodicity: Periodicity;
  deadline: Deadline;
  version: TaxProfileVersion;
  reason: string;
}

/** The requirements of each version, computed once per plan. */
type Requirements = (v: TaxProfileVersion) => Map<TaxModel, RequiredModel>;

function requirementsOf(companyType: CompanyType): Requirements {
  const cache = new Map<TaxProfileVersion, Map<TaxModel, RequiredModel>>();
  return (v) => {
    let map = cache.get(v);
    if (!map) {
      map = new Map(requiredModels(companyType, v.facts).map((r) => [r.model, r]));
      cache.set(v, map);
    }
    return map;
  };
}

/**
 * The dates of one period and the version in force on its first day. The dates may depend on the
 * version (the fiscal year end moves the tax period of 200), so each fiscal year end of the profile
 * is tried, latest version first, and the version kept is the one in force on the first day of the
 * period its own fiscal year end gives. Undefined when the period starts before the first version.
 *
 * 200 only: when no version passes that test (the profile begins, or the fiscal year end changes, in
 * the middle of a tax period) the version in force on the period's last day decides: that tax period
 * still ends and its annual return is still due (art. 124.1 LIS), e.g. a profile starting on
 * 1 January for a company closing on 30 June still owes the return of the year ending 30 June.
 */
function judge(
  versions: TaxProfileVersion[],
  model: TaxModel,
  year: number,
  period: string,
): { deadline: Deadline; version: TaxProfileVersion } | undefined {
  const fiscalYearEnds = [...new Set([...versions].reverse().map((v) => v.facts.fiscalYearEnd))];
  const dated = fiscalYearEnds.map((fiscalYearEnd) => ({
    fiscalYearEnd,
    deadline: deadlineOf({ model, year, period, fiscalYearEnd }),
  }));
  const on = (day: 'periodStart' | 'periodEnd') => {
    for (const { fiscalYearEnd, deadline } of dated) {
      const version = versionAt(versions, deadline[day]);
      if (version?.facts.fiscalYearEnd === fiscalYearEnd) return { deadline, version };
    }
    return undefined;
  };
  return on('periodStart') ?? (model === '200' ? on('periodEnd') : undefined);
}

/**
 * Periods of a model filed monthly or quarterly, where the periodicity may change within the year.
 * The quarter is the unit of a change of periodicity, so no month is owed twice and none is lost:
 *  1. A quarter is owed as one quarterly period when the version in force on its first day requires
 *     the model quarterly. Its months are then never owed monthly, even when a later version in the
 *     same quarter requires the model monthly (monthly filing starts with the next quarter).
 *  2. Otherwise a month is owed monthly when the version in force on its first day requires the
 *     model monthly.
 *  3. Otherwise, when that version requires the model quarterly but the quarter started under a
 *     version requiring it monthly, the month is still owed monthly (a quarter that began monthly
 *     ends monthly; quarterly filing starts with the next quarter).
 *  4. Otherwise nothing: a model that becomes required (quarterly) after a quarter has started is
 *     owed from the next quarter (the periods already started keep their obligations).
 */
function planPeriodic(
  versions: TaxProfileVersion[],
  req: Requirements,
  model: TaxModel,
  year: number,
): Owed[] {
  const periodicities = new Set(versions.map((v) => req(v).get(model)?.periodicity));
  const owed: Owed[] = [];
  const quarters: {
    deadline: Deadline;
    requirement: RequiredModel | undefined;
    version: TaxProfileVersion;
  }[] = [];
  for (const period of periodsOf(model, 'QUARTERLY')) {
    const judged = judge(versions, model, year, period);
    if (!judged) continue;
    const requirement = req(judged.version).get(model);
    quarters.push({ deadline: judged.deadline, requirement, version: judged.version });
    if (requirement?.periodicity === 'QUARTERLY') {
      owed.push({ model, period, periodicity: 'QUARTERLY', ...judged, reason: requirement.reason });
    }
  }
  if (!periodicities.has('MONTHLY')) return owed;

  for (const period of periodsOf(model, 'MONTHLY')) {
    const judged = judge(versions, model, year, period);
    if (!judged) continue;
    const start = judged.deadline.periodStart;
    const quarter = quarters.find((q) => q.deadline.periodStart <= start && start <= q.deadline.periodEnd);
    if (quarter?.requirement?.periodicity === 'QUARTERLY') continue; // rule 1
    const requirement = req(judged.version).get(model);
    if (requirement?.periodicity === 'MONTHLY') {
      owed.push({ model, period, periodicity: 'MONTHLY', ...judged, reason: requirement.reason }); // rule 2
    } else if (requirement?.periodicity === 'QUARTERLY' && quarter?.requirement?.periodicity === 'MONTHLY') {
      owed.push({
        model,
        period,
        periodicity: 'MONTHLY',
        deadline: judged.deadline,
        version: quarter.version,
        reason: quarter.requirement.reason,
      }); // rule 3
    }
  }
  return owed;
}

/** Periods of a model with a single periodicity (annual, instalments): each judged on its own start. */
function planFixed(
  versions: TaxProfileVersion[],
  req: Requirements,
  model: TaxModel,
  periodicity: Periodicity,
  year: number,
): Owed[] {
  const owed: Owed[] = [];
  for (const period of periodsOf(model, periodicity)) {
    const judged = judge(versions, model, year, period);
    const requirement = judged && req(judged.version).get(model);
    if (judged && requirement?.periodicity === periodicity) {
      owed.push({ model, period, periodicity, ...judged, reason: requirement.reason });
    }
  }
  return owed;
}

/**
 * An annual summary (390, 190, 180, 193, 296) summarises the periodic returns of the year, so it is
 * owed when at least one of them is owed and the version that required that period also requires
 * the summary (for 390: not in the SII). Judging it by 1 January alone would lose the 190 of a
 * company that hires in March, and owe one for a year with no 111 at all.
 */
function planSummaries(owedPeriodic: Owed[], req: Requirements, year: number): Owed[] {
  const owed: Owed[] = [];
  for (const [summary, periodic] of Object.entries(SUMMARY_OF) as [TaxModel, TaxModel][]) {
    const source = owedPeriodic
      .filter((o) => o.model === periodic && req(o.version).has(summary))
      .sort((a, b) => a.deadline.periodStart.localeCompare(b.deadline.periodStart))[0];
    if (!source) continue;
    const requirement = req(source.version).get(summary)!;
    const period = periodsOf(summary, 'ANNUAL')[0]!;
    const deadline = deadlineOf({
      model: summary,
      year,
      period,
      fiscalYearEnd: source.version.facts.fiscalYearEnd,
    });
    owed.push({
      model: summary,
      period,
      periodicity: 'ANNUAL',
      deadline,
      version: source.version,
      reason: requirement.reason,
    });
  }
  return owed;
}

const isDomiciliable = (model: TaxModel): model is DomiciliableModel =>
  (DOMICILIABLE_MODELS as readonly TaxModel[]).includes(model);

function toPlanned(o: Owed, year: number): PlannedObligation {
  const paidByDomiciliation = isDomiciliable(o.model) && o.version.facts.domiciliation[o.model] === true;
  return {
    obligationId: `${year}-${o.model}-${o.period}`,
    modelType: o.model,
    period: o.period,
    year,
    periodicity: o.periodicity,
    periodStart: o.deadline.periodStart,
    periodEnd: o.deadline.periodEnd,
    windowStart: o.deadline.windowStart,
    dueDate: o.deadline.dueDate,
    domiciliationDueDate: o.deadline.domiciliationDueDate,
    paidByDomiciliation,
    alertDate: (paidByDomiciliation && o.deadline.domiciliationDueDate) || o.deadline.dueDate,
    profileVersion: o.version.effectiveFrom,
    reason: o.reason,
  };
}

/** Every obligation of tax year `year`, each period judged by the version in force on the period's first day. */
export function planObligations(
  companyType: CompanyType,
  versions: TaxProfileVersion[],
  year: number,
): PlannedObligation[] {
  const sorted = [...versions].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  const req = requirementsOf(companyType);
  const periodicities = new Map<TaxModel, Set<Periodicity>>();
  for (const v of sorted) {
    for (const r of req(v).values()) {
      const set = periodicities.get(r.model) ?? new Set<Periodicity>();
      set.add(r.periodicity);
      periodicities.set(r.model, set);
    }
  }

  const owed: Owed[] = [];
  for (const model of TAX_MODELS) {
    const seen = periodicities.get(model);
    if (!seen || SUMMARY_OF[model]) continue;
    if (seen.has('MONTHLY') || seen.has('QUARTERLY')) {
      owed.push(...planPeriodic(sorted, req, model, year));
    }
    for (const periodicity of seen) {
      if (periodicity === 'ANNUAL' || periodicity === 'INSTALMENTS') {
        owed.push(...planFixed(sorted, req, model, periodicity, year));
      }
    }
  }
  owed.push(...planSummaries(owed, req, year));

  return owed
    .map((o) => toPlanned(o, year))
    .sort(
      (a, b) =>
        a.dueDate.localeCompare(b.dueDate) ||
        a.modelType.localeCompare(b.modelType) ||
        a.periodStart.localeCompare(b.periodStart),
    );
}

// --- reconciliation ----------------------------------------------------------------------------

export interface StoredObligation {
  obligationId: string;
  status: string;
  periodStart: string;
  dueDate: string;
  domiciliationDueDate: string | null;
  paidByDomiciliation: boolean;
}

/** Statuses the engine may still rewrite; anything else (generated, submitted) is the user's work. */
const OPEN_STATUSES = new Set(['PENDING', 'OVERDUE']);

/**
 * Reconcile stored obligations with the plan: create missing ones; remove PENDING/OVERDUE stored ones
 * whose period starts on or after `protectFrom` and that the plan no longer has; never touch anything
 * else (status MODEL_GENERATED/SUBMITTED/OBLIGATION_GENERATED or periods started before protectFrom).
 * Also report stored PENDING ones whose dates changed (e.g. fiscalYearEnd of a later version) and
 * start on/after protectFrom as `update`.
 */
export function reconcileObligations(
  stored: StoredObligation[],
  planned: PlannedObligation[],
  protectFrom: string,
): { create: PlannedObligation[]; update: PlannedObligation[]; remove: string[] } {
  const plannedById = new Map(planned.map((p) => [p.obligationId, p]));
  const storedIds = new Set(stored.map((s) => s.obligationId));
  const create = planned.filter((p) => !storedIds.has(p.obligationId));
  const update: PlannedObligation[] = [];
  const remove: string[] = [];
  for (const s of stored) {
    if (s.periodStart < protectFrom) continue;
    const plan = plannedById.get(s.obligationId);
    if (!plan) {
      if (OPEN_STATUSES.has(s.status)) remove.push(s.obligationId);
    } else if (s.status === 'PENDING' && datesChanged(s, plan)) {
      update.push(plan);
    }
  }
  return { create, update, remove };
}

function datesChanged(s: StoredObligation, p: PlannedObligation): boolean {
  return (
    s.periodStart !== p.periodStart ||
    s.dueDate !== p.dueDate ||
    s.domiciliationDueDate !== p.domiciliationDueDate ||
    s.paidByDomiciliation !== p.paidByDomiciliation
  );
}

// --- census changes ----------------------------------------------------------------------------

/**
 * A census change (modelo 036): due one month after the change date; returns its planned obligation.
 * RGAT (RD 1065/2007) art. 10.3 [verify]: a change of census data is declared within one month of
 * the day it happened. The dates (date to date, moved past weekends and national holidays) are the
 * fiscal calendar's (deadlineOf with the change date as the period). The period code is the date
 * itself, so two changes on different days are two obligations.
 */
export function censusChangeObligation(changeDate: string, profileVersion: string): PlannedObligation {
  const [year] = splitDate(changeDate);
  const deadline = deadlineOf({ model: '036', year, period: changeDate });
  return {
    obligationId: `${year}-036-${changeDate}`,
    modelType: '036',
    period: changeDate,
    year,
    periodicity: 'EVENT',
    periodStart: deadline.periodStart,
    periodEnd: deadline.periodEnd,
    windowStart: deadline.windowStart,
    dueDate: deadline.dueDate,
    domiciliationDueDate: null,
    paidByDomiciliation: false,
    alertDate: deadline.dueDate,
    profileVersion,
    reason: 'Cambio en los datos censales',
  };
}
