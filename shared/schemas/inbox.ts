/**
 * Contracts of the smart inbox (issue 17 item 4; spec part 3 "Smart inbox", §7 Smart inbox calls and
 * the inbox widget): one address per company, the mails it received with the verdicts of the receiving
 * MTA, the invoices read from their attachments (documents of the same pipeline as uploads), the
 * company's configuration (allowed senders, an optional IMAP mailbox) and the statistics.
 *
 * Pure: the web shows the same labels and validates the same bodies.
 */

import * as z from 'zod';
import type { AccuracyReport } from './ai-metrics';
import { Id, PageQuery } from './common';
import type { DocumentStatus, Extraction } from './documents';
import { ExtractionCorrection } from './documents';
import { safeMultiline, safeText } from './text';

// --- limits -------------------------------------------------------------------------------------

/** The largest raw mail taken in (SES receives up to 40 MB; the listener refuses more than 25 MB). */
export const MAX_INBOUND_MAIL_BYTES = 25 * 1024 * 1024;
/** Inline images smaller than this are logos and signatures, not invoices. */
export const INLINE_IMAGE_MIN_BYTES = 20 * 1024;
/** Attachments taken from one mail at most (the rest are skipped with a reason). */
export const MAX_ATTACHMENTS_PER_MAIL = 20;
/** Spec part 3 §4: ERROR above a 0.10 error rate, WARNING above 0.05 (last 7 days). */
export const ERROR_RATE_ERROR = 0.1;
export const ERROR_RATE_WARNING = 0.05;
export const STATUS_WINDOW_DAYS = 7;
/** Spec part 3 §9: the widget shows the 5 latest activities. */
export const WIDGET_ACTIVITY = 5;

// --- the mail -----------------------------------------------------------------------------------

export const INBOX_EMAIL_STATUSES = ['RECEIVED', 'PROCESSING', 'PROCESSED', 'IGNORED', 'FAILED'] as const;
export type InboxEmailStatus = (typeof INBOX_EMAIL_STATUSES)[number];

export const INBOX_CLASSIFICATIONS = ['INVOICE', 'OTHER', 'SPAM'] as const;
export type InboxClassification = (typeof INBOX_CLASSIFICATIONS)[number];

/** A verdict as the receiving MTA gave it (SES, or the local listener). */
export const MAIL_VERDICTS = ['PASS', 'FAIL', 'GRAY', 'NONE', 'UNKNOWN'] as const;
export type MailVerdict = (typeof MAIL_VERDICTS)[number];

export interface MailVerdicts {
  spf: MailVerdict;
  dkim: MailVerdict;
  dmarc: MailVerdict;
  spam: MailVerdict;
  virus: MailVerdict;
}

/** Why a mail was not read (Spanish text beside the code, shown as is). */
export const IGNORED_REASONS = [
  'VIRUS',
  'SPAM',
  'AUTHENTICATION',
  'NOT_AUTHENTICATED',
  'SENDER_NOT_ALLOWED',
  'INBOX_DISABLED',
  'MANUAL',
] as const;
export type IgnoredReasonCode = (typeof IGNORED_REASONS)[number];

export interface InboxAttachment {
  fileName: string;
  contentType: string;
  size: number;
  /** The document it became (read by the documents pipeline); null when skipped. */
  documentId: string | null;
  /** Why it was not sent to reading (Spanish), e.g. 'Imagen insertada pequeña (logotipo o firma)'. */
  skippedReason: string | null;
}

/** A mail received at a company's address (GET /smart-inbox/emails/{inboxId}). */
export interface InboxEmail {
  inboxId: string;
  /** The spec's `id` (same value). */
  id: string;
  companyId: string;
  origin: 'EMAIL' | 'IMAP';
  messageId: string | null;
  /** Where the raw mail is kept (the inbound bucket). */
  rawKey: string;
  sha256: string;
  sender: string;
  subject: string;
  receivedAt: string;
  status: InboxEmailStatus;
  ignoredReason: { code: IgnoredReasonCode; message: string } | null;
  classification: InboxClassification;
  /** Mean extraction confidence of its read documents (0..1), null until one is read. */
  aiConfidence: number | null;
  verdicts: MailVerdicts;
  attachments: InboxAttachment[];
  processedAt: string | null;
  error: string | null;
  updatedAt: string;
}

/** The detail adds its documents' statuses. */
export interface InboxEmailDetail extends InboxEmail {
  documents: {
    documentId: string;
    fileName: string;
    status: DocumentStatus;
    receivedInvoiceId: string | null;
  }[];
}

// --- processed invoices (the documents of inbox mails) -------------------------------------------

