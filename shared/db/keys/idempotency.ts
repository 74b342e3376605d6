/**
 * Key builders of one area, spread into `keys` by `shared/db/keys.ts` (the only entry point
 * the code imports).
 *
 * Idempotency records (issue #12 item 5): one item per company, route and client-chosen
 * `Idempotency-Key`, written IN_PROGRESS before the action and COMPLETED with its answer, kept 24 h
 * (TTL). It lives in the company's partition, so a key can never reach another company's answer.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const idempotencyKeys = {
  idempotencyRecord: (companyId: string, routeId: string, idempotencyKey: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `IDEMPOTENCY#${enc(routeId)}#${enc(idempotencyKey)}`,
  }),
} satisfies Record<string, (...args: never[]) => Key>;
