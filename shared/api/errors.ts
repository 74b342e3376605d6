/**
 * The closed error catalogue (spec part 2 §8, part 3 §8, AUTH_* of part 3): code -> HTTP status,
 * Spanish message shown to the user, and whether retrying can help. Only `functions/platform`
 * turns these into HTTP responses; everything else throws `AppError`.
 */

export const errorCatalogue = {
  CORE_001: {
    status: 401,
    retryable: false,
    message: 'La sesión ha expirado. Por favor, inicia sesión nuevamente.',
  },
  CORE_002: { status: 403, retryable: false, message: 'No tienes permisos para realizar esta acción.' },
  CORE_003: { status: 403, retryable: false, message: 'No tienes acceso a esta empresa.' },
  CORE_004: { status: 400, retryable: false, message: 'Error de validación de los datos enviados.' },
  CORE_005: {
    status: 500,
    retryable: true,
    message: 'Error interno del servidor. Inténtalo de nuevo en unos momentos.',
  },
  CORE_006: { status: 404, retryable: false, message: 'El recurso solicitado no existe.' },
  CORE_007: {
    status: 500,
    retryable: false,
    message: 'Error de configuración del sistema. Contacta con soporte.',
  },
  TAX_021: { status: 400, retryable: false, message: 'La empresa no tiene configuración fiscal.' },
  TAX_022: { status: 409, retryable: false, message: 'El modelo ya se ha generado para este periodo.' },
  TAX_023: { status: 422, retryable: false, message: 'Error en el cálculo fiscal.' },
  TAX_024: {
    status: 502,
    retryable: true,
    message: 'Error de conexión con la AEAT. Inténtalo de nuevo más tarde.',
  },
  TAX_025: { status: 400, retryable: false, message: 'El certificado digital no es válido.' },
  TAX_026: {
    status: 502,
    retryable: true,
    message: 'Error en el envío al SII. Inténtalo de nuevo más tarde.',
  },
  TAX_027: { status: 400, retryable: false, message: 'El periodo fiscal no es válido.' },
  /**
   * The fiscal analysis of a company without a tax profile (spec part 2 §8: the code is passed on
   * as is; the dashboard shows the 'Bienvenido! Configuración Fiscal' card).
   */
  CONFIGURATION_NOT_FOUND: {
    status: 404,
    retryable: false,
    message: 'La empresa no tiene configuración fiscal. Configúrala para ver su análisis fiscal.',
  },
  DOC_041: { status: 415, retryable: false, message: 'El formato del archivo no es válido.' },
  DOC_042: { status: 413, retryable: false, message: 'El archivo supera el tamaño máximo de 50 MB.' },
  DOC_043: { status: 502, retryable: true, message: 'Error al procesar el documento con OCR.' },
  DOC_044: { status: 500, retryable: false, message: 'Error al generar el PDF.' },
  DOC_045: { status: 422, retryable: false, message: 'Error en la importación masiva.' },
  DOC_046: { status: 409, retryable: false, message: 'No se ha podido eliminar el elemento.' },
  DOC_047: {
    status: 409,
    retryable: false,
    message: 'No se puede modificar la factura. Comprueba que no se haya enviado al SII.',
  },
  /**
   * A document, review or category is not in a state that allows the action (issue 17): already
   * reviewed, still being read, a duplicate waiting for a person, a name already in use. The action's
   * own Spanish message says which.
   */
  DOC_CONFLICT: {
    status: 409,
    retryable: false,
    message: 'El documento no está en un estado que permita esta acción.',
  },
  /** Accounting (issue 18): the plan covering the company does not include it (spec part 2 §6, §9). */
  ACC_PLAN_REQUIRED: {
    status: 403,
    retryable: false,
    message: 'Actualiza tu plan para acceder a contabilidad',
  },
  /** A locked entry cannot be changed (spec part 2 §4: unlock first). */
  ACC_LOCKED: { status: 409, retryable: false, message: 'El asiento está bloqueado y no se puede modificar' },
  /** Nothing is posted, changed or removed in a closed period. */
  ACC_PERIOD_CLOSED: {
    status: 409,
    retryable: false,
    message: 'El periodo está cerrado: no se pueden registrar ni modificar asientos en él',
  },
  /** What only its document or the PGC may change: automatic entries, PGC accounts, accounts with entries. */
  ACC_READ_ONLY: { status: 409, retryable: false, message: 'Este elemento no se puede modificar.' },
  /** Banking (issue 19): a bank statement file that is not a valid Norma 43 (details name the line). */
  BANK_FILE_INVALID: {
    status: 400,
    retryable: false,
    message: 'El fichero no es un extracto Norma 43 válido.',
  },
  /** A bank account, reconciliation session, mandate or order not in a state that allows the action. */
  BANK_CONFLICT: {
    status: 409,
    retryable: false,
    message: 'La operación no es posible en el estado actual.',
  },
  /** The open-banking provider did not answer or refused the call (retry later). */
  BANK_PROVIDER_UNAVAILABLE: {
    status: 502,
    retryable: true,
    message: 'El banco no responde. Inténtalo de nuevo en unos minutos.',
  },
  /** The PSD2 consent expired or was revoked: it must be renewed before syncing. */
  BANK_CONSENT_EXPIRED: {
    status: 409,
    retryable: false,
    message: 'El consentimiento con el banco ha caducado. Renuévalo para seguir sincronizando.',
  },
  /**
   * A meeting not in a state that allows the action (already confirmed, cancelled, past, or within
   * the 2 hours before it starts, when it can no longer be rescheduled: spec part 3 §9 Meetings).
   */
  MEETING_CONFLICT: {
    status: 409,
    retryable: false,
    message: 'La reunión no admite este cambio en su estado actual.',
  },
  AUTH_001: {
    status: 401,
    retryable: false,
    message: 'Email o contraseña incorrectos. Verifica tus datos e inténtalo de nuevo.',
  },
  AUTH_002: {
    status: 423,
    retryable: false,
    // A growing delay, not a lock (issue #12 item 6): the action names the wait; this is the fallback.
    message: 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.',
  },
  AUTH_003: {
    status: 401,
    retryable: false,
    message: 'El token de acceso ha expirado. Por favor, inicia sesión nuevamente.',
  },
  /**
   * Too many requests (issue #12 item 6): per-IP limits at the gateway (WAF / local gateway) and
   * per-account limits in the identity domain. Always sent with `Retry-After`; the web never
   * retries a 429 (spec part 1 §8).
   */
  RATE_LIMITED: {
    status: 429,
    retryable: false,
    message: 'Demasiadas peticiones. Inténtalo de nuevo en unos segundos.',
  },
  /**
   * A lost race (issue #12 item 5): another request changed the same items between this one's read
   * and its write, and the internal retries did not get through. Nothing was written; sending the
   * request again is safe (and with the same Idempotency-Key, never doubles anything).
   */
  CONCURRENT_UPDATE: {
    status: 409,
    retryable: true,
    message: 'Otra operación ha modificado los datos a la vez. Vuelve a intentarlo.',
  },
  /** The same Idempotency-Key is still being processed by another request (issue #12 item 5). */
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    retryable: true,
    message: 'La misma operación se está procesando. Espera unos segundos y vuelve a intentarlo.',
  },
  /** An Idempotency-Key already used for a different request (other body, path or user). */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    retryable: false,
    message: 'La clave de idempotencia ya se usó con una petición distinta.',
  },
  /** Client rule (spec part 1 §8): a 401/403 with this code forces an immediate logout. */
  USER_NOT_FOUND: { status: 401, retryable: false, message: 'El usuario no existe.' },
} as const satisfies Record<string, { status: number; retryable: boolean; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface AppErrorOptions {
  field?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** An expected failure: its code, message, field and details are safe to show to the client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? errorCatalogue[code].message, options.cause ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