export const PROCESSED_INVOICE_STATUSES = [
  'PROCESSING',
  'PENDING_REVIEW',
  'INCOMPLETE',
  'DUPLICATE',
  'APPROVED',
  'REJECTED',
  'FAILED',
] as const;
export type ProcessedInvoiceStatus = (typeof PROCESSED_INVOICE_STATUSES)[number];
/** What waits for a person in the review list. */
export const REVIEWABLE_INVOICE_STATUSES: readonly ProcessedInvoiceStatus[] = [
  'PENDING_REVIEW',
  'INCOMPLETE',
  'DUPLICATE',
];

export interface ProcessedInvoice {
  /** The document's id (one document per invoice attachment). */
  processedInvoiceId: string;
  id: string;
  inboxId: string;
  fileName: string;
  sender: string | null;
  invoiceNumber: string | null;
  supplierName: string | null;
  supplierNif: string | null;
  issueDate: string | null;
  /** Céntimos. */
  totalAmount: number | null;
  currency: string;
  extractedData: Extraction | null;
  aiConfidence: number | null;
  status: ProcessedInvoiceStatus;
  approvedAt: string | null;
  rejectedAt: string | null;
  rejectionReason: string | null;
  receivedInvoiceId: string | null;
  duplicateOf: { receivedInvoiceId: string; documentId: string | null } | null;
  documentStatus: DocumentStatus;
  receivedAt: string;
}

// --- configuration ------------------------------------------------------------------------------

export interface ImapSettingsView {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  folder: string;
  lastPolledAt: string | null;
  lastError: string | null;
}

/** GET /smart-inbox/configuration (the alias is made on first read). */
export interface InboxConfiguration {
  emailAlias: string;
  address: string;
  enabled: boolean;
  autoProcess: boolean;
  /** Empty: anyone whose mail passes the checks. Entries are addresses or `@domain`. */
  allowedSenders: string[];
  requireAuthentication: boolean;
  imap: ImapSettingsView | null;
  updatedAt: string;
}

const SenderEntry = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^([^\s@<>(),;:"[\]\\]+@)?[^\s@<>(),;:"[\]\\]*[a-z0-9-]+\.[a-z0-9.-]+$|^@[a-z0-9.-]+\.[a-z]{2,}$/, {
    message: 'Cada remitente debe ser una dirección (ana@proveedor.es) o un dominio (@proveedor.es).',
  });

export const UpdateInboxConfigBody = z
  .object({
    enabled: z.boolean().optional(),
    autoProcess: z.boolean().optional(),
    allowedSenders: z.array(SenderEntry).max(100).optional(),
    requireAuthentication: z.boolean().optional(),
  })
  .strict();
export type UpdateInboxConfigBody = z.infer<typeof UpdateInboxConfigBody>;

const Host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, { message: 'El servidor IMAP no es válido.' });

export const ImapSettingsBody = z
  .object({
    host: Host,
    port: z.number().int().min(1).max(65_535).default(993),
    secure: z.boolean().default(true),
    username: safeText().min(1).max(254),
    password: z.string().min(1).max(256),
    folder: safeText().min(1).max(200).default('INBOX'),
  })
  .strict();
export type ImapSettingsBody = z.infer<typeof ImapSettingsBody>;

/** POST /smart-inbox/imap/test: never echoes the password. */
export interface ImapTestResult {
  ok: boolean;
  /** Messages in the folder. */
  messages: number | null;
  error: string | null;
}

// --- queries and bodies -------------------------------------------------------------------------

export const InboxPath = z.object({ inboxId: Id });
export const ProcessedInvoicePath = z.object({ processedInvoiceId: Id });

export const InboxEmailListQuery = PageQuery.extend({
  status: z.enum(INBOX_EMAIL_STATUSES).optional(),
  classification: z.enum(INBOX_CLASSIFICATIONS).optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  sender: safeText().max(254).optional(),
  hasAttachments: z.enum(['true', 'false']).optional(),
  sortBy: z.enum(['receivedAt', 'sender', 'subject', 'status']).default('receivedAt'),
  sortDirection: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('desc'),
});
export type InboxEmailListQuery = z.infer<typeof InboxEmailListQuery>;

export const ProcessedInvoiceListQuery = PageQuery.extend({
  status: z.enum(PROCESSED_INVOICE_STATUSES).optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  supplierName: safeText().max(200).optional(),
  amountMin: z.coerce.number().int().optional(),
  amountMax: z.coerce.number().int().optional(),
});
export type ProcessedInvoiceListQuery = z.infer<typeof ProcessedInvoiceListQuery>;

export const ApproveInboxInvoiceBody = z
  .object({ notes: safeMultiline().max(1000).optional(), corrections: ExtractionCorrection.optional() })
  .strict();
