/**
 * The REST pipeline every domain Lambda runs (ARCHITECTURE §4), as middy middlewares:
 * request id and log context -> route -> auth context -> session still valid -> role gate -> company scope (membership)
 * -> access policy of the route (shared/api/access.ts) -> zod validation of path, query and body
 * -> action -> envelope.
 * Only AppErrors reach the client as they are; anything else is a 500 CORE_005 without internals.
 */

import middy from '@middy/core';
import { allows } from '@shared/api/access';
import { fail, ok } from '@shared/api/envelope';
import { AppError, errorCatalogue, isAppError } from '@shared/api/errors';
import { type RouteDef, type RouteId, routeByResource, routes } from '@shared/api/routes';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from '@shared/api/security-headers';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import { type AuthContext, assertRoles, authFromClaims } from './auth-context';
import {
  type CompanyExists,
  type CompanyScope,
  checkCompanyScope,
  dynamoCompanyExists,
  dynamoMembershipLookup,
  type MembershipLookup,
  resolveCompanyId,
} from './company-scope';
import { concurrentUpdate, isContention } from './contention';
import {
  defaultIdempotencyStore,
  type IdempotencyStore,
  idempotencyKeyOf,
  requestFingerprint,
  runIdempotent,
} from './idempotency';
import { createLogger, errorFields, type Logger } from './logger';
import { multipartBoundary, parseMultipart } from './multipart';
import { defaultSessionGate, type SessionGate } from './session-validity';
import { parsePart } from './validation';

/** The routes a domain serves, by the `domain` column of the route table. */
export type RoutesOf<D extends string> = {
  [K in RouteId]: (typeof routes)[K]['domain'] extends D ? K : never;
}[RouteId];

/**
 * What an action may rely on, from the row of its route: `public` assumes nothing (it fits any
 * route), `user` has the caller (`auth`), `company` has the caller and the company scope, whose
 * membership and access policy the pipeline has already checked.
 */
export type ActionKind = 'public' | 'user' | 'company';

/** The kind of action a route takes, read from its row. */
export type KindOf<R> = R extends { company: true }
  ? 'company'
  : R extends { auth: 'user' }
    ? 'user'
    : 'public';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ActionInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  requestId: string;
  log: Logger;
  /** Lower-cased request headers (for the few actions that need one, e.g. user agent). */
  headers: Record<string, string>;
}

/** What each kind of action knows of its caller. */
export interface Callers {
  public: {
    /** Present on `user` routes; absent on public routes. */
    auth: AuthContext | undefined;
    /** Present on company-scoped routes. */
    scope: CompanyScope | undefined;
  };
  user: { auth: AuthContext; scope: CompanyScope | undefined };
  /** The company, and the caller's membership (undefined for an ADMIN who is not a member). */
  company: { auth: AuthContext; scope: CompanyScope };
}

export interface RouteAction<
  Deps,
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  C = Callers['public'],
> {
  params?: P;
  query?: Q;
  body?: B;
  /** HTTP status of a success (200 unless the action creates something). */
  status?: number;
  run: (input: ActionInput<Out<P>, Out<Q>, Out<B>> & C, deps: Deps) => Promise<unknown>;
}

/** Declares an action that assumes nothing of the caller (public routes, or any route). */
export const defineAction = <
  Deps,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  action: RouteAction<Deps, P, Q, B>,
) => action;

/** Declares the action of a `user` route: `auth` is present. */
export const defineUserAction = <
  Deps,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  action: RouteAction<Deps, P, Q, B, Callers['user']>,
) => action;

/**
 * Declares the action of a company-scoped route: `auth` and `scope` are present, and the route's
 * access policy has passed (the action decides only per item, through `allows()`).
 */
export const defineCompanyAction = <
  Deps,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  action: RouteAction<Deps, P, Q, B, Callers['company']>,
) => action;

/**
 * An action of any schemas that fits a route of kind `K`. The default, `company`, accepts every
 * action (a company-scoped call carries everything any action may ask for).
 */
export type AnyAction<Deps, K extends ActionKind = 'company'> = RouteAction<
  Deps,
  // biome-ignore lint/suspicious/noExplicitAny: the table of actions holds every schema combination
  any,
  // biome-ignore lint/suspicious/noExplicitAny: idem
  any,
  // biome-ignore lint/suspicious/noExplicitAny: idem
  any,
  Callers[K]
>;

/**
 * A domain's action table: exactly one action per route of the domain, each of the kind its row
 * calls for (a company action on a public route does not type-check).
 */
export type ActionsOf<D extends string, Deps> = {
  [K in RoutesOf<D>]: AnyAction<Deps, KindOf<(typeof routes)[K]>>;
};

