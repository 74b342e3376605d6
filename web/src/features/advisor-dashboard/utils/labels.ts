import type { AdvisorActivity, AdvisorPeriod, CompanyHealth } from '@shared/schemas/dashboard';
import { LEVEL_COLORS } from '@web/lib/dashboard-thresholds';
import type { AdvisorStatusFilter } from '../api/keys';

/** Spec part 3 §9: the advisor's periods, MONTH by default. */
export const PERIOD_LABELS: Record<AdvisorPeriod, string> = {
  DAY: 'Hoy',
  WEEK: 'Semana',
  MONTH: 'Mes',
  QUARTER: 'Trimestre',
  YEAR: 'Año',
};
export const DEFAULT_PERIOD: AdvisorPeriod = 'MONTH';

/** Spec part 3 §9: the status filter ALL, HEALTHY, WARNING, CRITICAL. */
export const STATUS_FILTER_LABELS: Record<AdvisorStatusFilter, string> = {
  ALL: 'Todas',
  HEALTHY: 'Saludables',
  WARNING: 'En alerta',
  CRITICAL: 'Críticas',
};

export const HEALTH_LABELS: Record<CompanyHealth, string> = {
  HEALTHY: 'Saludable',
  WARNING: 'En alerta',
  CRITICAL: 'Crítica',
};

/** antd Tag presets and border colours of each status. */
export const HEALTH_TAG_COLORS: Record<CompanyHealth, 'success' | 'warning' | 'error'> = {
  HEALTHY: 'success',
  WARNING: 'warning',
  CRITICAL: 'error',
};
export const HEALTH_BORDER_COLORS: Record<CompanyHealth, string> = {
  HEALTHY: LEVEL_COLORS.good,
  WARNING: LEVEL_COLORS.warning,
  CRITICAL: LEVEL_COLORS.bad,
};

export const ACTIVITY_TYPE_LABELS: Record<AdvisorActivity['type'], string> = {
  DOCUMENT: 'Documento',
  TAX: 'Fiscal',
  MESSAGE: 'Mensaje',
  COMPLIANCE: 'Cumplimiento',
};

/** At most this many pending tasks are listed (the summary answers the 10 most urgent). */
export const PENDING_TASKS_SHOWN = 10;
