/**
 * The message the outbox publisher puts on the mail queue, and its schema. The send-mail consumer
 * validates every body with it (the queue is an edge: a malformed body fails and, after
 * maxReceiveCount, lands in the DLQ for a human).
 */

import { INLINE_ATTACHMENT_MAX_CHARS, type MailMessage as StoredMailMessage } from '@shared/db/outbox';
import * as z from 'zod';

// `satisfies`: what this schema yields is the MailMessage other domains write (shared/db/outbox.ts).
export const MailMessage = z.object({
  to: z.array(z.string().min(1)).min(1),
  cc: z.array(z.string().min(1)).optional(),
  replyTo: z.array(z.string().min(1)).optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  template: z.string().min(1),
  companyId: z.string().min(1).optional(),
  // Read from the documents bucket, or carried inline (a calendar invitation); with attachments the
  // mail goes out as raw MIME.
  attachments: z
    .array(
      z.union([
        z.object({
          s3Key: z.string().min(1),
          fileName: z.string().min(1),
          contentType: z.literal('application/pdf'),
        }),
        z.object({
          inlineText: z.string().min(1).max(INLINE_ATTACHMENT_MAX_CHARS),
          fileName: z.string().min(1),
          contentType: z.literal('text/calendar'),
        }),
      ]),
    )
    .optional(),
  // The log entry the consumer updates (SENT / FAILED).
  log: z
    .object({
      entity: z.literal('InvoiceEmail'),
      companyId: z.string().min(1),
      invoiceId: z.string().min(1),
      emailId: z.string().min(1),
    })
    .optional(),
}) satisfies z.ZodType<StoredMailMessage>;
export type MailMessage = z.infer<typeof MailMessage>;

export const MailJob = z.object({ outboxId: z.string().min(1), mail: MailMessage });

/**
 * Receives of a mail job before SQS moves it to the dead-letter queue (infra/manifest.ts
 * `queues.mail.maxReceiveCount`; a test keeps the two equal). The attempt with this receive count
 * is the last one: when it fails, the mail's log entry turns FAILED.
 */
export const MAIL_MAX_RECEIVES = 5;
export type MailJob = z.infer<typeof MailJob>;
