/**
 * The local half of the WAF's per-client-IP rule on the authentication routes (issue #12 item 6):
 * the same routes and numbers (shared/api/rate-limits.ts), a sliding window per client, and API
 * Gateway's THROTTLED answer (429 RATE_LIMITED) with `Retry-After`.
 *
 * The client is the first address of X-Forwarded-For when present (the WAF reads that header, set
 * by CloudFront), else the socket's address: nobody sits in front of the local gateway.
 */

import type { IncomingMessage } from 'node:http';
import { AUTH_RATE_LIMIT, AUTH_THROTTLED_ROUTES } from '@shared/api/rate-limits';
import type { RouteId } from '@shared/api/routes';
import { sourceIpOf } from './http';

export interface RateLimiter {
  /** Counts the request; answers the seconds to wait when it is over the limit, else undefined. */
  hit(routeId: RouteId, req: IncomingMessage): number | undefined;
}

const throttled = new Set<string>(AUTH_THROTTLED_ROUTES);

export function clientIpOf(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || sourceIpOf(req);
}

export function createAuthRateLimiter(
  options: { limit?: number; windowSeconds?: number; now?: () => number } = {},
): RateLimiter {
  const limit = options.limit ?? AUTH_RATE_LIMIT.limit;
  const windowMs = (options.windowSeconds ?? AUTH_RATE_LIMIT.windowSeconds) * 1000;
  const now = options.now ?? Date.now;
  /** Per client, the instants of its requests inside the window, oldest first. */
  const seen = new Map<string, number[]>();

  const prune = (at: number) => {
    for (const [ip, times] of seen) {
      while (times.length && times[0]! <= at - windowMs) times.shift();
      if (!times.length) seen.delete(ip);
    }
  };

  return {
    hit(routeId, req) {
      if (!throttled.has(routeId)) return undefined;
      const at = now();
      if (seen.size > 10_000) prune(at);
      const ip = clientIpOf(req);
      const times = seen.get(ip) ?? [];
      while (times.length && times[0]! <= at - windowMs) times.shift();
      if (times.length >= limit) {
        seen.set(ip, times);
        return Math.max(1, Math.ceil((times[0]! + windowMs - at) / 1000));
      }
      times.push(at);
      seen.set(ip, times);
      return undefined;
    },
  };
}
