/**
 * Responses API Gateway produces itself, before any Lambda runs (authorizer refusals, unknown
 * routes, throttling). The CDK stack installs them as GatewayResponses and the local gateway
 * answers with the same bodies, so every response of the API is in the envelope.
 */

import { fail } from './envelope';
import { errorCatalogue } from './errors';

const body = (code: keyof typeof errorCatalogue, message?: string) =>
  fail({ code, message: message ?? errorCatalogue[code].message, field: null, details: null });

export const gatewayResponses = {
  /** No token, bad token, expired token: the Cognito authorizer refused it. */
  UNAUTHORIZED: { status: 401, body: body('CORE_001') },
  ACCESS_DENIED: { status: 403, body: body('CORE_002') },
  /** API Gateway's answer for a path or method that has no route. */
  MISSING_AUTHENTICATION_TOKEN: { status: 404, body: body('CORE_006', 'La ruta solicitada no existe.') },
  THROTTLED: {
    status: 429,
    body: fail({
      code: 'RATE_LIMITED',
      message: 'Demasiadas peticiones. Inténtalo de nuevo en unos segundos.',
      field: null,
      details: null,
    }),
  },
  BAD_REQUEST_BODY: { status: 400, body: body('CORE_004') },
  /** API Gateway's payload limit is 10 MB; larger uploads go straight to S3 with presigned URLs. */
  REQUEST_TOO_LARGE: { status: 413, body: body('CORE_004', 'La petición supera el tamaño máximo de 10 MB.') },
  DEFAULT_5XX: { status: 500, body: body('CORE_005') },
} as const;

export type GatewayResponseType = keyof typeof gatewayResponses;
