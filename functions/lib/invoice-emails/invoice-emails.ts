/**
 * Invoice e-mails (issue #4 item 5): the PDF is stored in the documents bucket, then ONE
 * transaction writes the e-mail's log entry (QUEUED) and the outbox mail that carries the PDF as
 * an attachment. The mail consumer (functions/domains/mail) sends it and turns the log entry SENT,
 * or FAILED once the queue gives up. Shared by the send-email route (pdf domain), bulk sending and
 * the recurring invoices' automatic sending (invoices domain), which domains cannot share otherwise.
 */

import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { requireEnv } from '@functions/platform/aws/env';
import { s3 as defaultS3 } from '@functions/platform/aws/s3';
import { bucketEnv } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { type MailMessage, mailOutboxItem } from '@shared/db/outbox';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';

export const INVOICE_EMAIL_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type InvoiceEmailStatus = (typeof INVOICE_EMAIL_STATUSES)[number];

/** The mail template name of invoice e-mails (the sent-mail log and the dev mailbox show it). */
export const INVOICE_EMAIL_TEMPLATE = 'invoice-email';

export interface InvoiceEmailLog {
  emailId: string;
  companyId: string;
  invoiceId: string;
  invoiceNumber: string;
  to: string[];
  cc: string[];
  subject: string;
  status: InvoiceEmailStatus;
  queuedAt: string;
  sentAt: string | null;
  failedAt: string | null;
  /** Why the last attempt failed (FAILED only); never the mail contents. */
  error: string | null;
  sesMessageId: string | null;
  /** The user who sent it, or 'SYSTEM' for automatic sending. */
  sentBy: string;
  attachment: { s3Key: string; fileName: string };
}

export interface InvoiceEmailDeps {
  db: DynamoDBDocumentClient;
  table: string;
  /** Defaults to the platform's S3 client. */
  s3?: S3Client;
  /** The documents bucket; defaults to the documents bucket's environment variable. */
  bucket?: string;
}

export interface QueueInvoiceEmailInput {
  companyId: string;
  invoiceId: string;
  invoiceNumber: string;
  to: string[];
  cc?: string[];
  replyTo?: string[];
  subject: string;
  bodyText: string;
  pdf: { bytes: Uint8Array; fileName: string };
  sentBy: string | 'SYSTEM';
  now: Date;
  newId: () => string;
}

// The address rule is pure and shared (the invoices workers check with it without loading S3).
export { isValidEmail } from '@shared/schemas/common';

/** 'Factura {número} de {empresa}'. */
export const defaultInvoiceEmailSubject = (invoiceNumber: string, companyName: string): string =>
  `Factura ${invoiceNumber} de ${companyName}`;

/**
 * The body of an invoice e-mail: the sender's message as written when given (the web pre-fills it
 * with this default, so it is never wrapped in a second greeting and sign-off), otherwise a short
 * Spanish text with greeting and sign-off.
 */
export function defaultInvoiceEmailBody(
  invoiceNumber: string,
  companyName: string,
  message?: string,
): string {
  if (message?.trim()) return message.trim();
  return [
    'Buenos días:',
    `Le enviamos adjunta la factura ${invoiceNumber} de ${companyName} en formato PDF.`,
    `Atentamente,\n${companyName}`,
  ].join('\n\n');
}

/**
 * Stores the PDF, then writes the log entry and the outbox mail in one transaction. If the
 * transaction fails the stored PDF is removed again (best effort) and the error is rethrown:
 * nothing is queued.
 */
export async function queueInvoiceEmail(
  deps: InvoiceEmailDeps,
  input: QueueInvoiceEmailInput,
): Promise<InvoiceEmailLog> {
  const s3 = deps.s3 ?? defaultS3();
  const bucket = deps.bucket ?? requireEnv(bucketEnv.documents);
  const emailId = input.newId();
  const outboxId = input.newId();
  const { s3Key } = keys.invoiceEmailAttachmentObject(input.companyId, input.invoiceId, emailId);
  const queuedAt = input.now.toISOString();

  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: s3Key,
      Body: input.pdf.bytes,
      ContentType: 'application/pdf',
    }),
  );

  const log: InvoiceEmailLog = {
    emailId,
    companyId: input.companyId,
    invoiceId: input.invoiceId,
    invoiceNumber: input.invoiceNumber,
    to: input.to,
    cc: input.cc ?? [],
    subject: input.subject,
    status: 'QUEUED',
    queuedAt,
    sentAt: null,
    failedAt: null,
    error: null,
    sesMessageId: null,
    sentBy: input.sentBy,
    attachment: { s3Key, fileName: input.pdf.fileName },
  };
  const mail: MailMessage = {
    to: input.to,
    ...(input.cc?.length ? { cc: input.cc } : {}),
    ...(input.replyTo?.length ? { replyTo: input.replyTo } : {}),
    subject: input.subject,
    text: input.bodyText,
    template: INVOICE_EMAIL_TEMPLATE,
    companyId: input.companyId,
    attachments: [{ s3Key, fileName: input.pdf.fileName, contentType: 'application/pdf' }],
    log: { entity: 'InvoiceEmail', companyId: input.companyId, invoiceId: input.invoiceId, emailId },
  };

  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: {
                ...keys.invoiceEmail(input.companyId, input.invoiceId, emailId),
                entity: 'InvoiceEmail',
                v: SCHEMA_VERSION,
                ...log,
                outboxId,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: deps.table, Item: mailOutboxItem(outboxId, mail, input.now) } },
        ],
      }),
    );
  } catch (e) {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: s3Key })).catch(() => undefined);
    throw e;
  }
  return log;
}

/** The log entry as the API shows it (the stored item without keys and internals). */
export function invoiceEmailFromItem(item: Record<string, unknown>): InvoiceEmailLog {
  const { outboxId: _outboxId, ...rest } = stripKeys(item);
  const log = rest as unknown as InvoiceEmailLog;
  return {
    ...log,
    cc: log.cc ?? [],
    sentAt: log.sentAt ?? null,
    failedAt: log.failedAt ?? null,
    error: log.error ?? null,
    sesMessageId: log.sesMessageId ?? null,
  };
}

/** The e-mails of one invoice, newest first. */
export async function listInvoiceEmails(
  deps: InvoiceEmailDeps,
  companyId: string,
  invoiceId: string,
): Promise<InvoiceEmailLog[]> {
  const prefix = keys.invoiceEmailPrefix(companyId, invoiceId);
  const items = await queryPrefix(deps, prefix, { ConsistentRead: true });
  return items
    .map(invoiceEmailFromItem)
    .sort((a, b) => b.queuedAt.localeCompare(a.queuedAt) || b.emailId.localeCompare(a.emailId));
}