export interface PipelineOptions {
  membershipLookup?: MembershipLookup;
  companyExists?: CompanyExists;
  /** Refuses tokens of sessions revoked since they were issued (issue #12 item 3). */
  sessionGate?: SessionGate;
  /** Where `idempotent` routes keep their answers per Idempotency-Key (issue #12 item 5). */
  idempotencyStore?: IdempotencyStore;
}

interface RequestState {
  requestId: string;
  log: Logger;
  started: number;
}

/**
 * Every answer of a Lambda carries the security headers itself (issue 12 item 11), so they hold even
 * when the API is reached without CloudFront in front (the execute-api URL).
 */
const SECURITY_HEADERS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(COMMON_SECURITY_HEADERS).map(([k, v]) => [k.toLowerCase(), v])),
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
};

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  ...SECURITY_HEADERS,
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function lowerHeaders(
  headers: APIGatewayProxyEvent['headers'] | null | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
}

/** A raw (non-JSON) success body, e.g. a PDF: an action returns it and the pipeline sends it base64-encoded. */
export interface BinaryResponse {
  readonly kind: 'binary';
  contentType: string;
  body: Uint8Array;
  /** Sent as `content-disposition: attachment` when present. */
  filename?: string;
}

export const binaryResponse = (r: Omit<BinaryResponse, 'kind'>): BinaryResponse => ({ kind: 'binary', ...r });

const isBinaryResponse = (v: unknown): v is BinaryResponse =>
  typeof v === 'object' &&
  v !== null &&
  (v as { kind?: unknown }).kind === 'binary' &&
  (v as { body?: unknown }).body instanceof Uint8Array;

function respondBinary(r: BinaryResponse, requestId: string): APIGatewayProxyResult {
  const headers: Record<string, string> = {
    'content-type': r.contentType,
    'cache-control': 'no-store',
    ...SECURITY_HEADERS,
    'x-request-id': requestId,
  };
  if (r.filename)
    headers['content-disposition'] = `attachment; filename="${r.filename.replace(/[^\w.-]/g, '_')}"`;
  return {
    statusCode: 200,
    isBase64Encoded: true,
    headers,
    body: Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength).toString('base64'),
  };
}

function respond(
  status: number,
  payload: unknown,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { ...JSON_HEADERS, ...extraHeaders, 'x-request-id': requestId },
    body: JSON.stringify(payload),
  };
}

/** A refusal that says when to come back (429 RATE_LIMITED, AUTH_002) carries `Retry-After`. */
function retryAfterHeader(error: AppError): Record<string, string> {
  const seconds = error.details?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? { 'retry-after': String(Math.ceil(seconds)) } : {};
}

export function errorResponse(error: unknown, requestId: string, log: Logger): APIGatewayProxyResult {
  if (!isAppError(error) && isContention(error)) {
    // A lost race nobody retried or explained: 409, "send it again", never a 500 (issue #12 item 5).
    log.warn('lost race answered 409', errorFields(error));
    return errorResponse(concurrentUpdate(error), requestId, log);
  }
  if (isAppError(error)) {
    log.info('request refused', { code: error.code, field: error.field });
    return respond(
      error.status,
      fail({
        code: error.code,
        message: error.message,
        field: error.field ?? null,
        details: error.details ?? null,
      }),
      requestId,
      retryAfterHeader(error),
    );
  }
  log.error('unexpected error', errorFields(error));
  return respond(
    500,
    fail({ code: 'CORE_005', message: errorCatalogue.CORE_005.message, field: null, details: null }),
    requestId,
  );
}

function parseBody(event: APIGatewayProxyEvent): unknown {
  if (event.body === null || event.body === undefined || event.body === '') return undefined;
  const contentType = Object.entries(event.headers ?? {}).find(
    ([k]) => k.toLowerCase() === 'content-type',
  )?.[1];
  const boundary = multipartBoundary(contentType);
  if (boundary) {
    return parseMultipart(Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8'), boundary);
  }
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('CORE_004', 'El cuerpo de la petición no es un JSON válido.', { field: 'body' });
  }
}

/**
 * Builds the Lambda handler of a domain. The `actions` object must have exactly one action per
 * route of the domain: the type checker refuses a missing one and an unknown one.
 */
