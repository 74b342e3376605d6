/**
 * Fiscal analysis (issue 13 item 5; spec part 2 §3 "Fiscal analysis"): the health score, the
 * compliance of each model, the metrics and the recommendations, from the company's stored
 * obligations and threshold alerts. Pure: `today` (ISO date) is passed in.
 *
 * Nothing here is a guess: every point taken from the score comes from one row of HEALTH_RULES and
 * each reason names its row; every recommendation comes from one RECOMMENDATION_RULES row. A
 * missing or incomplete tax profile (configuration errors) is reported by the caller, not here.
 */

import type { CompanyType } from '../db/records';
import {
  DOMICILIABLE_MODELS,
  type DomiciliableModel,
  type TaxModel,
  type TaxProfileFacts,
} from '../schemas/tax-profile';
import {
  countdownDate,
  effectiveStatus,
  formatDateEs,
  isOpen,
  obligationLabel,
  SELF_ASSESSMENT_MODELS,
  type TaxObligation,
} from './fiscal-alerts';
import { daysBetween } from './tax-calendar';
import { madridDate } from './verifactu-obligation';

export interface AnalysisInput {
  today: string;
  companyType: CompanyType;
  facts: TaxProfileFacts;
  /** Of the current and previous tax year. */
  obligations: TaxObligation[];
  thresholdAlerts: { code: string; model: TaxModel | null }[];
}

export type HealthStatus = 'EXCELLENT' | 'GOOD' | 'WARNING' | 'CRITICAL';
export type ComplianceStatus = 'COMPLIANT' | 'WARNING' | 'NON_COMPLIANT' | 'pending';
export type RecommendationPriority = 'high' | 'medium' | 'low';
export type RecommendationType = 'OVERDUE_FILING' | 'DEADLINE_SOON' | 'DOMICILIATION' | 'CASH_ACCOUNTING';

export interface Recommendation {
  /** Stable: `${type}#${model or obligationId}`. */
  id: string;
  title: string;
  description: string;
  priority: RecommendationPriority;
  type: RecommendationType;
  /** Céntimos the advice saves, or null: no rule here knows an amount it could justify. */
  estimatedBenefit: number | null;
  model: TaxModel | null;
}

export interface Compliance {
  model: TaxModel;
  status: ComplianceStatus;
  description: string;
  /** The earliest filing deadline (dueDate) of its open obligations not yet passed, or null. */
  nextDeadline: string | null;
}

export interface FiscalAnalysis {
  fiscalHealth: { status: HealthStatus; score: number; description: string; reasons: string[] };
  recommendations: Recommendation[];
  compliance: Compliance[];
  metrics: {
    compliancePercentage: number;
    totalThresholdAlerts: number;
    modelsAffected: number;
    lastAnalysisDate: string;
  };
}

// --- the facts every rule reads ---------------------------------------------------------------------

/** A deadline this close (days) counts against the score. */
export const DUE_SOON_SCORE_DAYS = 3;
/** A deadline this close (days) turns a model's compliance to WARNING and is recommended. */
export const DUE_SOON_WARNING_DAYS = 7;
/** How far back (months) a late filing still counts. */
export const LATE_LOOKBACK_MONTHS = 12;

/** The Spanish calendar day a settled obligation was filed (submittedAt is a timestamp or a date). */
export function filedOn(submittedAt: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(submittedAt) ? submittedAt : madridDate(new Date(submittedAt));
}

/** Settled (not open) and filed after its dueDate. Without submittedAt there is no late filing to see. */
export function settledLate(o: TaxObligation): boolean {
  return !isOpen(o.status) && o.submittedAt !== null && filedOn(o.submittedAt) > o.dueDate;
}

/** `iso` plus `months` calendar months, the day clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(Number(iso.slice(8, 10)), last);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

interface Classified {
  overdue: TaxObligation[];
  /** Settled late, filed within the last LATE_LOOKBACK_MONTHS months. */
  lateRecent: TaxObligation[];
  /** Open, not overdue, counting down (countdownDate) to a date at most DUE_SOON_SCORE_DAYS away. */
  dueVerySoon: TaxObligation[];
  /** Open, not overdue, counting down to a date at most DUE_SOON_WARNING_DAYS away. */
  dueSoon: TaxObligation[];
  open: TaxObligation[];
}

