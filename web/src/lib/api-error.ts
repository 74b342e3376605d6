import type { ApiErrorBody } from '@shared/api/envelope';

/** Codes the client produces itself, when the server's envelope is not available (spec part 1 §8). */
export type ClientErrorCode =
  | 'NETWORK_ERROR'
  | 'API_ERROR'
  | 'UNKNOWN_ERROR'
  | 'SESSION_EXPIRED'
  | 'NO_COMPANY_SELECTED'
  /** Cognito refused the refresh token (internal: the caller sees SESSION_EXPIRED). */
  | 'SESSION_REFUSED';

export type ApiErrorCode = ApiErrorBody['code'] | ClientErrorCode;

export interface ApiErrorInit {
  code: ApiErrorCode;
  message: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  field?: string | null;
  details?: Record<string, unknown> | null;
  /** The answer's `Retry-After`, in seconds (429 RATE_LIMITED, 423 AUTH_002). */
  retryAfterSeconds?: number | null;
  cause?: unknown;
}

/** The normalised error of every API call: the server's code and Spanish message, plus the status. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly field: string | null;
  readonly details: Record<string, unknown> | null;
  readonly retryAfterSeconds: number | null;

  constructor({
    code,
    message,
    status,
    field = null,
    details = null,
    retryAfterSeconds = null,
    cause,
  }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Spec part 1 §8, normalised error defaults. */
export const CLIENT_ERROR_MESSAGES = {
  NETWORK_ERROR: 'Error de conexión',
  API_ERROR: 'Error en la petición',
  SERVER_ERROR: 'Error del servidor. Inténtalo de nuevo más tarde.',
  UNKNOWN_ERROR: 'Error desconocido',
  SESSION_EXPIRED: 'Sesión expirada. Por favor, inicia sesión nuevamente.',
  NO_COMPANY_SELECTED: 'No hay empresa seleccionada. Por favor, selecciona una empresa primero.',
  REFRESH_RATE_LIMITED: 'Demasiados intentos de refresh token. Intenta de nuevo en 1 minuto.',
  REFRESH_EXPIRED: 'Refresh token expirado. Por favor, inicia sesión nuevamente.',
  SIGNED_OUT_ELSEWHERE: 'Se ha cerrado la sesión en otra pestaña. Inicia sesión de nuevo para continuar.',
} as const;

/**
 * `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP date, as whole seconds from `now`
 * (at least 1); null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Math.max(1, Number(text));
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - now) / 1000));
}

/** A wait in words, as the identity domain writes it: "30 segundos", "1 minuto", "15 minutos". */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

/** Refusals that say when to come back (issue 12 item 6): the growing delay and the rate limits. */
const WAIT_CODES: ReadonlySet<ApiErrorCode> = new Set(['AUTH_002', 'RATE_LIMITED']);

/**
 * A message fit for the screen, whatever was thrown. A refusal that makes the person wait says for
 * how long: the identity domain's own message names the wait already (it sends it in
 * `details.retryAfterSeconds` too); the gateway's per-IP 429 only says "unos segundos", so its
 * `Retry-After` is put in words.
 */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return CLIENT_ERROR_MESSAGES.UNKNOWN_ERROR;
  const named = typeof error.details?.retryAfterSeconds === 'number';
  if (WAIT_CODES.has(error.code) && !named && error.retryAfterSeconds !== null)
    return `Demasiados intentos. Vuelve a intentarlo en ${waitInWords(error.retryAfterSeconds)}.`;
  return error.message;
}
