/**
 * Outbox items: async work written in the same transaction as the change that causes it.
 * A stream consumer publishes each one to its queue and marks it published; a scheduled sweep
 * re-publishes any that were missed. Consumers are idempotent on the outbox id.
 */

import { keys } from './keys';
import { SCHEMA_VERSION } from './records';

/** A file attached to a mail, read by the mail consumer from the documents bucket. */
export interface StoredMailAttachment {
  s3Key: string;
  fileName: string;
  contentType: 'application/pdf';
}

/**
 * A small text file carried in the message itself (a meeting's .ics invitation, RFC 5545): at most
 * INLINE_ATTACHMENT_MAX_CHARS characters, so the outbox item and the queue message stay small.
 */
export interface InlineMailAttachment {
  inlineText: string;
  fileName: string;
  contentType: 'text/calendar';
}

export const INLINE_ATTACHMENT_MAX_CHARS = 16_000;

export type MailAttachment = StoredMailAttachment | InlineMailAttachment;

/** The log item a mail updates once it is sent or has failed for good (an invoice e-mail). */
export interface MailLogRef {
  entity: 'InvoiceEmail';
  companyId: string;
  invoiceId: string;
  emailId: string;
}

export interface MailMessage {
  to: string[];
  /** Optional fields below are later additions: older queued messages simply lack them. */
  cc?: string[];
  replyTo?: string[];
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail it is, for the sent-mail log (e.g. 'verify-email', 'reset-password'). */
  template: string;
  companyId?: string;
  /** With attachments the mail goes out as raw MIME (multipart/mixed). */
  attachments?: MailAttachment[];
  log?: MailLogRef;
}

export type OutboxKind = 'mail';

export interface OutboxRecord {
  outboxId: string;
  kind: OutboxKind;
  payload: MailMessage;
  createdAt: string;
  status: 'PENDING' | 'PUBLISHED';
}

/** Published outbox items expire after 7 days (DynamoDB TTL). */
const TTL_SECONDS = 7 * 24 * 3600;

export function mailOutboxItem(outboxId: string, mail: MailMessage, now: Date) {
  const createdAt = now.toISOString();
  return {
    ...keys.outbox(outboxId),
    ...keys.outboxPending(createdAt, outboxId),
    entity: 'Outbox',
    v: SCHEMA_VERSION,
    outboxId,
    kind: 'mail' as const,
    payload: mail,
    createdAt,
    status: 'PENDING' as const,
    ttl: Math.floor(now.getTime() / 1000) + TTL_SECONDS,
  };
}
