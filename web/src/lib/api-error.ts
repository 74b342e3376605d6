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
  cause?: unknown;
}

/** The normalised error of every API call: the server's code and Spanish message, plus the status. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly field: string | null;
  readonly details: Record<string, unknown> | null;

  constructor({ code, message, status, field = null, details = null, cause }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
    this.details = details;
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

/** A message fit for the screen, whatever was thrown. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : CLIENT_ERROR_MESSAGES.UNKNOWN_ERROR;
}
