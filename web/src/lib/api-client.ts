/**
 * The one way the web calls the API (spec part 1 §7, §8): URLs from the shared route table,
 * bearer token, request id, company header, the `{ success, data, error }` envelope unwrapped,
 * and every failure thrown as an `ApiError` carrying the server's Spanish message.
 *
 * Session rules (spec part 1 §8): a 401/403 gets one refresh and one retry, except on the
 * authentication calls themselves; a user that no longer exists ends the session at once; a 429 is
 * never retried; a 402 broadcasts `cuadra:quota-exceeded` on `window` with the error's data.
 */
import { buildPath, pathParams, type RouteId, routes } from '@shared/api/routes';
import { getAccessToken, refreshAccessToken, sessionExpired } from './access-token';
import { ApiError, CLIENT_ERROR_MESSAGES, parseRetryAfter } from './api-error';
import { getRuntimeConfig } from './runtime-config';

/** Spec part 1 §9: request time-out 30 s in development, 15 s in production. */
const REQUEST_TIMEOUT_MS = import.meta.env.DEV ? 30_000 : 15_000;

/** The event a 402 (plan quota exceeded) dispatches on `window`; `detail` is a `QuotaExceededDetail`. */
export const QUOTA_EXCEEDED_EVENT = 'cuadra:quota-exceeded';

export interface QuotaExceededDetail {
  code: string;
  message: string;
  status: 402;
  details: Record<string, unknown> | null;
  routeId: RouteId;
}

/**
 * Spec part 1 §8: "401 or 403 on login, register, forgot-password, reset-password: error passed
 * through, no refresh". They are public routes today; the set keeps the rule if that changes.
 */
const NO_REFRESH_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'auth.login',
  'auth.register',
  'auth.forgotPassword',
  'auth.resetPassword',
]);

/** Spec part 1 §8: "a message saying the user does not exist" also forces the logout. */
const USER_GONE_MESSAGE = /usuario no existe|user (?:does not|doesn't) exist|user not found/i;

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  /** Values for the route's `{param}` segments. */
  params?: Record<string, string>;
  /** Query string; null, undefined and '' values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `x-company-id`; required by company-scoped routes without a `{companyId}` segment. */
  companyId?: string | null;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` on the routes marked `idempotent` (payments, documents): one per call,
   * generated when absent, so the refresh-and-retry below can never pay or create twice.
   */
  idempotencyKey?: string;
}

interface Envelope {
  success: boolean;
  data: unknown;
  error?: {
    code: string;
    message: string;
    field?: string | null;
    details?: Record<string, unknown> | null;
  } | null;
}

/** Calls a route of `@shared/api/routes` and resolves with the envelope's `data`. */
export async function apiRequest<T>(routeId: RouteId, options: ApiRequestOptions = {}): Promise<T> {
  const route = routes[routeId];
  if (route.company && !pathParams(route.path).includes('companyId') && !options.companyId) {
    // Spec part 1 §5: refused before sending.
    throw new ApiError({
      code: 'NO_COMPANY_SELECTED',
      message: CLIENT_ERROR_MESSAGES.NO_COMPANY_SELECTED,
      status: 0,
    });
  }
  const url = buildUrl(routeId, options);
  const needsToken = route.auth === 'user';
  if (route.idempotent) options = { ...options, idempotencyKey: options.idempotencyKey ?? newRequestId() };

  let response = await send(url, route.method, options, needsToken ? await getAccessToken() : undefined);
  let envelope = await readEnvelope(response);

  if (needsToken && isAuthFailure(response.status)) {
    // Spec part 1 §8: a user that no longer exists ends the session at once...
    if (userIsGone(envelope)) throw sessionExpired();
    // ...any other 401/403 gets one refresh and one retry (never a 429, never the login calls).
    if (!NO_REFRESH_ROUTES.has(routeId)) {
      response = await send(url, route.method, options, await refreshAccessToken());
      envelope = await readEnvelope(response);
      if (isAuthFailure(response.status) && userIsGone(envelope)) throw sessionExpired();
    }
  }

  if (envelope?.success && response.ok) return envelope.data as T;
  if (envelope?.error) {
    const error = new ApiError({
      code: envelope.error.code as ApiError['code'],
      message: envelope.error.message,
      status: response.status,
      field: envelope.error.field ?? null,
      details: envelope.error.details ?? null,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    });
    if (response.status === 402) broadcastQuotaExceeded(error, routeId);
    throw error;
  }
  if (response.ok && response.status === 204) return undefined as T;
  const error = new ApiError({
    code: 'API_ERROR',
    message: response.status >= 500 ? CLIENT_ERROR_MESSAGES.SERVER_ERROR : CLIENT_ERROR_MESSAGES.API_ERROR,
    status: response.status,
  });
  if (response.status === 402) broadcastQuotaExceeded(error, routeId);
  throw error;
}

const isAuthFailure = (status: number) => status === 401 || status === 403;

const userIsGone = (envelope: Envelope | undefined) =>
  envelope?.error?.code === 'USER_NOT_FOUND' || USER_GONE_MESSAGE.test(envelope?.error?.message ?? '');

/** Spec part 1 §8: "402: a quota-exceeded event is broadcast with the error data". */
function broadcastQuotaExceeded(error: ApiError, routeId: RouteId): void {
  const detail: QuotaExceededDetail = {
    code: error.code,
    message: error.message,
    status: 402,
    details: error.details,
    routeId,
  };
  window.dispatchEvent(new CustomEvent<QuotaExceededDetail>(QUOTA_EXCEEDED_EVENT, { detail }));
}

function buildUrl(routeId: RouteId, { params, query }: ApiRequestOptions): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${getRuntimeConfig().apiBaseUrl}${buildPath(routeId, params)}${qs ? `?${qs}` : ''}`;
}

async function send(
  url: string,
  method: string,
  { body, companyId, signal, idempotencyKey }: ApiRequestOptions,
  accessToken: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': newRequestId() };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (companyId) headers['x-company-id'] = companyId;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';

  // The caller's signal (react-query cancels stale queries) and the time-out both abort the fetch.
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      code: 'NETWORK_ERROR',
      message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR,
      status: 0,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The envelope, or undefined when the body is empty or not one (a proxy's HTML error page). */
async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isEnvelope(value) ? value : undefined;
}

/** `{ success: boolean, data, error?: { code: string, message: string, … } | null }`. */
function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object') return false;
  const { success, error } = value as Record<string, unknown>;
  if (typeof success !== 'boolean') return false;
  if (error === undefined || error === null) return true;
  if (typeof error !== 'object') return false;
  const { code, message, field, details } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (field === undefined || field === null || typeof field === 'string') &&
    (details === undefined || details === null || (typeof details === 'object' && !Array.isArray(details)))
  );
}

function newRequestId(): string {
  // randomUUID needs a secure context (https or localhost); fall back for plain-http hosts.
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}
