/**
 * Spanish labels and tag colours of the tax pages (statuses, priorities, health, compliance) and of
 * the AEAT models' pages (model statuses, result types, filings).
 */
import type { AlertPriority, AlertType, ObligationStatus } from '@shared/fiscal/fiscal-alerts';
import { periodLabel } from '@shared/fiscal/fiscal-alerts';
import type { ComplianceStatus, HealthStatus, RecommendationPriority } from '@shared/fiscal/fiscal-analysis';
import type { AlertStatus, ThresholdAlert } from '@shared/schemas/tax';
import type {
  BatchGenerateResult,
  ModelIssue,
  ResultType,
  SubmissionState,
  SubmissionView,
  Threshold347View,
} from '@shared/schemas/tax-models';
import type { TaxModel } from '@shared/schemas/tax-profile';

export const OBLIGATION_STATUS_LABELS: Record<ObligationStatus, string> = {
  PENDING: 'Pendiente',
  OVERDUE: 'Vencida',
  MODEL_GENERATED: 'Modelo generado',
  SUBMITTED: 'Presentada',
  OBLIGATION_GENERATED: 'Obligación generada',
};

/** antd Tag colours: open ones blue (red once overdue), settled ones green-ish. */
export const OBLIGATION_STATUS_COLORS: Record<ObligationStatus, string> = {
  PENDING: 'blue',
  OVERDUE: 'red',
  MODEL_GENERATED: 'cyan',
  SUBMITTED: 'green',
  OBLIGATION_GENERATED: 'purple',
};

export const PRIORITY_LABELS: Record<AlertPriority, string> = {
  critical: 'Crítica',
  high: 'Alta',
  medium: 'Media',
  low: 'Baja',
};

export const PRIORITY_COLORS: Record<AlertPriority, string> = {
  critical: 'red',
  high: 'volcano',
  medium: 'gold',
  low: 'blue',
};

export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = {
  ACTIVE: 'Activa',
  ACKNOWLEDGED: 'Revisada',
  RESOLVED: 'Resuelta',
};

export const ALERT_STATUS_COLORS: Record<AlertStatus, string> = {
  ACTIVE: 'red',
  ACKNOWLEDGED: 'gold',
  RESOLVED: 'green',
};

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  deadline: 'Vencimiento',
  overdue: 'Vencida',
  generated: 'Generada',
  submitted: 'Presentada',
  error: 'Error',
};

export const HEALTH_LABELS: Record<HealthStatus, string> = {
  EXCELLENT: 'Excelente',
  GOOD: 'Buena',
  WARNING: 'Con incidencias',
  CRITICAL: 'Crítica',
};

export const HEALTH_COLORS: Record<HealthStatus, string> = {
  EXCELLENT: 'green',
  GOOD: 'cyan',
  WARNING: 'orange',
  CRITICAL: 'red',
};

/**
 * A reason of the fiscal health as the analysis words it, with any health status code it names
 * (`… como máximo WARNING`) shown as its Spanish label (`… como máximo “Con incidencias”`).
 */
export function healthReasonText(reason: string): string {
  return reason.replace(
    /\b(EXCELLENT|GOOD|WARNING|CRITICAL)\b/g,
    (code) => `“${HEALTH_LABELS[code as HealthStatus]}”`,
  );
}

export const COMPLIANCE_LABELS: Record<ComplianceStatus, string> = {
  COMPLIANT: 'Al día',
  WARNING: 'Atención',
  NON_COMPLIANT: 'Incumplimiento',
  pending: 'Pendiente',
};

export const COMPLIANCE_COLORS: Record<ComplianceStatus, string> = {
  COMPLIANT: 'green',
  WARNING: 'gold',
  NON_COMPLIANT: 'red',
  pending: 'blue',
};

export const RECOMMENDATION_PRIORITY_LABELS: Record<RecommendationPriority, string> = {
  high: 'Alta',
  medium: 'Media',
  low: 'Baja',
};

