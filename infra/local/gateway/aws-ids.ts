/**
 * Identifiers and timestamps in the formats API Gateway uses, so code that logs or parses them
 * sees realistic values locally.
 */

import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_ID } from '../aws';

/** The fake account every local engine uses (queue URLs embed it too). */
export const LOCAL_ACCOUNT_ID = ACCOUNT_ID;
export const LOCAL_REST_API_ID = 'cuadrarest';
export const LOCAL_WS_API_ID = 'cuadrawsws';
export const LOCAL_STAGE = 'local';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `requestContext.requestTime`: `09/Apr/2015:12:34:56 +0000` (CLF format, UTC). */
export function requestTime(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${p(at.getUTCHours())}:${p(at.getUTCMinutes())}:${p(at.getUTCSeconds())} +0000`;
}

/** A stable 6-character resource id per route, like the ids API Gateway gives its resources. */
export function resourceIdOf(resourcePath: string): string {
  return createHash('sha1').update(resourcePath).digest('hex').slice(0, 6);
}

/** An `extendedRequestId`/`apiId`-style short id. */
export function shortId(): string {
  return randomBytes(6).toString('base64').replace(/[+/=]/g, 'x');
}

/** `X-Amzn-Trace-Id` root as X-Ray writes it: version, epoch seconds in hex, 96 random bits. */
export function traceId(at: Date): string {
  return `Root=1-${Math.floor(at.getTime() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
}

/** WebSocket connection ids look like `L0SM9cOFvHcCIhw=`: base64 of random bytes. */
export function connectionId(): string {
  return randomBytes(11).toString('base64');
}