function classify(obligations: TaxObligation[], today: string): Classified {
  const lookbackFrom = addMonths(today, -LATE_LOOKBACK_MONTHS);
  const c: Classified = { overdue: [], lateRecent: [], dueVerySoon: [], dueSoon: [], open: [] };
  for (const o of obligations) {
    if (isOpen(o.status)) {
      c.open.push(o);
      if (effectiveStatus(o, today) === 'OVERDUE') {
        c.overdue.push(o);
        continue;
      }
      const days = daysBetween(today, countdownDate(o, today));
      if (days <= DUE_SOON_SCORE_DAYS) c.dueVerySoon.push(o);
      if (days <= DUE_SOON_WARNING_DAYS) c.dueSoon.push(o);
    } else if (settledLate(o) && filedOn(o.submittedAt!) > lookbackFrom) {
      c.lateRecent.push(o);
    }
  }
  return c;
}

// --- score ------------------------------------------------------------------------------------------

export type HealthRuleCode = 'OVERDUE' | 'FILED_LATE' | 'DUE_SOON' | 'THRESHOLD_ALERT';

export interface HealthRule {
  code: HealthRuleCode;
  /** Spanish name, quoted in each reason. */
  label: string;
  /** Points taken per occurrence. */
  points: number;
  /** Most points the rule can take in total, so routine items (several deadlines on the 20th) cannot sink the score. */
  maxPoints: number;
}

/**
 * The score starts at 100 and only these rows take points (floor 0). Product rules, not law: an
 * unfiled return weighs most, a late filing of the last 12 months less, then a deadline within 3
 * days and a legal threshold crossed (modelo 347, SII turnover, intra-EU…).
 */
export const HEALTH_RULES: Record<HealthRuleCode, HealthRule> = {
  OVERDUE: { code: 'OVERDUE', label: 'Obligación vencida sin presentar', points: 25, maxPoints: 100 },
  FILED_LATE: {
    code: 'FILED_LATE',
    label: 'Presentada fuera de plazo en los últimos 12 meses',
    points: 10,
    maxPoints: 30,
  },
  DUE_SOON: { code: 'DUE_SOON', label: 'Vence en 3 días o menos', points: 5, maxPoints: 15 },
  THRESHOLD_ALERT: { code: 'THRESHOLD_ALERT', label: 'Alerta de umbral', points: 5, maxPoints: 15 },
};

export const START_SCORE = 100;

/** Lowest score of each status, best first. With an overdue obligation the status is at most WARNING. */
export const HEALTH_STATUS_THRESHOLDS: readonly { status: HealthStatus; minScore: number }[] = [
  { status: 'EXCELLENT', minScore: 90 },
  { status: 'GOOD', minScore: 70 },
  { status: 'WARNING', minScore: 40 },
  { status: 'CRITICAL', minScore: 0 },
];

export function healthStatus(score: number, hasOverdue: boolean): HealthStatus {
  const status = HEALTH_STATUS_THRESHOLDS.find((t) => score >= t.minScore)!.status;
  return hasOverdue && (status === 'EXCELLENT' || status === 'GOOD') ? 'WARNING' : status;
}

const HEALTH_DESCRIPTIONS: Record<HealthStatus, string> = {
  EXCELLENT: 'Situación fiscal excelente: obligaciones al día.',
  GOOD: 'Situación fiscal buena, con algún punto que vigilar.',
  WARNING: 'Situación fiscal con incidencias que conviene resolver pronto.',
  CRITICAL: 'Situación fiscal crítica: hay incumplimientos que resolver cuanto antes.',
};

const list = (obligations: TaxObligation[]) => obligations.map(obligationLabel).join(', ');

