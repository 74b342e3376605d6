/**
 * Spanish labels and tag colours of the fiscal widgets: obligation statuses, alert priorities,
 * fiscal health and compliance (spec part 2 §3; part 3 widgets).
 */
import type { AlertPriority, ObligationStatus } from '@shared/fiscal/fiscal-alerts';
import type { ComplianceStatus, HealthStatus, RecommendationPriority } from '@shared/fiscal/fiscal-analysis';

export const OBLIGATION_STATUS_LABELS: Record<ObligationStatus, string> = {
  PENDING: 'Pendiente',
  OVERDUE: 'Vencida',
  MODEL_GENERATED: 'Modelo generado',
  SUBMITTED: 'Presentada',
  OBLIGATION_GENERATED: 'Obligación generada',
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

/** '1 día', '12 días'. */
export const daysText = (days: number): string => `${days} ${Math.abs(days) === 1 ? 'día' : 'días'}`;

/** What is left until a deadline: 'Vence hoy', 'Quedan 3 días'. */
export const daysLeftText = (days: number): string => (days === 0 ? 'Vence hoy' : `Quedan ${daysText(days)}`);
