/**
 * Fiscal alerts (issue 13 item 4; spec part 2 §3 "Fiscal alert", §4 and part 3): which alert an
 * AEAT obligation calls for on a given day, its priority, its Spanish texts and its stable id.
 * Pure: `today` (ISO date, Spanish calendar day) is always passed in; the store and the workers
 * persist the plans and send one notification per alert and step.
 *
 * Rules (spec part 2 §4 / part 3):
 * - An alert appears once the deadline is 30 days away or less (upcoming window).
 * - Priority by days remaining: up to 3 critical, up to 7 high, otherwise medium; overdue always critical.
 * - The summary "pending obligations" alert is high when more than 5 are pending, otherwise medium.
 * - Alerts are shown sorted critical, high, medium, low.
 * - A model paid by direct debit counts down to the domiciliation deadline (`alertDate`), which
 *   closes some days before the filing deadline (Orden EHA/1658/2009, domiciliación bancaria).
 */

import { type TaxModel, taxModelNames } from '../schemas/tax-profile';
import { daysBetween } from './tax-calendar';

// --- the stored obligation --------------------------------------------------------------------------

export const OBLIGATION_STATUSES = [
  'PENDING',
  'MODEL_GENERATED',
  'SUBMITTED',
  'OBLIGATION_GENERATED',
  'OVERDUE',
] as const;
export type ObligationStatus = (typeof OBLIGATION_STATUSES)[number];

/** One AEAT obligation of a company as stored (planned by shared/fiscal/tax-obligations.ts). */
export interface TaxObligation {
  obligationId: string;
  companyId: string;
  modelType: TaxModel;
  period: string;
  year: number;
  periodicity: 'MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'INSTALMENTS' | 'EVENT';
  periodStart: string;
  periodEnd: string;
  windowStart: string;
  dueDate: string;
  domiciliationDueDate: string | null;
  paidByDomiciliation: boolean;
  /** The date alerts count down to: domiciliationDueDate when paid by direct debit, else dueDate. */
  alertDate: string;
  profileVersion: string;
  reason: string;
  status: ObligationStatus;
  modelId: string | null;
  submittedAt: string | null;
  /** Filing reference (justificante) or note of a return settled outside Cuadra. */
  reference?: string | null;
  /** Who marked it settled (userId), when done by hand. */
  submittedBy?: string | null;
  createdAt: string;
  updatedAt: string;
}

export const isOpen = (status: ObligationStatus): boolean => status === 'PENDING' || status === 'OVERDUE';

/**
 * PENDING (or stored OVERDUE) becomes OVERDUE once today > dueDate; settled statuses never change
 * here. An open obligation is judged on its dates alone, so one whose dueDate a later profile
 * version moved forward is PENDING again.
 */
export function effectiveStatus(
  o: Pick<TaxObligation, 'status' | 'dueDate'>,
  today: string,
): ObligationStatus {
  if (!isOpen(o.status)) return o.status;
  return today > o.dueDate ? 'OVERDUE' : 'PENDING';
}

/**
 * The date an open obligation counts down to today: the domiciliation deadline (`alertDate`) while
 * it can still be paid by direct debit, then the filing deadline (after the debit window closes the
 * return can still be filed and paid by other means until dueDate).
 */
export function countdownDate(o: Pick<TaxObligation, 'alertDate' | 'dueDate'>, today: string): string {
  return today <= o.alertDate ? o.alertDate : o.dueDate;
}

/** True while a direct-debit obligation is still inside its domiciliation window. */
function inDomiciliationWindow(o: TaxObligation, today: string): boolean {
  return o.paidByDomiciliation && o.alertDate < o.dueDate && today <= o.alertDate;
}

// --- priorities -------------------------------------------------------------------------------------

export type AlertType = 'deadline' | 'overdue' | 'generated' | 'submitted' | 'error';
export type AlertPriority = 'critical' | 'high' | 'medium' | 'low';

/** Spec part 2 §4: upcoming obligations window. */
export const UPCOMING_WINDOW_DAYS = 30;
/** Spec part 2 §4: the summary alert is high above this many pending obligations. */
export const SUMMARY_ALERT_THRESHOLD = 5;

/** Up to 3 days critical (a passed deadline too), up to 7 high, otherwise medium. */
export function deadlinePriority(daysRemaining: number): AlertPriority {
  if (daysRemaining <= 3) return 'critical';
  if (daysRemaining <= 7) return 'high';
  return 'medium';
}

/** High when more than SUMMARY_ALERT_THRESHOLD obligations are pending, otherwise medium. */
export function summaryPriority(pending: number): AlertPriority {
  return pending > SUMMARY_ALERT_THRESHOLD ? 'high' : 'medium';
}