export type ApproveInboxInvoiceBody = z.infer<typeof ApproveInboxInvoiceBody>;

export const RejectInboxInvoiceBody = z
  .object({ reason: safeMultiline().trim().min(1, { message: 'Indica el motivo del rechazo.' }).max(1000) })
  .strict();
export type RejectInboxInvoiceBody = z.infer<typeof RejectInboxInvoiceBody>;

export const ProcessInboxQuery = z.object({
  forceProcess: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const DailyStatisticsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const ExportInboxInvoicesBody = z
  .object({
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    format: z.enum(['CSV', 'XLSX']).default('XLSX'),
  })
  .strict();
export type ExportInboxInvoicesBody = z.infer<typeof ExportInboxInvoicesBody>;

export const AdminInboxOverviewQuery = PageQuery;

// --- answers ------------------------------------------------------------------------------------

export interface InboxStatistics {
  totalEmails: number;
  processedEmails: number;
  totalInvoicesProcessed: number;
  failedEmails: number;
  ignoredEmails: number;
  pendingEmails: number;
  emailAlias: string;
}

export interface InboxDailyStatistics {
  days: number;
  daily: {
    date: string;
    received: number;
    processed: number;
    ignored: number;
    failed: number;
    invoices: number;
  }[];
}

export const INBOX_SYSTEM_STATUSES = ['HEALTHY', 'WARNING', 'ERROR'] as const;
export type InboxSystemStatus = (typeof INBOX_SYSTEM_STATUSES)[number];

export interface InboxStatus {
  systemStatus: InboxSystemStatus;
  /** False until the address was shown once (or when the inbox is disabled): the widget says 'not configured'. */
  configured: boolean;
  enabled: boolean;
  /** Failed + ignored by a failed check, over received, last 7 days. */
  errorRate: number;
  emailsLast7Days: number;
  lastReceivedAt: string | null;
  lastSyncAt: string | null;
  imapError: string | null;
}

export const INBOX_ACTIVITY_TYPES = [
  'EMAIL_RECEIVED',
  'INVOICE_PROCESSED',
  'INVOICE_APPROVED',
  'ERROR',
] as const;

export interface InboxWidget {
  systemStatus: InboxSystemStatus;
  configured: boolean;
  pendingEmails: number;
  pendingInvoices: number;
  lastSyncAt: string | null;
  recentActivity: {
    id: string;
    type: (typeof INBOX_ACTIVITY_TYPES)[number];
    description: string;
    timestamp: string;
  }[];
}

export interface InboxInvoiceStatistics {
  total: number;
  byStatus: Partial<Record<ProcessedInvoiceStatus, { count: number; amountCents: number }>>;
  bySupplier: { supplierName: string; supplierNif: string | null; count: number; amountCents: number }[];
  totalAmountCents: number;
  averageConfidence: number | null;
}

/** The reading accuracy of the inbox's documents, from their reviews (the shared accuracy report). */
export interface InboxAccuracy extends AccuracyReport {
  /** Fields approved unchanged over fields reviewed (0..1); null without reviews. */
  overallAccuracy: number | null;
}

export interface AdminInboxRow {
  companyId: string;
  companyName: string | null;
  emailAlias: string;
  address: string;
  enabled: boolean;
  imapConfigured: boolean;
  totalEmails: number;
  pendingEmails: number;
  failedEmails: number;
  systemStatus: InboxSystemStatus;
  lastReceivedAt: string | null;
}

// --- labels -------------------------------------------------------------------------------------

export const INBOX_EMAIL_STATUS_LABELS: Readonly<Record<InboxEmailStatus, string>> = {
  RECEIVED: 'Recibido',
  PROCESSING: 'Procesando',
  PROCESSED: 'Procesado',
  IGNORED: 'Ignorado',
  FAILED: 'Error',
};

export const INBOX_CLASSIFICATION_LABELS: Readonly<Record<InboxClassification, string>> = {
  INVOICE: 'Factura',
  OTHER: 'Otro',
  SPAM: 'Spam',
};

export const PROCESSED_INVOICE_STATUS_LABELS: Readonly<Record<ProcessedInvoiceStatus, string>> = {
  PROCESSING: 'Leyendo',
  PENDING_REVIEW: 'Pendiente de revisión',
  INCOMPLETE: 'Incompleta',
  DUPLICATE: 'Posible duplicado',
  APPROVED: 'Aprobada',
  REJECTED: 'Rechazada',
  FAILED: 'Error',
};

export const INBOX_SYSTEM_STATUS_LABELS: Readonly<Record<InboxSystemStatus, string>> = {
  HEALTHY: 'Funcionando',
  WARNING: 'Con incidencias',
  ERROR: 'Con errores',
};
