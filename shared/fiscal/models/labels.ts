/**
 * The words for a model's status and result type, one copy for the server's messages (cockpit
 * outcomes, the export's summary, notifications) and the web's tags (web/src/lib/tax-labels.ts).
 */

import type { ResultType } from './types';

/** The result types of the AEAT designs (303 page 03 / 390 "tipo de declaración"), in words. The
 * informative returns (349, 347) have no result to pay or claim: their figure is the declared total. */
export const RESULT_TYPE_LABELS: Record<ResultType, string> = {
  I: 'A ingresar',
  U: 'Domiciliación',
  G: 'Ingreso en cuenta corriente tributaria',
  C: 'A compensar',
  D: 'A devolver',
  X: 'Devolución por transferencia al extranjero',
  V: 'Devolución en cuenta corriente tributaria',
  N: 'Sin actividad / resultado cero',
  B: 'A deducir en los siguientes trimestres',
  INFORMATIVE: 'Declaración informativa',
};

/** A stored model's status, or 'NOT_GENERATED' for a period that has none yet. */
export type ModelStatusOrNone = 'NOT_GENERATED' | 'MODEL_GENERATED' | 'SUBMITTED' | 'OBLIGATION_GENERATED';

export const MODEL_STATUS_LABELS: Record<ModelStatusOrNone, string> = {
  NOT_GENERATED: 'Sin generar',
  MODEL_GENERATED: 'Generado',
  SUBMITTED: 'Presentado',
  OBLIGATION_GENERATED: 'Obligación generada',
};