function scoreOf(c: Classified, thresholdAlerts: AnalysisInput['thresholdAlerts']) {
  const hits: { rule: HealthRule; count: number; detail: string }[] = [
    { rule: HEALTH_RULES.OVERDUE, count: c.overdue.length, detail: list(c.overdue) },
    { rule: HEALTH_RULES.FILED_LATE, count: c.lateRecent.length, detail: list(c.lateRecent) },
    { rule: HEALTH_RULES.DUE_SOON, count: c.dueVerySoon.length, detail: list(c.dueVerySoon) },
    {
      rule: HEALTH_RULES.THRESHOLD_ALERT,
      count: thresholdAlerts.length,
      detail: thresholdAlerts.map((a) => (a.model ? `${a.code} (modelo ${a.model})` : a.code)).join(', '),
    },
  ];
  let score = START_SCORE;
  const reasons: string[] = [];
  for (const { rule, count, detail } of hits) {
    if (count === 0) continue;
    const taken = Math.min(count * rule.points, rule.maxPoints);
    score -= taken;
    const capped = taken < count * rule.points ? ` (máximo ${rule.maxPoints})` : '';
    reasons.push(
      `Regla «${rule.label}» (−${rule.points} cada una): ${count} → −${taken}${capped}. ${detail}.`,
    );
  }
  return { score: Math.max(0, score), reasons };
}

// --- compliance -------------------------------------------------------------------------------------

const COMPLIANCE_RANK: Record<ComplianceStatus, number> = {
  NON_COMPLIANT: 0,
  WARNING: 1,
  pending: 2,
  COMPLIANT: 3,
};

/**
 * Per model with obligations: NON_COMPLIANT with an overdue one; WARNING with one filed late in the
 * last 12 months or one due within 7 days; pending with open ones; COMPLIANT otherwise. Sorted
 * worst first, then by nextDeadline (none last), then model.
 */
function complianceOf(obligations: TaxObligation[], c: Classified, today: string): Compliance[] {
  const models = [...new Set(obligations.map((o) => o.modelType))];
  const of = (group: TaxObligation[], m: TaxModel) => group.filter((o) => o.modelType === m);
  const rows = models.map((model): Compliance => {
    const overdue = of(c.overdue, model);
    const late = of(c.lateRecent, model);
    const soon = of(c.dueSoon, model);
    const open = of(c.open, model);
    const upcoming = open
      .filter((o) => o.dueDate >= today)
      .map((o) => o.dueDate)
      .sort();
    const nextDeadline = upcoming[0] ?? null;
    if (overdue.length > 0) {
      return {
        model,
        status: 'NON_COMPLIANT',
        description: `Vencida sin presentar: ${list(overdue)}.`,
        nextDeadline,
      };
    }
    if (late.length > 0 || soon.length > 0) {
      const parts = [
        late.length > 0 ? `presentada fuera de plazo: ${list(late)}` : null,
        soon.length > 0
          ? `vence en ${DUE_SOON_WARNING_DAYS} días o menos: ${soon.map((o) => `${obligationLabel(o)} (${formatDateEs(countdownDate(o, today))})`).join(', ')}`
          : null,
      ].filter((p): p is string => p !== null);
      const text = parts.join('; ');
      return {
        model,
        status: 'WARNING',
        description: `${text[0]!.toUpperCase()}${text.slice(1)}.`,
        nextDeadline,
      };
    }
    if (open.length > 0) {
      return {
        model,
        status: 'pending',
        description: `Al día; ${open.length === 1 ? 'queda 1 obligación pendiente' : `quedan ${open.length} obligaciones pendientes`}.`,
        nextDeadline,
      };
    }
    return {
      model,
      status: 'COMPLIANT',
      description: 'Sin vencidas ni presentaciones fuera de plazo en los últimos 12 meses.',
      nextDeadline,
    };
  });
  return rows.sort(
    (a, b) =>
      COMPLIANCE_RANK[a.status] - COMPLIANCE_RANK[b.status] ||
      (a.nextDeadline ?? '9999').localeCompare(b.nextDeadline ?? '9999') ||
      a.model.localeCompare(b.model),
  );
}

/** Obligations already due (dueDate < today) settled on time, over those already due, ×100 rounded; 100 when none is due. */
export function compliancePercentage(obligations: TaxObligation[], today: string): number {
  const due = obligations.filter((o) => o.dueDate < today);
  if (due.length === 0) return 100;
  const onTime = due.filter((o) => !isOpen(o.status) && !settledLate(o)).length;
  return Math.round((onTime * 100) / due.length);
}

// --- recommendations --------------------------------------------------------------------------------

/**
 * LGT art. 27.2 (Ley 58/2003, as worded by Ley 11/2021): a self-assessment filed late without a
 * prior request bears a recargo of 1 % plus 1 % per full month of delay within the 12 months after
 * the deadline (no interest), and 15 % (plus interest from then) once 12 months have passed. In
 * basis points, for a return filed on `filed` whose deadline was `dueDate` (0 when not late).
 */
