/**
 * The one way the web calls the API (spec part 1 §7, §8): URLs from the shared route table,
 * bearer token, request id, company header, the `{ success, data, error }` envelope unwrapped,
 * and every failure thrown as an `ApiError` carrying the server's Spanish message.
 */
import { buildPath, pathParams, type RouteId, routes } from '@shared/api/routes';
import * as z from 'zod';
import { getAccessToken, refreshAccessToken, sessionExpired } from './access-token';
import { ApiError, CLIENT_ERROR_MESSAGES } from './api-error';
import { getRuntimeConfig } from './runtime-config';

/** Spec part 1 §9: request time-out 30 s in development, 15 s in production. */
const REQUEST_TIMEOUT_MS = import.meta.env.DEV ? 30_000 : 15_000;

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
}

const Envelope = z.object({
  success: z.boolean(),
  data: z.unknown(),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      field: z.string().nullish(),
      details: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
});

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

  let response = await send(url, route.method, options, needsToken ? await getAccessToken() : undefined);
  let envelope = await readEnvelope(response);

  if (needsToken && (response.status === 401 || response.status === 403)) {
    // Spec part 1 §8: a user that no longer exists ends the session at once...
    if (envelope?.error?.code === 'USER_NOT_FOUND') throw sessionExpired();
    // ...any other 401/403 gets one refresh and one retry.
    response = await send(url, route.method, options, await refreshAccessToken());
    envelope = await readEnvelope(response);
    if (envelope?.error?.code === 'USER_NOT_FOUND') throw sessionExpired();
  }

  if (envelope?.success && response.ok) return envelope.data as T;
  if (envelope?.error) {
    throw new ApiError({
      code: envelope.error.code as ApiError['code'],
      message: envelope.error.message,
      status: response.status,
      field: envelope.error.field ?? null,
      details: envelope.error.details ?? null,
    });
  }
  if (response.ok && response.status === 204) return undefined as T;
  throw new ApiError({
    code: 'API_ERROR',
    message: response.status >= 500 ? CLIENT_ERROR_MESSAGES.SERVER_ERROR : CLIENT_ERROR_MESSAGES.API_ERROR,
    status: response.status,
  });
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
  { body, companyId, signal }: ApiRequestOptions,
  accessToken: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': newRequestId() };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (companyId) headers['x-company-id'] = companyId;
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
async function readEnvelope(response: Response): Promise<z.infer<typeof Envelope> | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    const parsed = Envelope.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function newRequestId(): string {
  // randomUUID needs a secure context (https or localhost); fall back for plain-http hosts.
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}
