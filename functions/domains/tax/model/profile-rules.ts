/**
 * The rules of the tax profile (issue 13 item 1), pure: how versions are added, which census facts
 * are consistent with each other and with the company type, what the assistant's answers propose,
 * and how the tax configuration of spec part 2 §3 reads and writes the same facts.
 *
 * Laws cited: LIVA (Ley 37/1992), RIVA (RD 1624/1992), LIRPF (Ley 35/2006), RIRPF (RD 439/2007),
 * LGT (Ley 58/2003), RGAT (RD 1065/2007).
 */

import { AppError } from '@shared/api/errors';
import type { CompanyType } from '@shared/db/records';
import { nextChangeDate, requiredModels } from '@shared/fiscal/tax-obligations';
import type {
  AssistantAnswers,
  AssistantIssue,
  AssistantProposal,
  TaxConfiguration,
  UpdateTaxConfigurationBody,
} from '@shared/schemas/tax';
import {
  DOMICILIABLE_MODELS,
  type DomiciliableModel,
  defaultTaxProfileFacts,
  filesVatMonthly,
  type TaxModel,
  type TaxProfile,
  type TaxProfileFacts,
  type TaxProfileVersion,
} from '@shared/schemas/tax-profile';
import type * as z from 'zod';

// --- dates -------------------------------------------------------------------------------------

const yearOf = (iso: string): number => Number(iso.slice(0, 4));

