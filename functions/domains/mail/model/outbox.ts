/**
 * Rules of the outbox publisher: which outbox images can be published and when the sweeper may
 * step in. Pure: no SDK.
 */

import * as z from 'zod';
import { type MailJob, MailMessage } from './mail-job';

/** The stream consumer's head start: the sweeper only re-publishes items older than this. */
export const STREAM_GRACE_MS = 2 * 60_000;

/** The outbox item as the stream image or the pending index returns it (shared/db/outbox.ts). */
export const OutboxImage = z.object({
  outboxId: z.string().min(1),
  kind: z.literal('mail'),
  payload: MailMessage,
  createdAt: z.string().min(1),
  status: z.enum(['PENDING', 'PUBLISHED']),
});
export type OutboxImage = z.infer<typeof OutboxImage>;

/** ISO instant before which a pending item is the sweeper's business. */
export const sweepCutoff = (now: Date): string => new Date(now.getTime() - STREAM_GRACE_MS).toISOString();

export const isStale = (item: OutboxImage, now: Date): boolean => item.createdAt < sweepCutoff(now);

export const mailJobOf = (item: OutboxImage): MailJob => ({ outboxId: item.outboxId, mail: item.payload });