export const priorityRank: Record<AlertPriority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** Priority (critical first), then the earliest dueDate (none last), then the newest. */
export function sortAlerts<T extends { priority: AlertPriority; dueDate?: string | null; createdAt: string }>(
  alerts: T[],
): T[] {
  return [...alerts].sort((a, b) => {
    const byPriority = priorityRank[a.priority] - priorityRank[b.priority];
    if (byPriority !== 0) return byPriority;
    const da = a.dueDate ?? null;
    const db = b.dueDate ?? null;
    if (da !== db) {
      if (da === null) return 1;
      if (db === null) return -1;
      return da < db ? -1 : 1;
    }
    if (a.createdAt === b.createdAt) return 0;
    return a.createdAt > b.createdAt ? -1 : 1;
  });
}

// --- texts ------------------------------------------------------------------------------------------

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

const INSTALMENT_ORDINALS: Record<string, string> = { '1P': '1er', '2P': '2º', '3P': '3er' };

/** 'YYYY-MM-DD' as es-ES 'DD/MM/YYYY'. */
export function formatDateEs(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/**
 * The Spanish label of a period code (tax-calendar.ts): '1T 2026', 'Enero 2026', 'Ejercicio 2026',
 * '1er pago fraccionado 2026' (modelo 202), 'Modificación censal del 26/11/2026' (modelo 036, whose
 * period is the date of the fact). Throws RangeError for a code no model has.
 */
export function periodLabel(model: TaxModel, period: string, year: number): string {
  if (/^[1-4]T$/.test(period)) return `${period} ${year}`;
  if (/^(0[1-9]|1[0-2])$/.test(period)) return `${MONTHS[Number(period) - 1]} ${year}`;
  if (period === '0A') return `Ejercicio ${year}`;
  const ordinal = INSTALMENT_ORDINALS[period];
  if (ordinal) return `${ordinal} pago fraccionado ${year}`;
  if (model === '036' && /^\d{4}-\d{2}-\d{2}$/.test(period)) {
    return `Modificación censal del ${formatDateEs(period)}`;
  }
  throw new RangeError(`Unknown period ${period} of modelo ${model}`);
}

/** 'Modelo 303 · 4T 2026'. */
export function obligationLabel(o: Pick<TaxObligation, 'modelType' | 'period' | 'year'>): string {
  return `Modelo ${o.modelType} · ${periodLabel(o.modelType, o.period, o.year)}`;
}

const remaining = (days: number) => (days === 0 ? 'hoy' : days === 1 ? 'queda 1 día' : `quedan ${days} días`);
const ago = (days: number) => (days === 1 ? 'hace 1 día' : `hace ${days} días`);

/**
 * Self-assessments with an amount to pay: filed late without a prior request they bear the recargo
 * of art. 27 LGT (Ley 58/2003). Informative returns (390, 347, 349, 180, 190, 193, 296, 720) and the
 * census declaration (036) are sanctioned under art. 198 LGT instead, halved when filed late
 * without a prior request (art. 198.2). Modelo 369 (OSS) is outside both: the Member State of
 * consumption applies its own rules (Reglamento de Ejecución (UE) 282/2011, art. 60 bis).
 */
export const SELF_ASSESSMENT_MODELS: readonly TaxModel[] = [
  '303',
  '111',
  '115',
  '123',
  '216',
  '130',
  '131',
  '202',
  '200',
  '100',
];

/** What filing an overdue return late costs, in one Spanish sentence. */
export function lateFilingNote(model: TaxModel): string {
  if (model === '369') {
    return 'En la ventanilla única, los recargos e intereses por retraso los fija cada Estado miembro de consumo.';
  }
  if (SELF_ASSESSMENT_MODELS.includes(model)) {
    return 'Fuera de plazo y sin requerimiento se paga un recargo del 1 % más un 1 % por cada mes completo de retraso (15 % pasados 12 meses) sobre el importe a ingresar (art. 27 LGT).';
  }
  return 'Fuera de plazo y sin requerimiento previo la sanción se reduce a la mitad (art. 198.2 LGT); con requerimiento es completa.';
}

// --- alert plans ------------------------------------------------------------------------------------

export interface AlertPlan {
  alertId: string;
  obligationId: string | null;
  type: AlertType;
  priority: AlertPriority;
  /** The notification step this alert is at: 'medium' | 'high' | 'critical' | 'overdue' | 'summary-medium' | 'summary-high'; one notification per alert and step. */
  step: string;
  title: string;
  message: string;
  actionUrl: string;
  dueDate: string | null;
  daysRemaining: number | null;
}

/** Spec part 3 links /fiscal/calendar?filter=…; the app's calendar is /app/tax/calendar. */
export const ALERT_URLS = {
  pending: '/app/tax/calendar?filter=pending',
  overdue: '/app/tax/calendar?filter=overdue',
  calendar: '/app/tax/calendar',
} as const;

/**
 * The alert an open obligation calls for today, or null (not yet inside the 30-day window, or
 * settled). Its deadline and overdue stages share one alert, `${obligationId}`, so acknowledging or
 * resolving it carries over; `step` tells the notifier when the priority went up.
 */
export function alertForObligation(o: TaxObligation, today: string, companyName: string): AlertPlan | null {
  if (!isOpen(o.status)) return null;
  const label = obligationLabel(o);
  const subject = `${companyName} · ${label} (${taxModelNames[o.modelType]})`;

  if (effectiveStatus(o, today) === 'OVERDUE') {
    const late = daysBetween(o.dueDate, today);
    return {
      alertId: o.obligationId,
      obligationId: o.obligationId,
      type: 'overdue',
      priority: 'critical',
      step: 'overdue',
      title: `${label} venció el ${formatDateEs(o.dueDate)} (${ago(late)})`,
      message: `${subject}: sin presentar. Preséntalo cuanto antes. ${lateFilingNote(o.modelType)}`,
      actionUrl: ALERT_URLS.overdue,
      dueDate: o.dueDate,
      daysRemaining: -late,
    };
  }

  const target = countdownDate(o, today);
  const days = daysBetween(today, target);
  if (days > UPCOMING_WINDOW_DAYS) return null;
  const priority = deadlinePriority(days);
  const base = {
    alertId: o.obligationId,
    obligationId: o.obligationId,
    type: 'deadline' as const,
    priority,
    step: priority,
    actionUrl: ALERT_URLS.pending,
    dueDate: target,
    daysRemaining: days,
  };

  if (inDomiciliationWindow(o, today)) {
    return {
      ...base,
      title: `Cargo en cuenta: la domiciliación del modelo ${o.modelType} termina el ${formatDateEs(target)} (${remaining(days)})`,
      message:
        `${subject}: se paga por domiciliación bancaria. Preséntalo hasta el ${formatDateEs(target)} para que ` +
        `el cargo se haga el ${formatDateEs(o.dueDate)}, último día del plazo; después tendrás que pagarlo por otro medio.`,
    };
  }

  const debitClosed =
    o.paidByDomiciliation && o.alertDate < o.dueDate
      ? ` El plazo para domiciliar el pago terminó el ${formatDateEs(o.alertDate)}: págalo por otro medio (por ejemplo, con NRC de tu banco).`
      : '';
  return {
    ...base,
    title: `${label} vence el ${formatDateEs(target)} (${remaining(days)})`,
    message: `${subject}: plazo de presentación del ${formatDateEs(o.windowStart)} al ${formatDateEs(o.dueDate)}.${debitClosed}`,
  };
}

/**
 * The summary alert `summary`: pending = open obligations of the company overdue or counting down
 * to a date within the 30-day window; null when none.
 */
export function summaryAlert(
  companyId: string,
  openObligations: TaxObligation[],
  today: string,
): AlertPlan | null {
  let overdue = 0;
  let upcoming = 0;
  for (const o of openObligations) {
    if (o.companyId !== companyId || !isOpen(o.status)) continue;
    if (effectiveStatus(o, today) === 'OVERDUE') overdue++;
    else if (daysBetween(today, countdownDate(o, today)) <= UPCOMING_WINDOW_DAYS) upcoming++;
  }
  const pending = overdue + upcoming;
  if (pending === 0) return null;
  const priority = summaryPriority(pending);
  const parts = [
    overdue > 0 ? `${overdue} ${overdue === 1 ? 'vencida' : 'vencidas'} sin presentar` : null,
    upcoming > 0 ? `${upcoming} con vencimiento en los próximos ${UPCOMING_WINDOW_DAYS} días` : null,
  ].filter((p): p is string => p !== null);
  return {
    alertId: 'summary',
    obligationId: null,
    type: 'deadline',
    priority,
    step: `summary-${priority}`,
    title:
      pending === 1
        ? 'Tienes 1 obligación fiscal pendiente'
        : `Tienes ${pending} obligaciones fiscales pendientes`,
    message: `${parts.join(' y ')}. Revisa el calendario fiscal.`,
    actionUrl: ALERT_URLS.pending,
    dueDate: null,
    daysRemaining: null,
  };
}

/** The alert of a model generated, submitted or failed for an obligation: `${obligationId}#${type}`. */
export function settledAlert(
  o: TaxObligation,
  type: 'generated' | 'submitted' | 'error',
  detail?: string,
): AlertPlan {
  const label = obligationLabel(o);
  const suffix = detail ? ` ${detail}` : '';
  const texts = {
    generated: {
      title: `${label}: declaración generada`,
      message: `La declaración está lista para revisar y presentar.${suffix}`,
    },
    submitted: {
      title: `${label}: presentado`,
      message: `La declaración se ha presentado a la AEAT.${suffix}`,
    },
    error: { title: `${label}: error`, message: `No se pudo completar la declaración.${suffix}` },
  }[type];
  return {
    alertId: `${o.obligationId}#${type}`,
    obligationId: o.obligationId,
    type,
    priority: type === 'error' ? 'high' : 'low',
    step: type,
    title: texts.title,
    message: texts.message,
    actionUrl: ALERT_URLS.calendar,
    dueDate: o.dueDate,
    daysRemaining: null,
  };
}
