/** Spanish labels and tag colours of the tax pages (statuses, priorities, health, compliance). */
import type { AlertPriority, AlertType, ObligationStatus } from '@shared/fiscal/fiscal-alerts';
import type { ComplianceStatus, HealthStatus, RecommendationPriority } from '@shared/fiscal/fiscal-analysis';
import type { AlertStatus, ThresholdAlert } from '@shared/schemas/tax';

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