export const THRESHOLD_LABELS: Record<ThresholdAlert['code'], string> = {
  LARGE_COMPANY_EXCEEDED: 'Gran empresa superada',
  LARGE_COMPANY_APPROACHING: 'Cerca del umbral de gran empresa',
  INTRA_EU_MONTHLY_349: 'Modelo 349 mensual',
  INTRA_EU_NOT_DECLARED: 'Operaciones intracomunitarias no declaradas',
  MODELO_347_COUNTERPARTIES: 'Operaciones con terceros (modelo 347)',
};

/** '3 días', '1 día', 'Hoy'. */
export function daysText(days: number): string {
  if (days === 0) return 'Hoy';
  return `${days} ${Math.abs(days) === 1 ? 'día' : 'días'}`;
}

// --- the AEAT models (issue 14): statuses, result types, filings -------------------------------

import {
  MODEL_STATUS_LABELS,
  type ModelStatusOrNone,
  RESULT_TYPE_LABELS,
} from '@shared/fiscal/models/labels';

export { MODEL_STATUS_LABELS, type ModelStatusOrNone, RESULT_TYPE_LABELS };

export const MODEL_STATUS_COLORS: Record<ModelStatusOrNone, string> = {
  NOT_GENERATED: 'default',
  MODEL_GENERATED: 'cyan',
  SUBMITTED: 'green',
  OBLIGATION_GENERATED: 'purple',
};

/** Tag colours: to pay red-ish, to claim green-ish, carried forward blue, nothing grey. */
export const RESULT_TYPE_COLORS: Record<ResultType, string> = {
  I: 'volcano',
  U: 'volcano',
  G: 'volcano',
  C: 'blue',
  D: 'green',
  X: 'green',
  V: 'green',
  N: 'default',
  B: 'blue',
  INFORMATIVE: 'geekblue',
};

export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  PENDING: 'En curso',
  ACCEPTED: 'Aceptada',
  REJECTED: 'Rechazada',
  ERROR: 'Error',
};

export const SUBMISSION_STATE_COLORS: Record<SubmissionState, string> = {
  PENDING: 'blue',
  ACCEPTED: 'green',
  REJECTED: 'red',
  ERROR: 'volcano',
};

export const SUBMISSION_MODE_LABELS: Record<SubmissionView['mode'], string> = {
  CERTIFICATE: 'Con el certificado de la empresa',
  COLLABORATOR: 'Como colaborador social',
};

export const BATCH_OUTCOME_LABELS: Record<BatchGenerateResult['results'][number]['outcome'], string> = {
  GENERATED: 'Generado',
  ALREADY_GENERATED: 'Ya generado',
  NOT_APPLICABLE: 'No aplica',
  ERROR: 'Error',
};

export const BATCH_OUTCOME_COLORS: Record<BatchGenerateResult['results'][number]['outcome'], string> = {
  GENERATED: 'green',
  ALREADY_GENERATED: 'gold',
  NOT_APPLICABLE: 'default',
  ERROR: 'red',
};

export const ISSUE_SEVERITY_LABELS: Record<ModelIssue['severity'], string> = {
  ERROR: 'Error',
  WARNING: 'Aviso',
};

/** 'Modelo 303 · 1T 2026', 'Modelo 390 · Ejercicio 2026' (the period code as a person reads it). */
export function modelTitle(modelType: string, period: string, year: number): string {
  return `Modelo ${modelType} · ${modelPeriodLabel(modelType, period, year)}`;
}

/** '1T 2026', 'Marzo 2026', 'Ejercicio 2026'; the code itself only for one no model has. */
export function modelPeriodLabel(modelType: string, period: string, year: number): string {
  try {
    return periodLabel(modelType as TaxModel, period, year);
  } catch {
    return `${period} ${year}`;
  }
}

export const THRESHOLD_347_STATUS_LABELS: Record<Threshold347View['status'], string> = {
  NOT_REQUIRED: 'No obligada al modelo 347',
  BELOW_THRESHOLD: 'Ninguna operación supera el umbral',
  REQUIRED: 'Obligada a presentar el modelo 347',
};