export function recargoRateBp(dueDate: string, filed: string): number {
  if (filed <= dueDate) return 0;
  let fullMonths = 0;
  while (fullMonths < 12 && addMonths(dueDate, fullMonths + 1) <= filed) fullMonths++;
  return fullMonths >= 12 ? 1500 : 100 + 100 * fullMonths;
}

const percent = (bp: number) => `${bp / 100} %`;

/** The rows recommendations come from, in the order they are shown within a priority. */
export const RECOMMENDATION_RULES: Record<
  RecommendationType,
  { priority: RecommendationPriority; when: string }
> = {
  OVERDUE_FILING: { priority: 'high', when: 'Un modelo tiene obligaciones vencidas sin presentar.' },
  DEADLINE_SOON: { priority: 'high', when: 'Una obligación abierta vence en 7 días o menos.' },
  DOMICILIATION: {
    priority: 'medium',
    when: 'Un modelo domiciliable tiene obligaciones abiertas y su pago no está domiciliado.',
  },
  CASH_ACCOUNTING: {
    priority: 'medium',
    when: 'Autónomo o SL en régimen general de IVA, sin criterio de caja y sin ser gran empresa.',
  },
};

const RECOMMENDATION_ORDER: readonly RecommendationType[] = [
  'OVERDUE_FILING',
  'DEADLINE_SOON',
  'DOMICILIATION',
  'CASH_ACCOUNTING',
];
const PRIORITY_RANK: Record<RecommendationPriority, number> = { high: 0, medium: 1, low: 2 };

function overdueFiling(model: TaxModel, overdue: TaxObligation[], today: string): Recommendation {
  const oldest = overdue.map((o) => o.dueDate).sort()[0]!;
  let consequence: string;
  if (SELF_ASSESSMENT_MODELS.includes(model)) {
    const rate = recargoRateBp(oldest, today);
    const which = overdue.length > 1 ? ' la más antigua' : '';
    const next =
      rate < 1500
        ? `; sube al ${percent(rate === 1200 ? 1500 : rate + 100)} el ${formatDateEs(addMonths(oldest, rate / 100))}`
        : '';
    consequence =
      `Si presentas hoy${which} sin requerimiento previo, el recargo del art. 27 LGT es del ${percent(rate)} ` +
      `del importe a ingresar${next}. Pasados 12 meses es del 15 % más intereses de demora.`;
  } else if (model === '369') {
    consequence = 'Los recargos e intereses por retraso los fija cada Estado miembro de consumo.';
  } else {
    consequence =
      'Es una declaración sin ingreso: presentada sin requerimiento previo, la sanción del art. 198 LGT se reduce a la mitad.';
  }
  return {
    id: `OVERDUE_FILING#${model}`,
    title: `Presenta cuanto antes el modelo ${model}`,
    description: `Vencida desde el ${formatDateEs(oldest)}: ${list(overdue)}. ${consequence}`,
    priority: RECOMMENDATION_RULES.OVERDUE_FILING.priority,
    type: 'OVERDUE_FILING',
    estimatedBenefit: null,
    model,
  };
}

function deadlineSoon(o: TaxObligation, today: string): Recommendation {
  const target = countdownDate(o, today);
  const days = daysBetween(today, target);
  const when = days === 0 ? 'hoy' : days === 1 ? 'mañana' : `en ${days} días`;
  const debit = target !== o.dueDate ? ' (fin de la domiciliación del pago)' : '';
  return {
    id: `DEADLINE_SOON#${o.obligationId}`,
    title: `Prepara el ${obligationLabel(o)}`,
    description: `El plazo termina ${when}, el ${formatDateEs(target)}${debit}. Revisa los datos y genera la declaración.`,
    priority: RECOMMENDATION_RULES.DEADLINE_SOON.priority,
    type: 'DEADLINE_SOON',
    estimatedBenefit: null,
    model: o.modelType,
  };
}

const isDomiciliable = (m: TaxModel): m is DomiciliableModel =>
  (DOMICILIABLE_MODELS as readonly TaxModel[]).includes(m);