/** The `companyId` of a JSON body, if it has one (never throws: a malformed body is refused later by its schema). */
function bodyCompanyId(body: string | null, base64: boolean | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(base64 ? Buffer.from(body, 'base64').toString('utf8') : body);
    const id =
      parsed && typeof parsed === 'object' ? (parsed as { companyId?: unknown }).companyId : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

export function createApiHandler<D extends string, Deps, A extends ActionsOf<D, Deps>>(
  domain: D,
  actions: A & { [K in Exclude<keyof A, RoutesOf<D>>]: never },
  makeDeps: () => Deps,
  options: PipelineOptions = {},
) {
  const lookup = options.membershipLookup ?? dynamoMembershipLookup;
  const exists = options.companyExists ?? dynamoCompanyExists;
  const sessions = options.sessionGate ?? defaultSessionGate;
  const idempotency = options.idempotencyStore ?? defaultIdempotencyStore();
  const table = actions as unknown as Record<string, AnyAction<Deps> | undefined>;
  let deps: Deps | undefined;
  const baseLog = createLogger({ domain });

  const core = async (event: APIGatewayProxyEvent, context: Context & { state?: RequestState }) => {
    const state = context.state as RequestState;
    const routeId = routeByResource(event.httpMethod, event.resource);
    const action = routeId ? table[routeId] : undefined;
    if (!routeId || !action) throw new AppError('CORE_006', 'La ruta solicitada no existe.');
    const route: RouteDef = routes[routeId];
    const headers = lowerHeaders(event.headers);
    state.log = state.log.child({ routeId });

    let auth: AuthContext | undefined;
    if (route.auth === 'user') {
      const claims = event.requestContext?.authorizer?.claims as Record<string, unknown> | undefined;
      auth = authFromClaims(claims);
      await sessions.assertCurrent(auth.userId, claims);
      assertRoles(auth, route.roles);
      state.log = state.log.child({ userId: auth.userId });
    }

    let scope: CompanyScope | undefined;
    if (route.company) {
      if (!auth) throw new AppError('CORE_001');
      const companyId = resolveCompanyId(
        event.pathParameters?.companyId,
        headers['x-company-id'],
        route.companyInBody
          ? {
              companyId: bodyCompanyId(event.body, event.isBase64Encoded),
              missingMessage: route.companyInBody.missingMessage,
            }
          : undefined,
      );
      scope = await checkCompanyScope(auth, companyId, lookup, exists);
      state.log = state.log.child({ companyId });
      // The route's policy, before anything of the request is read: 403 comes before any 400.
      if (!route.access || !allows(route.access, { isAdmin: auth.isAdmin, membership: scope.membership }))
        throw new AppError('CORE_002');
    }

    const params = action.params ? parsePart(action.params, event.pathParameters ?? {}, 'path') : undefined;
    const query = action.query
      ? parsePart(action.query, event.queryStringParameters ?? {}, 'query')
      : undefined;
    const body = action.body ? parsePart(action.body, parseBody(event), 'body') : undefined;

    deps ??= makeDeps();
    const actionDeps = deps;
    // The row decided what is present: `auth` on user routes, `scope` on company-scoped ones.
    const caller = { auth, scope } as Callers['company'];
    const execute = async () => {
      const data = await action.run(
        { params, query, body, ...caller, requestId: state.requestId, log: state.log, headers },
        actionDeps,
      );
      if (isBinaryResponse(data)) return respondBinary(data, state.requestId);
      return respond(action.status ?? 200, ok(data ?? null), state.requestId);
    };
    const idempotencyKey = route.idempotent && auth && scope ? idempotencyKeyOf(headers) : undefined;
    if (!idempotencyKey || !auth || !scope) return execute();
    const res = await runIdempotent(
      {
        store: idempotency,
        ref: { companyId: scope.companyId, routeId, key: idempotencyKey },
        fingerprint: requestFingerprint(event, auth.userId),
        log: state.log,
        leaseMs: context.getRemainingTimeInMillis?.(),
      },
      execute,
    );
    return { ...res, headers: { ...res.headers, 'x-request-id': state.requestId } };
  };

  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context & { state?: RequestState }>()
    .before((request) => {
      const headers = lowerHeaders(request.event.headers);
      const fromClient = headers['x-request-id'];
      const requestId =
        fromClient && REQUEST_ID.test(fromClient)
          ? fromClient
          : (request.event.requestContext?.requestId ?? request.context.awsRequestId ?? crypto.randomUUID());
      request.context.state = {
        requestId,
        log: baseLog.child({ requestId, method: request.event.httpMethod, resource: request.event.resource }),
        started: Date.now(),
      };
    })
    .after((request) => {
      const state = request.context.state as RequestState;
      state.log.info('request done', {
        status: request.response?.statusCode,
        ms: Date.now() - state.started,
      });
    })
    .onError((request) => {
      const state = request.context.state ?? {
        requestId: request.context.awsRequestId ?? crypto.randomUUID(),
        log: baseLog,
        started: Date.now(),
      };
      request.response = errorResponse(request.error, state.requestId, state.log);
      state.log.info('request done', { status: request.response.statusCode, ms: Date.now() - state.started });
    })
    .handler(core);
}
