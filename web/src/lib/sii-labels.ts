/**
 * Spanish labels and tag colours of the SII (issue 16; spec part 2 §3 SII, part 3 SII widget): the
 * states of an invoice's or a record's submission, the books, the communication types, the
 * submissions' states. Shared by the SII pages, the issued invoices and the received invoices.
 */
import type {
  SiiBook,
  SiiEnvironment,
  SiiOperation,
  SiiStatPeriod,
  SiiStatus,
  SiiSubmissionStatus,
} from '@shared/schemas/sii';

export const SII_STATUS_LABELS: Record<SiiStatus, string> = {
  NOT_SENT: 'No enviada',
  QUEUED: 'En cola',
  SENT: 'Enviada',
  ACCEPTED: 'Aceptada',
  REJECTED: 'Rechazada',
  PENDING_CORRECTION: 'Pendiente de corrección',
  PARTIALLY_SENT: 'Aceptada con errores',
  ERROR: 'Error',
};

/** antd Tag colours: accepted green, waiting blue/grey, the ones that need the user red or orange. */
export const SII_STATUS_COLORS: Record<SiiStatus, string> = {
  NOT_SENT: 'default',
  QUEUED: 'blue',
  SENT: 'processing',
  ACCEPTED: 'green',
  REJECTED: 'red',
  PENDING_CORRECTION: 'orange',
  PARTIALLY_SENT: 'gold',
  ERROR: 'red',
};

/**
 * A user may start a retry of a record in these states (the SiiEntry protocol, shared/schemas/sii.ts:
 * REJECTED/ERROR/PENDING_CORRECTION → QUEUED, 'Reintento iniciado').
 */
export const SII_RETRYABLE: readonly SiiStatus[] = ['REJECTED', 'ERROR', 'PENDING_CORRECTION'];
export const isSiiRetryable = (status: SiiStatus): boolean => SII_RETRYABLE.includes(status);

/** The books' short names (the API also sends the long `bookName`, SII_BOOK_NAMES). */
export const SII_BOOK_LABELS: Record<SiiBook, string> = {
  FE: 'Facturas expedidas',
  FR: 'Facturas recibidas',
  BI: 'Bienes de inversión',
  OI: 'Operaciones intracomunitarias',
  RECC: 'Cobros y pagos RECC',
};

/** TipoComunicacion A0 / A1, the anulación service (baja) and ConsultaLR. */
export const SII_OPERATION_LABELS: Record<SiiOperation | 'CONSULTA', string> = {
  A0: 'Alta (A0)',
  A1: 'Modificación (A1)',
  BAJA: 'Baja',
  CONSULTA: 'Consulta',
};

export const SII_SUBMISSION_STATUS_LABELS: Record<SiiSubmissionStatus, string> = {
  SENT: 'Enviado',
  ACCEPTED: 'Aceptado',
  PARTIALLY_ACCEPTED: 'Parcialmente aceptado',
  REJECTED: 'Rechazado',
  ERROR: 'Error',
};

export const SII_SUBMISSION_STATUS_COLORS: Record<SiiSubmissionStatus, string> = {
  SENT: 'processing',
  ACCEPTED: 'green',
  PARTIALLY_ACCEPTED: 'gold',
  REJECTED: 'red',
  ERROR: 'red',
};

export const SII_ENVIRONMENT_LABELS: Record<SiiEnvironment, string> = {
  TEST: 'Pruebas',
  PRODUCTION: 'Producción',
};

export const SII_SUBMISSION_MODE_LABELS: Record<'AUTOMATIC' | 'MANUAL', string> = {
  AUTOMATIC: 'Automático',
  MANUAL: 'Manual',
};

/** Spec part 3 §9 SII periods. */
export const SII_PERIOD_LABELS: Record<SiiStatPeriod, string> = {
  CURRENT_MONTH: 'Mes actual',
  LAST_7_DAYS: 'Últimos 7 días',
  LAST_30_DAYS: 'Últimos 30 días',
  CURRENT_QUARTER: 'Trimestre actual',
};

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** An SII period as es-ES text: '2026-06' → 'jun 2026'; '2026-0A' (annual, BI) → '2026 (anual)'. */
export function siiPeriodLabel(period: string): string {
  const [year, month] = period.split('-');
  if (month === '0A') return `${year} (anual)`;
  const name = MONTHS[Number(month) - 1];
  return name ? `${name} ${year}` : period;
}