function domiciliation(model: TaxModel): Recommendation {
  return {
    id: `DOMICILIATION#${model}`,
    title: `Domicilia el pago del modelo ${model}`,
    description:
      'Con la domiciliación bancaria la AEAT carga el importe en tu cuenta el último día del plazo, sin que ' +
      'tengas que pagarlo aparte ni arriesgarte a olvidarlo (Orden EHA/1658/2009). A cambio, la declaración ' +
      'debe presentarse unos días antes del fin del plazo.',
    priority: RECOMMENDATION_RULES.DOMICILIATION.priority,
    type: 'DOMICILIATION',
    estimatedBenefit: null,
    model,
  };
}

function cashAccounting(): Recommendation {
  return {
    id: 'CASH_ACCOUNTING#303',
    title: 'Valora el criterio de caja del IVA',
    description:
      'Con el régimen especial del criterio de caja (arts. 163 decies a 163 terdecies LIVA) el IVA de tus ' +
      'facturas se declara cuando las cobras (o el 31 de diciembre del año siguiente), no al emitirlas. Solo ' +
      'puede aplicarse si el volumen de operaciones del año anterior no superó 2.000.000 €: Cuadra no conoce ' +
      'esa cifra, compruébala. El IVA soportado también se deduce al pagar, y la opción se ejerce en la ' +
      'declaración censal (modelo 036) en diciembre del año anterior.',
    priority: RECOMMENDATION_RULES.CASH_ACCOUNTING.priority,
    type: 'CASH_ACCOUNTING',
    estimatedBenefit: null,
    model: '303',
  };
}

function recommendationsOf(input: AnalysisInput, c: Classified): Recommendation[] {
  const { facts, companyType, today } = input;
  const out: Recommendation[] = [];
  const overdueModels = [...new Set(c.overdue.map((o) => o.modelType))];
  for (const model of overdueModels) {
    out.push(
      overdueFiling(
        model,
        c.overdue.filter((o) => o.modelType === model),
        today,
      ),
    );
  }
  for (const o of c.dueSoon) out.push(deadlineSoon(o, today));
  const undebited = new Set(
    c.open
      .filter((o) => effectiveStatus(o, today) === 'PENDING' && !o.paidByDomiciliation)
      .map((o) => o.modelType)
      .filter((m) => isDomiciliable(m) && facts.domiciliation[m] !== true),
  );
  for (const model of undebited) out.push(domiciliation(model));
  // LIVA art. 163 decies: only below 2.000.000 € of volume; a large company (> 6.010.121,04 €) never qualifies.
  if (
    (companyType === 'AUTONOMO' || companyType === 'SL') &&
    facts.vatZone === 'PENINSULA' &&
    facts.vatRegime === 'GENERAL' &&
    !facts.cashAccounting &&
    !facts.largeCompany
  ) {
    out.push(cashAccounting());
  }
  return out.sort(
    (a, b) =>
      PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
      RECOMMENDATION_ORDER.indexOf(a.type) - RECOMMENDATION_ORDER.indexOf(b.type) ||
      a.id.localeCompare(b.id),
  );
}

// --- the analysis -----------------------------------------------------------------------------------

export function analyseFiscalHealth(input: AnalysisInput): FiscalAnalysis {
  const { obligations, thresholdAlerts, today } = input;
  const c = classify(obligations, today);
  const { score, reasons } = scoreOf(c, thresholdAlerts);
  const status = healthStatus(score, c.overdue.length > 0);
  if (status !== healthStatus(score, false)) {
    reasons.push('Regla «Con obligaciones vencidas la salud fiscal es como mucho “Con incidencias”».');
  }
  if (reasons.length === 0) {
    reasons.push(
      'Ninguna regla resta puntos: sin vencidas, sin presentaciones tardías, sin plazos inmediatos ni alertas de umbral.',
    );
  }
  const affected = new Set<TaxModel>([
    ...c.overdue.map((o) => o.modelType),
    ...c.lateRecent.map((o) => o.modelType),
    ...thresholdAlerts.flatMap((a) => (a.model ? [a.model] : [])),
  ]);
  return {
    fiscalHealth: { status, score, description: HEALTH_DESCRIPTIONS[status], reasons },
    recommendations: recommendationsOf(input, c),
    compliance: complianceOf(obligations, c, today),
    metrics: {
      compliancePercentage: compliancePercentage(obligations, today),
      totalThresholdAlerts: thresholdAlerts.length,
      modelsAffected: affected.size,
      lastAnalysisDate: today,
    },
  };
}