/** '2026-04-01' → '1 de abril de 2026' (for messages). */
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
export function spanishDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} de ${MONTHS[m - 1]} de ${y}`;
}

/**
 * How many tax years back a profile may start. LGT art. 66 and 67.1: the Administration's right
 * to assess a tax prescribes four years after the filing deadline, so obligations of earlier years
 * are of no use on a calendar; one year ahead lets a business set up its profile before it starts.
 */
export const TAX_YEARS_BACK = 4;
export const TAX_YEARS_AHEAD = 1;

/** The first tax year of a new profile: the current year by default, within the window above. */
export function resolveTaxYear(requested: number | undefined, today: string): number {
  const current = yearOf(today);
  const year = requested ?? current;
  const min = current - TAX_YEARS_BACK;
  const max = current + TAX_YEARS_AHEAD;
  if (year < min || year > max) {
    throw new AppError(
      'CORE_004',
      `El ejercicio inicial del perfil fiscal debe estar entre ${min} y ${max}.`,
      {
        field: 'taxYear',
      },
    );
  }
  return year;
}

/** A new profile: one version, effective from 1 January of its first tax year. */
export function newProfile(input: {
  companyId: string;
  companyType: CompanyType;
  taxYear: number;
  facts: TaxProfileFacts;
  at: string;
  by: string;
}): TaxProfile {
  const version: TaxProfileVersion = {
    effectiveFrom: `${input.taxYear}-01-01`,
    facts: input.facts,
    changedAt: input.at,
    changedBy: input.by,
  };
  return {
    companyId: input.companyId,
    companyType: input.companyType,
    taxYear: input.taxYear,
    facts: input.facts,
    versions: [version],
    createdAt: input.at,
    updatedAt: input.at,
  };
}

const latestVersion = (p: TaxProfile): TaxProfileVersion => p.versions[p.versions.length - 1]!;

/**
 * The first day a change may apply from: the first of next month (periods already started keep
 * their obligations), and never before the latest version, so versions stay in date order and the
 * profile's `facts` are always those of the latest one.
 */
export function earliestEffectiveFrom(profile: TaxProfile, today: string): string {
  const next = nextChangeDate(today);
  const latest = latestVersion(profile).effectiveFrom;
  return latest > next ? latest : next;
}

/**
 * The latest date a change may be scheduled for: twelve months ahead. The obligation engine plans
 * at most the next year, and a change further away would make the profile's current facts a
 * guess about a distant future.
 */
export function latestEffectiveFrom(today: string): string {
  return `${yearOf(today) + 1}-${today.slice(5, 7)}-01`;
}

const effectiveFromError = (message: string) => new AppError('CORE_004', message, { field: 'effectiveFrom' });

/**
 * The effective date of a change: the requested one, or the earliest allowed. It must be the first
 * day of a month from the first of next month on (a change never rewrites a period already
 * started), not before a change already scheduled and at most twelve months ahead.
 */
export function resolveEffectiveFrom(profile: TaxProfile, today: string, requested?: string): string {
  const earliest = earliestEffectiveFrom(profile, today);
  if (requested === undefined) return earliest;
  if (!requested.endsWith('-01')) {
    throw effectiveFromError('La fecha de efecto del cambio debe ser el día 1 de un mes.');
  }
  const next = nextChangeDate(today);
  if (requested < next) {
    throw effectiveFromError(
      `La fecha de efecto no puede ser anterior al ${spanishDate(next)}: los periodos ya empezados conservan sus obligaciones.`,
    );
  }
  if (requested < earliest) {
    throw effectiveFromError(
      `Ya hay un cambio del perfil fiscal programado desde el ${spanishDate(earliest)}; el nuevo cambio debe aplicarse desde esa fecha o después.`,
    );
  }
  const latest = latestEffectiveFrom(today);
  if (requested > latest) {
    throw effectiveFromError(`La fecha de efecto no puede ser posterior al ${spanishDate(latest)}.`);
  }
  return requested;
}

/**
 * The profile with a change of facts from `effectiveFrom` (already resolved, so not before the
 * latest version). A change with the same effectiveFrom as the latest (pending) version replaces it
 * instead of adding another: the user corrected a change that has not started yet. A replacement
 * that gives back the facts of the version before it cancels the pending change (no version with
 * the same facts twice in a row).
 */
export function withNewVersion(
  profile: TaxProfile,
  change: { facts: TaxProfileFacts; effectiveFrom: string; at: string; by: string },
): TaxProfile {
  const kept = profile.versions.filter((v) => v.effectiveFrom !== change.effectiveFrom);
  const previous = kept[kept.length - 1];
  if (previous && sameFacts(previous.facts, change.facts)) {
    return { ...profile, facts: previous.facts, versions: kept, updatedAt: change.at };
  }
  const version: TaxProfileVersion = {
    effectiveFrom: change.effectiveFrom,
    facts: change.facts,
    changedAt: change.at,
    changedBy: change.by,
  };
  return { ...profile, facts: change.facts, versions: [...kept, version], updatedAt: change.at };
}

/** The version in force just before `date` (undefined when `date` starts the profile). */
export function versionBefore(profile: TaxProfile, date: string): TaxProfileVersion | undefined {
  return profile.versions.filter((v) => v.effectiveFrom < date).at(-1);
}

/** Structural equality of two sets of facts (key order and absent domiciliation keys ignored). */
export function sameFacts(a: TaxProfileFacts, b: TaxProfileFacts): boolean {
  return canonical(a) === canonical(b);
}

function canonical(f: TaxProfileFacts): string {
  const domiciliation = Object.fromEntries(
    DOMICILIABLE_MODELS.filter((m) => f.domiciliation[m] === true).map((m) => [m, true]),
  );
  const entries = Object.entries({ ...f, domiciliation }).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/**
 * Facts that are not census data: the direct debit of each return is chosen when filing it, the
 * prorrata percentage is computed each year from the operations (art. 104 LIVA) and the IRPF rate
 * an autónomo applies on invoices is a billing choice (art. 101.5 LIRPF). None is declared in the
 * modelo 036 (RGAT arts. 9 and 10), so changing only these creates no census obligation.
 */
const NON_CENSUS_FACTS = [
  'domiciliation',
  'prorrataBp',
  'irpfRateBp',
] as const satisfies readonly (keyof TaxProfileFacts)[];

/** True when a change touches census facts (those declared in the modelo 036, RGAT art. 10). */
export function censusFactsChanged(before: TaxProfileFacts, after: TaxProfileFacts): boolean {
  const strip = (f: TaxProfileFacts) => {
    const copy: Partial<TaxProfileFacts> = { ...f };
    for (const k of NON_CENSUS_FACTS) delete copy[k];
    return JSON.stringify(Object.entries(copy).sort(([a], [b]) => a.localeCompare(b)));
  };
  return strip(before) !== strip(after);
}

/**
 * The tax years whose obligations follow from the profile today: its first tax year up to the
 * current one, and the next one from 1 December (its first deadlines, January's, are near).
 */
export function yearsToPlan(profile: Pick<TaxProfile, 'taxYear'>, today: string): number[] {
  const current = yearOf(today);
  const last = today.slice(5) >= '12-01' ? current + 1 : current;
  const years: number[] = [];
  for (let y = profile.taxYear; y <= last; y++) years.push(y);
  return years;
}

// --- consistency of the facts ------------------------------------------------------------------

const DIRECT_ESTIMATION = new Set(['DIRECTA_NORMAL', 'DIRECTA_SIMPLIFICADA']);
/** Legal persons (sociedades mercantiles), as opposed to natural persons and entities in attribution of income. */
const LEGAL_PERSONS: readonly CompanyType[] = ['SL', 'SA'];

const error = (field: string, message: string): AssistantIssue => ({ field, severity: 'error', message });
const warning = (field: string, message: string): AssistantIssue => ({ field, severity: 'warning', message });

/** Last day of each month; February as 28 (a year end on 29 February would not exist three years in four). */
const MONTH_LENGTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function irpfIssues(companyType: CompanyType, f: TaxProfileFacts): AssistantIssue[] {
  const out: AssistantIssue[] = [];
  if (companyType === 'AUTONOMO') {
    // Art. 16 LIRPF: the income of an economic activity is determined by direct or objective estimation.
    if (f.irpfMethod === null)
      out.push(error('irpfMethod', 'Indica el método de estimación del IRPF del autónomo.'));
  } else if (f.irpfMethod !== null) {
    // SL/SA pay the Impuesto sobre Sociedades (art. 7 LIS); CB/SC attribute their income to the
    // partners (arts. 86-90 LIRPF), who each declare their share.
    out.push(
      error(
        'irpfMethod',
        'Solo los autónomos tienen método de estimación del IRPF: las sociedades tributan por el Impuesto sobre Sociedades y en las comunidades de bienes y sociedades civiles lo declara cada socio.',
      ),
    );
  }
  // Art. 109.1 RIRPF: the exemption from pagos fraccionados applies to activities in direct estimation.
  if (f.withholdingExemption130 && !(f.irpfMethod && DIRECT_ESTIMATION.has(f.irpfMethod))) {
    out.push(
      error(
        'withholdingExemption130',
        'La exención del modelo 130 por retenciones (art. 109.1 RIRPF) solo se aplica en estimación directa.',
      ),
    );
  }
  // Art. 12 LIRPF: the IRPF tax period is the calendar year; only the Impuesto sobre Sociedades
  // follows the entity's own tax year (art. 27 LIS).
  if (!LEGAL_PERSONS.includes(companyType) && f.fiscalYearEnd !== '12-31') {
    out.push(
      error(
        'fiscalYearEnd',
        'El ejercicio fiscal en el IRPF es el año natural: el cierre debe ser el 31 de diciembre.',
      ),
    );
  }
  const [month, day] = f.fiscalYearEnd.split('-').map(Number) as [number, number];
  if (day > (MONTH_LENGTH[month - 1] ?? 0)) {
    out.push(error('fiscalYearEnd', 'La fecha de cierre del ejercicio no existe en todos los años.'));
  }
  return out;
}

function vatRegimeIssues(companyType: CompanyType, f: TaxProfileFacts): AssistantIssue[] {
  const out: AssistantIssue[] = [];
  const legalPerson = LEGAL_PERSONS.includes(companyType);
  // Art. 122.Uno LIVA: natural persons and entities in attribution of income only; art. 122.Dos.3.º:
  // not those who renounced or are excluded from objective estimation (módulos) in the IRPF.
  if (f.vatRegime === 'SIMPLIFICADO') {
    if (legalPerson) {
      out.push(
        error('vatRegime', 'El régimen simplificado del IVA no se aplica a las sociedades mercantiles.'),
      );
    } else if (companyType === 'AUTONOMO' && f.irpfMethod !== 'MODULOS') {
      out.push(
        error(
          'vatRegime',
          'El régimen simplificado del IVA exige estar en estimación objetiva (módulos) en el IRPF.',
        ),
      );
    }
  }
  // Art. 154.Uno LIVA: retailers that are natural persons or entities in attribution of income.
  if (f.vatRegime === 'RECARGO_EQUIVALENCIA' && legalPerson) {
    out.push(
      error(
        'vatRegime',
        'El recargo de equivalencia solo se aplica a comerciantes minoristas personas físicas o comunidades de bienes.',
      ),
    );
  }
  // Art. 124.Dos.1.º LIVA: sociedades mercantiles are excluded from the REAGP.
  if (f.vatRegime === 'REAGP' && legalPerson) {
    out.push(
      error(
        'vatRegime',
        'Las sociedades mercantiles no pueden acogerse al régimen especial de agricultura, ganadería y pesca.',
      ),
    );
  }
  // Art. 30 RIVA: the REDEME is not open to taxpayers in the régimen simplificado.
  if (f.redeme && f.vatRegime === 'SIMPLIFICADO') {
    out.push(
      error(
        'redeme',
        'El registro de devolución mensual (REDEME) no admite el régimen simplificado del IVA.',
      ),
    );
  }
  return out;
}

function monthlyVatIssues(f: TaxProfileFacts): AssistantIssue[] {
  const out: AssistantIssue[] = [];
  // Art. 62.6 RIVA (RD 596/2016): whoever files VAT monthly under art. 71.3 RIVA (large company,
  // REDEME, VAT group) keeps the VAT books through the SII.
  const reasons: [keyof TaxProfileFacts, string][] = [
    [
      'largeCompany',
      'Las grandes empresas liquidan el IVA cada mes y deben llevar los libros por el SII (art. 62.6 RIVA).',
    ],
    [
      'redeme',
      'Los inscritos en el REDEME liquidan el IVA cada mes y deben llevar los libros por el SII (art. 62.6 RIVA).',
    ],
    [
      'vatGroup',
      'Las entidades del grupo de IVA liquidan cada mes y deben llevar los libros por el SII (art. 62.6 RIVA).',
    ],
  ];
  for (const [field, message] of reasons) {
    if (f[field] === true && !f.siiEnabled) out.push(error('siiEnabled', message));
  }
  return out;
}

function cashAccountingIssues(f: TaxProfileFacts): AssistantIssue[] {
  if (!f.cashAccounting) return [];
  const out: AssistantIssue[] = [];
  // Art. 163 undecies.Dos LIVA: only for a volume of operations up to 2.000.000 € a year.
  if (f.largeCompany) {
    out.push(
      error(
        'cashAccounting',
        'El criterio de caja solo se aplica con un volumen de operaciones de hasta 2.000.000 € al año.',
      ),
    );
  }
  // Art. 163 terdecies LIVA: operations under the simplificado, REAGP, recargo de equivalencia
  // and VAT group regimes are excluded from the criterio de caja.
  if (['SIMPLIFICADO', 'REAGP', 'RECARGO_EQUIVALENCIA', 'EXENTO'].includes(f.vatRegime) || f.vatGroup) {
    out.push(
      warning(
        'cashAccounting',
        'El criterio de caja no se aplica a las operaciones del régimen simplificado, agricultura, recargo de equivalencia, grupo de entidades ni a las exentas.',
      ),
    );
  }
  if (f.siiEnabled) {
    out.push(
      warning(
        'cashAccounting',
        'El criterio de caja es compatible con el SII, pero los libros deben informar de los cobros y pagos de cada factura.',
      ),
    );
  }
  return out;
}

function territoryIssues(f: TaxProfileFacts): AssistantIssue[] {
  if (f.vatZone === 'PENINSULA') return [];
  const out: AssistantIssue[] = [];
  // Art. 3.Dos LIVA: Canarias, Ceuta and Melilla are outside the VAT territory of the EU: trade with
  // the EU is export and import there (IGIC, IPSI), not intra-EU operations or OSS sales.
  const zone = f.vatZone === 'CANARIAS' ? 'Canarias (IGIC)' : 'Ceuta y Melilla (IPSI)';
  if (f.intraEuOperations) {
    out.push(
      warning(
        'intraEuOperations',
        `En ${zone} las operaciones con la UE son exportaciones e importaciones: no se presenta el modelo 349.`,
      ),
    );
  }
  if (f.ossRegistered) {
    out.push(warning('ossRegistered', `En ${zone} no se aplica la ventanilla única del IVA (modelo 369).`));
  }
  return out;
}

function domiciliationIssues(companyType: CompanyType, f: TaxProfileFacts): AssistantIssue[] {
  const out: AssistantIssue[] = [];
  const required = new Set(requiredModels(companyType, f).map((r) => r.model));
  for (const [model, on] of Object.entries(f.domiciliation)) {
    if (!(DOMICILIABLE_MODELS as readonly string[]).includes(model)) {
      out.push(error(`domiciliation.${model}`, `El modelo ${model} no admite domiciliación bancaria.`));
    } else if (on === true && !required.has(model as TaxModel)) {
      out.push(
        warning(
          `domiciliation.${model}`,
          `El modelo ${model} no es obligatorio con estos datos: su domiciliación no tendrá efecto.`,
        ),
      );
    }
  }
  return out;
}

/**
 * Everything that does not hold together in a set of facts for a company type: errors refuse the
 * write, warnings are shown and accepted.
 */
export function validateFacts(companyType: CompanyType, f: TaxProfileFacts): AssistantIssue[] {
  const issues = [
    ...irpfIssues(companyType, f),
    ...vatRegimeIssues(companyType, f),
    ...monthlyVatIssues(f),
    ...cashAccountingIssues(f),
    ...territoryIssues(f),
    ...domiciliationIssues(companyType, f),
  ];
  // Art. 81.1 RIVA: the monthly 349 is a periodicity of the intra-EU statement, owed only with intra-EU operations.
  if (f.intraEuMonthly && !f.intraEuOperations) {
    issues.push(
      error(
        'intraEuMonthly',
        'La presentación mensual del modelo 349 requiere operaciones intracomunitarias.',
      ),
    );
  }
  if (f.prorrataBp === 0) {
    issues.push(
      warning('prorrataBp', 'Con una prorrata del 0 % no se deduce nada del IVA soportado: revisa el dato.'),
    );
  }
  return issues;
}

/** How a fact is named in the request that carried it (the profile body nests them under `facts`). */
export type FactFieldName = (fact: string) => string;
export const bodyFactField: FactFieldName = (fact) => `facts.${fact}`;

/** 400 CORE_004 naming the first error (all of them in details.issues) when the facts do not hold. */
export function assertValidFacts(
  companyType: CompanyType,
  facts: TaxProfileFacts,
  fieldName: FactFieldName = bodyFactField,
): void {
  const errors = validateFacts(companyType, facts).filter((i) => i.severity === 'error');
  const first = errors[0];
  if (!first) return;
  throw new AppError('CORE_004', first.message, {
    field: fieldName(first.field),
    details: { issues: errors },
  });
}

/** zod's refusals of a facts object as assistant issues (all errors). */
export function zodIssues(error: z.ZodError): AssistantIssue[] {
  return error.issues.map((i) => ({
    field: i.path.map(String).join('.') || 'facts',
    severity: 'error' as const,
    message: i.message,
  }));
}

// --- the assistant -----------------------------------------------------------------------------

/** Volume of operations above which a company is a large company (art. 71.3.1.º RIVA): 6.010.121,04 €. */
export const LARGE_COMPANY_CENTS = 601_012_104;
/** Intra-EU supplies in the quarter above which 349 is monthly (art. 81.1 RIVA): 50.000 €. */
export const INTRA_EU_MONTHLY_CENTS = 5_000_000;
/** Share of last year's income under withholding that exempts from modelo 130 (art. 109.1 RIRPF): 70 %. */
export const EXEMPTION_130_SHARE_BP = 7000;
/** IRPF withholding on professional income (art. 101.5.a LIRPF): 15 %. */
export const PROFESSIONAL_IRPF_BP = 1500;

function proposedVatRegime(companyType: CompanyType, activity: AssistantAnswers['activity']) {
  const legalPerson = LEGAL_PERSONS.includes(companyType);
  // Art. 154.Uno LIVA: recargo de equivalencia for retailers that are natural persons or entities
  // in attribution of income; a retail SL/SA is in the general regime.
  if (activity === 'RETAIL') return legalPerson ? 'GENERAL' : 'RECARGO_EQUIVALENCIA';
  // Art. 124.Dos.1.º LIVA: sociedades mercantiles are excluded from the REAGP.
  if (activity === 'FARMING') return legalPerson ? 'GENERAL' : 'REAGP';
  // Arts. 20 and 26 LIVA: only exempt operations (e.g. health, education, insurance).
  if (activity === 'EXEMPT') return 'EXENTO';
  return 'GENERAL';
}

/** The facts the assistant's answers imply (the user reviews them before applying). */
export function proposeFacts(companyType: CompanyType, a: AssistantAnswers): TaxProfileFacts {
  const autonomo = companyType === 'AUTONOMO';
  const largeCompany = a.annualTurnoverCents > LARGE_COMPANY_CENTS;
  const redeme = a.wantsMonthlyRefunds;
  const irpfMethod = autonomo ? a.irpfMethod : null;
  const direct = irpfMethod !== null && DIRECT_ESTIMATION.has(irpfMethod);
  const intraEuOperations = a.intraEuOperations || a.intraEuQuarterCents > 0;
  const facts: TaxProfileFacts = {
    ...defaultTaxProfileFacts({ companyType, siiEnabled: false }),
    vatRegime: proposedVatRegime(companyType, a.activity),
    vatZone: a.vatZone,
    largeCompany,
    redeme,
    // Art. 62.6 RIVA: monthly filers (large company, REDEME) keep their books in the SII.
    siiEnabled: largeCompany || redeme,
    cashAccounting: a.cashAccounting,
    irpfMethod,
    withholdingExemption130:
      autonomo &&
      direct &&
      a.withheldIncomeShareBp !== null &&
      a.withheldIncomeShareBp >= EXEMPTION_130_SHARE_BP,
    irpfRateBp: autonomo && a.activity === 'PROFESSIONAL' ? PROFESSIONAL_IRPF_BP : 0,
    hasEmployees: a.hasEmployees,
    paysProfessionals: a.paysProfessionals,
    rentsPremises: a.rentsPremises,
    paysDividendsOrInterest: a.paysDividendsOrInterest,
    paysNonResidents: a.paysNonResidents,
    intraEuOperations,
    intraEuMonthly: intraEuOperations && a.intraEuQuarterCents > INTRA_EU_MONTHLY_CENTS,
    ossRegistered: a.sellsB2cToOtherEuCountries,
    assetsAbroad: a.assetsAbroad,
    domiciliation: {},
  };
  if (a.payByDomiciliation) {
    const domiciliable = new Set<string>(DOMICILIABLE_MODELS);
    for (const r of requiredModels(companyType, facts)) {
      if (domiciliable.has(r.model)) facts.domiciliation[r.model as DomiciliableModel] = true;
    }
  }
  return facts;
}

/** What `analyze` answers: the proposed facts, the models they imply and their issues. */
export function proposal(companyType: CompanyType, answers: AssistantAnswers): AssistantProposal {
  const facts = proposeFacts(companyType, answers);
  return {
    facts,
    requiredModels: requiredModels(companyType, facts).map((r) => ({
      model: r.model,
      periodicity: r.periodicity,
      reason: r.reason,
    })),
    issues: validateFacts(companyType, facts),
  };
}

// --- the tax configuration (spec part 2 §3) ----------------------------------------------------

export function toConfiguration(profile: TaxProfile): TaxConfiguration {
  const f = profile.facts;
  return {
    companyId: profile.companyId,
    taxRegime: f.vatRegime,
    vatZone: f.vatZone,
    siiEnabled: f.siiEnabled,
    quarterlyVat: !filesVatMonthly(f),
    irpfRate: f.irpfRateBp / 100,
    irpfMethod: f.irpfMethod,
    requiredModels: requiredModels(profile.companyType, f).map((r) => r.model),
    updatedAt: profile.updatedAt,
  };
}

/** Why VAT is monthly (art. 71.3 RIVA), in Spanish, for messages. */
function monthlyReasons(f: TaxProfileFacts): string[] {
  const out: string[] = [];
  if (f.siiEnabled) out.push('el SII');
  if (f.redeme) out.push('el REDEME');
  if (f.largeCompany) out.push('la condición de gran empresa');
  if (f.vatGroup) out.push('el grupo de entidades');
  return out;
}

const listEs = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;

/**
 * The facts after a configuration update (absent fields keep their value). Quarterly or monthly VAT
 * is not a free choice but a consequence of the facts (art. 71.3 RIVA), so `updateQuarterlyVat` is
 * checked against them rather than stored.
 */
export function applyConfigurationUpdate(
  facts: TaxProfileFacts,
  body: UpdateTaxConfigurationBody,
): TaxProfileFacts {
  const next: TaxProfileFacts = { ...facts, domiciliation: { ...facts.domiciliation } };
  if (body.updateTaxRegime !== undefined) next.vatRegime = body.updateTaxRegime;
  if (body.updateVatZone !== undefined) next.vatZone = body.updateVatZone;
  if (body.updateSiiEnabled !== undefined) next.siiEnabled = body.updateSiiEnabled;
  if (body.updateIrpfRate !== undefined) next.irpfRateBp = Math.round(body.updateIrpfRate * 100);
  if (body.updateQuarterlyVat !== undefined) {
    const monthly = filesVatMonthly(next);
    if (body.updateQuarterlyVat === false && !monthly) {
      throw new AppError(
        'CORE_004',
        'La liquidación mensual del IVA requiere SII, REDEME, gran empresa o grupo de entidades.',
        { field: 'updateQuarterlyVat' },
      );
    }
    if (body.updateQuarterlyVat === true && monthly) {
      throw new AppError(
        'CORE_004',
        `La liquidación trimestral del IVA no es posible con ${listEs(monthlyReasons(next))}: el IVA se liquida cada mes.`,
        { field: 'updateQuarterlyVat' },
      );
    }
  }
  return next;
}