export const THRESHOLD_347_STATUS_COLORS: Record<Threshold347View['status'], string> = {
  NOT_REQUIRED: 'default',
  BELOW_THRESHOLD: 'green',
  REQUIRED: 'gold',
};

/** Modelo 347 operation keys ("clave de operación" of the AEAT's record design): A purchases, B sales. */
export const KEY_347_LABELS: Record<'A' | 'B', string> = {
  A: 'Compras (adquisiciones)',
  B: 'Ventas (entregas)',
};

/** Modelo 349 operation keys (AEAT record design, "clave de operación"). */
export const KEY_349_LABELS: Record<string, string> = {
  E: 'Entregas intracomunitarias de bienes',
  T: 'Operaciones triangulares',
  S: 'Servicios prestados',
  A: 'Adquisiciones intracomunitarias de bienes',
  I: 'Servicios adquiridos',
};

const ANNUAL_SUMMARIES = new Set(['190', '180', '193', '296']);

/**
 * The words of a declared record's key: 349 keys or 347 A/B; for the annual withholding summaries
 * (190/180/193/296) the withholding key's own label ('G.01 Actividades profesionales…', with the record's
 * subkey); the key itself when unknown.
 */
export function recordKeyLabel(modelType: string, key: string, subkey?: string): string {
  if (ANNUAL_SUMMARIES.has(modelType)) {
    const full = `${key}${subkey ?? ''}`;
    for (const kind of WITHHOLDING_KINDS) {
      const info = WITHHOLDING_KIND_INFO[kind];
      if (info.summaryModel !== modelType) continue;
      const found = info.keys.find((k) => k.key === full || (info.keys.length === 1 && k.key === key));
      if (found) return info.keys.length === 1 ? info.label : found.label;
    }
    return subkey ? `Clave ${key}.${subkey}` : `Clave ${key}`;
  }
  const labels: Record<string, string> = modelType === '347' ? KEY_347_LABELS : KEY_349_LABELS;
  return labels[key] ?? `Clave ${key}`;
}

// --- withholdings (issue 15): the kind and perception key of what a business withholds ----------

import { parseWithholdingKey } from '@shared/fiscal/aggregate-keys';
import {
  canonicalWithholdingKey,
  isKeyOfKind,
  isWithholdingKind,
  WITHHOLDING_KIND_INFO,
  WITHHOLDING_KINDS,
  type WithholdingKind,
} from '@shared/fiscal/withholdings';

/**
 * 'Actividades profesionales · G.01 Actividades profesionales (tipo general)'; a kind with a single key
 * (rents, non-residents) is named by the kind alone. A key the kind does not have is shown as it is.
 */
export function withholdingText(kind: WithholdingKind, stored: string | null | undefined): string {
  const info = WITHHOLDING_KIND_INFO[kind];
  const key = stored ? canonicalWithholdingKey(kind, stored) : stored;
  if (info.keys.length === 1 && (!key || isKeyOfKind(kind, key))) return info.label;
  const keyLabel = info.keys.find((k) => k.key === key)?.label ?? (key ? `Clave ${key}` : null);
  return keyLabel ? `${info.label} · ${keyLabel}` : info.label;
}

/**
 * The withholding an aggregate key of a box's sources stands for (`RECEIVED:IRPF|RENT|-` → 'Arrendamiento
 * de inmuebles urbanos'; the untyped `ISSUED:IRPF` → what the customers withheld); null for other keys.
 */
export function withholdingOfSourceKey(sourceKey: string): string | null {
  const [book, ...rest] = sourceKey.split(':');
  const key = rest.join(':');
  if (key === 'IRPF') return book === 'ISSUED' ? 'Retenciones soportadas (clientes)' : 'Retención IRPF';
  const parts = parseWithholdingKey(key);
  if (!parts) return null;
  return isWithholdingKind(parts.kind) ? withholdingText(parts.kind, parts.key) : `Retención ${parts.kind}`;
}
