/** Spanish words of the cockpit and the validation centre: anomalies, outcomes, check statuses. */
import type { AnomalyCode, CockpitActionResult, CrossValidationCheck } from '@shared/schemas/tax-models';

/** The short tag of each anomaly; its tooltip carries the API's own sentence with the amounts. */
export const ANOMALY_LABELS: Record<AnomalyCode, string> = {
  CHANGE_VS_PREVIOUS_PERIOD: 'Cambio frente al periodo anterior',
  CHANGE_VS_LAST_YEAR: 'Cambio frente al año anterior',
  OFF_TREND: 'Fuera de tendencia',
  NO_INVOICES: 'Sin facturas emitidas',
  COMPENSATION_NOT_APPLIED: 'Compensación sin aplicar',
  VALIDATION_ERRORS: 'Errores de validación',
};

export const ANOMALY_COLORS: Record<AnomalyCode, string> = {
  CHANGE_VS_PREVIOUS_PERIOD: 'orange',
  CHANGE_VS_LAST_YEAR: 'orange',
  OFF_TREND: 'gold',
  NO_INVOICES: 'default',
  COMPENSATION_NOT_APPLIED: 'volcano',
  VALIDATION_ERRORS: 'red',
};

/** An anomaly code the screen does not know yet (a newer API): its message still says what it is. */
export const anomalyLabel = (code: string): string =>
  (ANOMALY_LABELS as Record<string, string>)[code] ?? 'Revisar';

export type ActionOutcome = CockpitActionResult['results'][number]['outcome'];

export const OUTCOME_LABELS: Record<ActionOutcome, string> = {
  OK: 'Hecho',
  SKIPPED: 'Omitido',
  ERROR: 'Error',
};

export const OUTCOME_COLORS: Record<ActionOutcome, string> = {
  OK: 'green',
  SKIPPED: 'default',
  ERROR: 'red',
};

export const CHECK_STATUS_LABELS: Record<CrossValidationCheck['status'], string> = {
  OK: 'Cuadra',
  MISMATCH: 'No cuadra',
  NOT_AVAILABLE: 'Sin datos',
};

export const CHECK_STATUS_COLORS: Record<CrossValidationCheck['status'], string> = {
  OK: 'green',
  MISMATCH: 'red',
  NOT_AVAILABLE: 'default',
};
