/**
 * The message the outbox publisher puts on the mail queue, and its schema. The send-mail consumer
 * validates every body with it (the queue is an edge: a malformed body fails and, after
 * maxReceiveCount, lands in the DLQ for a human).
 */

import type { MailMessage as StoredMailMessage } from '@shared/db/outbox';
import * as z from 'zod';

// `satisfies`: what this schema yields is the MailMessage other domains write (shared/db/outbox.ts).
export const MailMessage = z.object({
  to: z.array(z.string().min(1)).min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  template: z.string().min(1),
  companyId: z.string().min(1).optional(),
}) satisfies z.ZodType<StoredMailMessage>;
export type MailMessage = z.infer<typeof MailMessage>;

export const MailJob = z.object({ outboxId: z.string().min(1), mail: MailMessage });
export type MailJob = z.infer<typeof MailJob>;
