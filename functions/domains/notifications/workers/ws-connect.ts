/**
 * WebSocket $connect. Browsers cannot set headers on a WebSocket, so the access token travels as
 * `?token=`; `?companyId=` optionally names the company the client has selected. A missing,
 * invalid or expired token refuses the connection with 401. The token is never logged.
 */

import { resolveCompanyId } from '@functions/platform/company-scope';
import {
  type AccessTokenVerifier,
  createAccessTokenVerifier,
  verifierConfigFromEnv,
} from '@functions/platform/jwt';
import { createLogger, errorFields } from '@functions/platform/logger';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { newConnection } from '../model/connection';
import { saveConnection } from '../store/connections';

export interface WsResponse {
  statusCode: number;
}

export interface ConnectDeps {
  /** Resolves the verifier; tests inject a fake, the handler below builds the real one once. */
  verifier: () => Promise<AccessTokenVerifier>;
  now?: () => Date;
}

/** One verifier per container; a failed creation (JWKS fetch) is retried by the next connect. */
export function verifierOncePerContainer(
  create: () => Promise<AccessTokenVerifier> = () => createAccessTokenVerifier(verifierConfigFromEnv()),
): () => Promise<AccessTokenVerifier> {
  let pending: Promise<AccessTokenVerifier> | undefined;
  return () => {
    pending ??= create().catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
}

export function createConnectHandler(deps: ConnectDeps) {
  const now = deps.now ?? (() => new Date());
  return async (event: APIGatewayProxyWebsocketEventV2): Promise<WsResponse> => {
    const { connectionId, requestId } = event.requestContext;
    const log = createLogger({ requestId, connectionId });
    const query = event.queryStringParameters ?? {};

    let companyId: string | undefined;
    try {
      companyId = query.companyId ? resolveCompanyId(undefined, query.companyId) : undefined;
    } catch {
      log.warn('WebSocket connection refused: malformed companyId');
      return { statusCode: 400 };
    }

    const verify = await deps.verifier();
    const result = await verify(query.token);
    if (!result.ok) {
      log.warn('WebSocket connection refused', { reason: result.reason });
      return { statusCode: 401 };
    }

    const userId = result.claims.sub;
    try {
      await saveConnection(newConnection(connectionId, userId, companyId, now()));
    } catch (e) {
      log.error('WebSocket connection could not be stored', errorFields(e));
      return { statusCode: 500 };
    }
    log.info('WebSocket connected', { userId, companyId });
    return { statusCode: 200 };
  };
}

export const handler = createConnectHandler({ verifier: verifierOncePerContainer() });
