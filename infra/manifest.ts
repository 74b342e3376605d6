/**
 * The application manifest: every resource of Cuadra as data (ARCHITECTURE §2).
 *
 * Read by the CDK stack (`infra/cdk`) and by the local cloud (`infra/local`), so both realise
 * the same domains, queues, schedules, buckets and stream consumers. The HTTP routes live in
 * `shared/api/routes.ts` (the web client reads them too); each route names its domain here.
 */

import { type RouteId, routeIds, routes } from '@shared/api/routes';
import { envNames as runtimeEnvNames } from '@shared/config/env-names';
import { tableDefinition } from '@shared/db/table';

/** A Lambda entry point: file (relative to the repository root) and exported function name. */
export interface EntryPoint {
  entry: string;
  export: string;
}

export interface DomainDef {
  /**
   * The REST handler of the domain: one Lambda per domain serves all its routes. Absent for a
   * domain that has no routes (yet) and only runs workers.
   */
  api?: EntryPoint;
  /** Memory in MB (API functions get at least 512, see reference/performance.md). */
  memoryMb: number;
  timeoutSeconds: number;
  /** What the function may do, so the CDK stack grants least privilege per function. */
  needs: Needs;
}

export interface Needs {
  table?: 'read' | 'readwrite';
  cognito?: 'user-admin';
  queues?: QueueName[];
  /**
   * `put` writes new objects only (no GetObject, no DeleteObject): for write-once archives such as
   * `verifactu-archive`, where the writer must never be able to remove what it stored.
   */
  buckets?: { bucket: BucketName; access: 'read' | 'readwrite' | 'put' }[];
  sendMail?: boolean;
  /** Post to WebSocket connections (@connections management API). */
  websocket?: boolean;
  certificatesKey?: boolean;
  /** Functions of `invokables` this one calls synchronously (lambda:InvokeFunction on exactly those). */
  invokes?: InvokableName[];
  /** Amazon Textract expense analysis (AnalyzeExpense, StartExpenseAnalysis, GetExpenseAnalysis). */
  textract?: boolean;
}

export type DomainName =
  | 'identity'
  | 'companies'
  | 'mail'
  | 'notifications'
  | 'onboarding'
  | 'billing'
  | 'invoices'
  | 'expenses'
  | 'pdf'
  | 'verifactu'
  | 'tax'
  | 'taxmodels'
  | 'sii'
  | 'documents'
  | 'accounting'
  | 'banking'
  | 'dashboard'
  | 'portal';

const api = (domain: DomainName): EntryPoint => ({
  entry: `functions/domains/${domain}/handler.ts`,
  export: 'handler',
});

export const domains: Record<DomainName, DomainDef> = {
  identity: {
    api: api('identity'),
    memoryMb: 512,
    timeoutSeconds: 15,
    needs: { table: 'readwrite', cognito: 'user-admin' },
  },
  companies: {
    api: api('companies'),
    memoryMb: 512,
    timeoutSeconds: 15,
    // The invoice logo lives in the documents bucket.
    needs: { table: 'readwrite', buckets: [{ bucket: 'documents', access: 'readwrite' }] },
  },
  mail: { memoryMb: 512, timeoutSeconds: 30, needs: { table: 'readwrite', sendMail: true } },
  notifications: {
    api: api('notifications'),
    memoryMb: 512,
    timeoutSeconds: 15,
    needs: { table: 'readwrite', websocket: true },
  },
  onboarding: { api: api('onboarding'), memoryMb: 512, timeoutSeconds: 15, needs: { table: 'readwrite' } },
  billing: { api: api('billing'), memoryMb: 512, timeoutSeconds: 15, needs: { table: 'read' } },
  invoices: {
    api: api('invoices'),
    memoryMb: 1024,
    timeoutSeconds: 29,
    // Import files and bulk downloads live in the documents bucket (presigned URLs).
    needs: { table: 'readwrite', buckets: [{ bucket: 'documents', access: 'readwrite' }] },
  },
  expenses: { api: api('expenses'), memoryMb: 512, timeoutSeconds: 29, needs: { table: 'readwrite' } },
  // Rendering lives apart: pdf-lib (~500 KB) would otherwise weigh on every invoicing cold start.
  // The same function serves the `pdf-render` invocations of the invoices workers (`invokables`).
  pdf: {
    api: api('pdf'),
    memoryMb: 1024,
    timeoutSeconds: 29,
    // send-email stores the rendered PDF and queues the mail (outbox) with its log entry.
    needs: { table: 'readwrite', buckets: [{ bucket: 'documents', access: 'readwrite' }] },
  },
  // VeriFacTu (issue 5): configuration, certificates (encrypted with the certificates key), records,
  // submissions, QR and chain verification. Test-connection calls the AEAT with the certificate.
  verifactu: {
    api: api('verifactu'),
    memoryMb: 1024,
    timeoutSeconds: 29,
    // submit / bulk submit wake the company's sender at once. The archived SOAP exchanges are
    // downloaded (read only) from the verifactu-archive bucket.
    needs: {
      table: 'readwrite',
      certificatesKey: true,
      queues: ['verifactu'],
      buckets: [{ bucket: 'verifactu-archive', access: 'read' }],
    },
  },
  // The tax area (issue 13): profile, obligations and calendar, alerts, analysis, the gestor's view
  // (which also exports XLSX). Threshold alerts read the invoices' running aggregates.
  tax: { api: api('tax'), memoryMb: 1024, timeoutSeconds: 29, needs: { table: 'readwrite' } },
  // The VAT models (issue 14): preview from the running aggregates, generate, adjust, validate, the
  // AEAT files, filing through the submission gateway with the company's certificate (the VeriFacTu
  // certificate store, hence the certificates key), the archive of filed files and justificantes in
  // the documents bucket, and the gestor's cockpit across clients.
  taxmodels: {
    api: api('taxmodels'),
    memoryMb: 1024,
    timeoutSeconds: 29,
    needs: {
      table: 'readwrite',
      certificatesKey: true,
      buckets: [{ bucket: 'documents', access: 'readwrite' }],
    },
  },
  // The SII (issue 16): configuration, the books' records and their submissions, statistics, retries
  // and ConsultaLR queries. Test-connection and queries call the AEAT with the company's certificate
  // (the VeriFacTu certificate store); submit calls wake the company's sender.
  sii: {
    api: api('sii'),
    memoryMb: 1024,
    timeoutSeconds: 29,
    needs: {
      table: 'readwrite',
      certificatesKey: true,
      queues: ['sii-send'],
      buckets: [{ bucket: 'sii-archive', access: 'readwrite' }],
    },
  },
  // Documents, their reading and the smart inbox (issue 17): uploads (multipart and presigned), the
  // documents' statuses, reviews, categories, reading metrics, the inbox's mails and configuration.
  // One domain: what the inbox receives becomes documents read by the same pipeline. Reprocess and
  // the inbox's 'process' queue documents for reading; approving a reviewed reading asks the expenses
  // domain to move its received-invoice draft (`received-invoice-draft`).
  documents: {
    api: api('documents'),
    memoryMb: 1024,
    timeoutSeconds: 29,
    needs: {
      table: 'readwrite',
      queues: ['ocr'],
      buckets: [
        { bucket: 'documents', access: 'readwrite' },
        { bucket: 'inbound', access: 'read' },
      ],
      invokes: ['received-invoice-draft'],
      certificatesKey: true,
    },
  },
  // Accounting (issue 18): the chart of accounts, the journal kept from every document's events
  // (the `accounting` queue's consumer), manual entries, lock/unlock, period and year closing, and the
  // reports read from per-account month aggregates. The backfill of stored documents is queued on
  // its own queue; the PDF exports are rendered by the pdf domain (`statement-pdf`).
  accounting: {
    api: api('accounting'),
    memoryMb: 1024,
    timeoutSeconds: 29,
    needs: { table: 'readwrite', queues: ['accounting'], invokes: ['statement-pdf'] },
  },
  // Banking and treasury (issue 19): bank accounts, Norma 43 imports, open-banking connections
  // (provider-neutral bank-feed port; tokens encrypted with the certificates key), reconciliation
  // (matches settle invoices through the invoices and expenses domains, differences and direct
  // movements are posted by the accounting queue's consumer), SEPA mandates and payment orders, and
  // the treasury read from the open-items projection the `treasury` queue keeps.
  banking: {
    api: api('banking'),
    memoryMb: 1024,
    timeoutSeconds: 29,
    needs: {
      table: 'readwrite',
      certificatesKey: true,
      queues: ['accounting', 'treasury'],
      invokes: ['settle-invoice', 'settle-received-invoice'],
    },
  },
  // Issue 20: the dashboards read other areas' aggregates and counters (read only, plus its own
  // last-good section snapshots and the advisor's per-company stats cache).
  dashboard: { api: api('dashboard'), memoryMb: 1024, timeoutSeconds: 29, needs: { table: 'readwrite' } },
  // Issue 20 (meetings and appointment alerts); issue 21 builds the rest of the client portal here.
  portal: { api: api('portal'), memoryMb: 512, timeoutSeconds: 15, needs: { table: 'readwrite' } },
};

// --- queues -------------------------------------------------------------------------------------

export type QueueName =
  | 'verifactu'
  | 'sii'
  | 'sii-send'
  | 'ocr'
  | 'mail'
  | 'accounting'
  | 'treasury'
  | 'invoice-bulk'
  | 'invoice-import';

export interface QueueDef {
  fifo: boolean;
  /** Seconds a received message stays invisible; at least 6x the consumer's timeout (AWS guidance). */
  visibilityTimeoutSeconds: number;
  /** Receives before a message is moved to the dead-letter queue. */
  maxReceiveCount: number;
  /** `timeoutSeconds` overrides the domain's for this consumer's own function (never an API function's). */
  consumer?: EntryPoint & { domain: DomainName; batchSize: number; needs: Needs; timeoutSeconds?: number };
}

export const queues: Record<QueueName, QueueDef> = {
  // One message group per issuer (companyId) keeps each VeriFacTu chain in order: a message only
  // says "this company has records to send"; the sender reads them from the table, oldest first.
  verifactu: {
    fifo: true,
    visibilityTimeoutSeconds: 540,
    maxReceiveCount: 5,
    consumer: {
      domain: 'verifactu',
      entry: 'functions/domains/verifactu/workers/submit-records.ts',
      export: 'handler',
      batchSize: 10,
      // Every SOAP request and answer is archived before/after the call: put only, never delete.
      needs: {
        table: 'readwrite',
        certificatesKey: true,
        buckets: [{ bucket: 'verifactu-archive', access: 'put' }],
      },
    },
  },
  // Invoice and received-invoice events of SII companies: each becomes (or changes) the records of its
  // books (`SiiEntry`), once per event, and wakes the company's sender.
  sii: {
    fifo: false,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 5,
    consumer: {
      domain: 'sii',
      entry: 'functions/domains/sii/workers/register-events.ts',
      export: 'handler',
      batchSize: 10,
      needs: { table: 'readwrite', queues: ['sii-send'] },
    },
  },
  // One message group per company: a message only says "this company has SII records to send"; the
  // sender reads them from the table per book, oldest first, and moves each by conditional writes.
  'sii-send': {
    fifo: true,
    visibilityTimeoutSeconds: 540,
    maxReceiveCount: 5,
    consumer: {
      domain: 'sii',
      entry: 'functions/domains/sii/workers/submit-records.ts',
      export: 'handler',
      batchSize: 10,
      // Every SOAP request and answer is archived before/after the call: put only, never delete.
      needs: {
        table: 'readwrite',
        certificatesKey: true,
        queues: ['sii-send'],
        buckets: [{ bucket: 'sii-archive', access: 'put' }],
      },
    },
  },
  // One message per document to read (queued when its bytes passed the content checks, by reprocess,
  // by the sweep). The reader is idempotent per document and attempt; a transient failure is retried
  // (OCR_RETRY_SCHEDULED), an asynchronous Textract job is waited for by re-queueing with a delay.
  ocr: {
    fifo: false,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 3,
    consumer: {
      domain: 'documents',
      entry: 'functions/domains/documents/workers/read-document.ts',
      export: 'handler',
      batchSize: 1,
      timeoutSeconds: 150,
      // Reads the bytes, writes the reading, pushes progress, asks expenses for the draft.
      needs: {
        table: 'readwrite',
        queues: ['ocr'],
        buckets: [{ bucket: 'documents', access: 'readwrite' }],
        invokes: ['received-invoice-draft'],
        websocket: true,
        textract: true,
      },
    },
  },
  // Invoice, received-invoice and payment events (published by `invoice-events`) and the backfill of
  // a company's stored documents: each becomes its journal entries, once (issue 18).
  accounting: {
    fifo: false,
    visibilityTimeoutSeconds: 540,
    maxReceiveCount: 5,
    consumer: {
      domain: 'accounting',
      entry: 'functions/domains/accounting/workers/post-events.ts',
      export: 'handler',
      batchSize: 10,
      timeoutSeconds: 90,
      // Posts entries (table); a backfill message re-queues its next page on the same queue.
      needs: { table: 'readwrite', queues: ['accounting'] },
    },
  },
  // Invoice, received-invoice and payment events (published by `invoice-events`) and the backfill of a
  // company's stored invoices: each keeps the document's open item (due dates, paid, outstanding) that
  // treasury, reconciliation and payment orders read (issue 19).
  treasury: {
    fifo: false,
    visibilityTimeoutSeconds: 540,
    maxReceiveCount: 5,
    consumer: {
      domain: 'banking',
      entry: 'functions/domains/banking/workers/project-events.ts',
      export: 'handler',
      batchSize: 10,
      timeoutSeconds: 90,
      // Writes open items (table); a backfill message re-queues its next page on the same queue.
      needs: { table: 'readwrite', queues: ['treasury'] },
    },
  },
  // One message per chunk of a bulk operation; progress is kept on the operation item.
  'invoice-bulk': {
    fifo: false,
    visibilityTimeoutSeconds: 540,
    maxReceiveCount: 3,
    consumer: {
      domain: 'invoices',
      entry: 'functions/domains/invoices/workers/run-bulk-operation.ts',
      export: 'handler',
      batchSize: 1,
      // PDFs are rendered by the pdf domain's function (it stores them); this one zips them.
      needs: {
        table: 'readwrite',
        buckets: [{ bucket: 'documents', access: 'readwrite' }],
        invokes: ['pdf-render'],
      },
    },
  },
  // One message per chunk of rows of an import being executed.
  'invoice-import': {
    fifo: false,
    visibilityTimeoutSeconds: 540,
    maxReceiveCount: 3,
    consumer: {
      domain: 'invoices',
      entry: 'functions/domains/invoices/workers/run-import.ts',
      export: 'handler',
      batchSize: 1,
      needs: { table: 'readwrite', buckets: [{ bucket: 'documents', access: 'read' }] },
    },
  },
  mail: {
    fifo: false,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 5,
    consumer: {
      domain: 'mail',
      entry: 'functions/domains/mail/workers/send-mail.ts',
      export: 'handler',
      batchSize: 10,
      // Attachments (invoice PDFs) are read from the documents bucket.
      needs: { table: 'readwrite', sendMail: true, buckets: [{ bucket: 'documents', access: 'read' }] },
    },
  },
};

// --- schedules ----------------------------------------------------------------------------------

export interface ScheduleDef {
  /** EventBridge Scheduler expression: `rate(...)` or `cron(min hour day month weekday year)`. */
  expression: string;
  /** Schedules run in Spain's time zone, so "daily at 07:00" is 07:00 in Madrid all year. */
  timezone: 'Europe/Madrid';
  /**
   * `timeoutSeconds` overrides the domain's for this target's own function (a schedule that walks
   * every company needs more than an API function's 29 s; API functions never get it).
   */
  target: EntryPoint & { domain: DomainName; needs: Needs; timeoutSeconds?: number };
  description: string;
}

export const schedules: Record<string, ScheduleDef> = {
  'outbox-sweep': {
    expression: 'rate(5 minutes)',
    timezone: 'Europe/Madrid',
    description: 'Re-publishes outbox items the stream consumer has not marked as published (safety net).',
    target: {
      domain: 'mail',
      entry: 'functions/domains/mail/workers/sweep-outbox.ts',
      export: 'handler',
      needs: { table: 'readwrite', queues: ['mail'] },
    },
  },
  'invoices-overdue': {
    expression: 'cron(30 6 * * ? *)',
    timezone: 'Europe/Madrid',
    description: 'Marks confirmed invoices still unpaid after their due date as OVERDUE (daily).',
    target: {
      domain: 'invoices',
      entry: 'functions/domains/invoices/workers/mark-overdue.ts',
      export: 'handler',
      needs: { table: 'readwrite' },
    },
  },
  'recurring-invoices': {
    expression: 'cron(0 6 * * ? *)',
    timezone: 'Europe/Madrid',
    description: 'Generates the recurring invoices due today, as drafts or confirmed and sent (daily).',
    target: {
      domain: 'invoices',
      entry: 'functions/domains/invoices/workers/generate-recurring.ts',
      export: 'handler',
      // CONFIRM_AND_SEND: the pdf domain's function renders the PDF and queues the e-mail.
      needs: { table: 'readwrite', invokes: ['pdf-render'] },
    },
  },
  'tax-aggregates-recompute': {
    expression: 'cron(0 3 * * ? *)',
    timezone: 'Europe/Madrid',
    description:
      'Recomputes every running tax aggregate from the books and records any difference (nightly); backfills a company whose aggregates use an older key grammar.',
    target: {
      domain: 'invoices',
      entry: 'functions/domains/invoices/workers/recompute-aggregates.ts',
      export: 'handler',
      needs: { table: 'readwrite' },
    },
  },
  'company-logos-backfill': {
    expression: 'cron(30 4 * * ? *)',
    timezone: 'Europe/Madrid',
    description:
      'Normalises the invoice logos stored before uploads were normalised, or rejects those that break the logo rules and tells the staff (nightly; idempotent).',
    target: {
      domain: 'companies',
      entry: 'functions/domains/companies/workers/backfill-logos.ts',
      export: 'handler',
      // Settings and notifications in the table; the logos (read, normalised copy, removal) in the documents bucket.
      needs: { table: 'readwrite', buckets: [{ bucket: 'documents', access: 'readwrite' }] },
    },
  },
  'tax-alerts': {
    expression: 'cron(0 7 * * ? *)',
    timezone: 'Europe/Madrid',
    description:
      "Keeps every profiled company's obligations of this year (and next, from December) in place, marks the overdue ones, creates and updates the fiscal alerts and tells the staff once per alert and step, in the app and by e-mail (daily; idempotent).",
    target: {
      domain: 'tax',
      entry: 'functions/domains/tax/workers/run-alerts.ts',
      export: 'handler',
      // Every profiled company, four at a time: 15 minutes (Lambda's maximum) covers thousands.
      timeoutSeconds: 900,
      // Obligations, alerts, notifications and mail outbox items are all table writes.
      needs: { table: 'readwrite' },
    },
  },
  'verifactu-sweep': {
    expression: 'rate(1 minute)',
    timezone: 'Europe/Madrid',
    description:
      'Re-triggers the VeriFacTu sender of every company with records still queued or unresolved (safety net and waiting times).',
    target: {
      domain: 'verifactu',
      entry: 'functions/domains/verifactu/workers/sweep-pending.ts',
      export: 'handler',
      needs: { table: 'read', queues: ['verifactu'] },
    },
  },
  'sii-sweep': {
    expression: 'rate(1 minute)',
    timezone: 'Europe/Madrid',
    description:
      'Re-triggers the SII sender of every company with records still queued or unresolved (safety net after lost triggers and retries).',
    target: {
      domain: 'sii',
      entry: 'functions/domains/sii/workers/sweep-pending.ts',
      export: 'handler',
      needs: { table: 'read', queues: ['sii-send'] },
    },
  },
  'sii-deadlines': {
    expression: 'cron(15 7 * * ? *)',
    timezone: 'Europe/Madrid',
    description:
      'Finds confirmed invoices and received invoices of SII companies that never reached the SII (backfill), then alerts the staff of records due within four days or overdue, once per record and step (daily; idempotent).',
    target: {
      domain: 'sii',
      entry: 'functions/domains/sii/workers/run-deadlines.ts',
      export: 'handler',
      timeoutSeconds: 900,
      needs: { table: 'readwrite', queues: ['sii-send'] },
    },
  },
  'accounting-backfill': {
    expression: 'cron(45 3 * * ? *)',
    timezone: 'Europe/Madrid',
    description:
      "Finds companies whose stored documents (confirmed invoices, received invoices, payments) were never posted at the journal's current rules version and queues their backfill on the accounting queue (daily; idempotent: a posted document is never posted twice).",
    target: {
      domain: 'accounting',
      entry: 'functions/domains/accounting/workers/run-backfill.ts',
      export: 'handler',
      timeoutSeconds: 300,
      needs: { table: 'readwrite', queues: ['accounting'] },
    },
  },
  'banking-sync': {
    expression: 'rate(6 hours)',
    timezone: 'Europe/Madrid',
    description:
      'Syncs every linked open-banking connection (balances and booked transactions since the last sync, duplicate-safe) and marks consents that expired; at most every 6 hours, as banks limit unattended access (4 calls a day per account).',
    target: {
      domain: 'banking',
      entry: 'functions/domains/banking/workers/sync-feeds.ts',
      export: 'handler',
      timeoutSeconds: 300,
      needs: { table: 'readwrite', certificatesKey: true },
    },
  },
  'treasury-daily': {
    expression: 'cron(15 7 * * ? *)',
    timezone: 'Europe/Madrid',
    description:
      "Queues the open-items backfill of companies whose stored invoices were never projected at the projection's current version, and e-mails the payment reminders of overdue invoices whose company asked for them (daily; one reminder per invoice and day).",
    target: {
      domain: 'banking',
      entry: 'functions/domains/banking/workers/treasury-daily.ts',
      export: 'handler',
      timeoutSeconds: 300,
      needs: { table: 'readwrite', queues: ['treasury'] },
    },
  },
  'notifications-digest': {
    expression: 'cron(0 8 * * ? *)',
    timezone: 'Europe/Madrid',
    description:
      'E-mails each person who chose the daily summary one digest of the notifications they have not read since the last one (daily; one digest per person and day).',
    target: {
      domain: 'notifications',
      entry: 'functions/domains/notifications/workers/send-digests.ts',
      export: 'handler',
      timeoutSeconds: 300,
      needs: { table: 'readwrite' },
    },
  },
  'appointment-reminders': {
    expression: 'rate(5 minutes)',
    timezone: 'Europe/Madrid',
    description:
      'Tells both sides of a confirmed meeting, in the app and by e-mail as their preferences say, when its reminder time comes (60 minutes before by default; once per meeting and reminder).',
    target: {
      domain: 'portal',
      entry: 'functions/domains/portal/workers/send-reminders.ts',
      export: 'handler',
      timeoutSeconds: 120,
      needs: { table: 'readwrite' },
    },
  },
  'campaign-reminders': {
    expression: 'cron(0 9 ? * MON-FRI *)',
    timezone: 'Europe/Madrid',
    description:
      'Reminds the clients of companies with items still missing in an active document-request campaign, escalating as its deadline nears (and telling the gestor of those overdue); complete companies get nothing (issue 21).',
    target: {
      domain: 'portal',
      entry: 'functions/domains/portal/workers/campaign-reminders.ts',
      export: 'handler',
      timeoutSeconds: 300,
      needs: { table: 'readwrite' },
    },
  },
  'received-invoices-overdue': {
    expression: 'cron(35 6 * * ? *)',
    timezone: 'Europe/Madrid',
    description:
      'Marks received invoices still unpaid after a due date as OVERDUE, and gives due dates from the terms in force to invoices and received invoices stored without them (daily).',
    target: {
      domain: 'expenses',
      entry: 'functions/domains/expenses/workers/mark-received-overdue.ts',
      export: 'handler',
      timeoutSeconds: 300,
      needs: { table: 'readwrite' },
    },
  },
  'documents-sweep': {
    expression: 'rate(10 minutes)',
    timezone: 'Europe/Madrid',
    description:
      'Finds what the events missed (backfill): uploads whose bytes arrived but were never checked, documents waiting to be read for too long (re-queued once per attempt), inbound mails stored but never taken into the smart inbox (idempotent).',
    target: {
      domain: 'documents',
      entry: 'functions/domains/documents/workers/sweep-documents.ts',
      export: 'handler',
      timeoutSeconds: 300,
      needs: {
        table: 'readwrite',
        queues: ['ocr'],
        buckets: [
          { bucket: 'documents', access: 'readwrite' },
          { bucket: 'inbound', access: 'read' },
        ],
      },
    },
  },
  'inbox-imap-poll': {
    expression: 'rate(5 minutes)',
    timezone: 'Europe/Madrid',
    description:
      "Reads the new mail of every smart inbox configured with an IMAP mailbox (the company's own server), stores it raw and takes it into the inbox like a received mail, once per message.",
    target: {
      domain: 'documents',
      entry: 'functions/domains/documents/workers/poll-imap.ts',
      export: 'handler',
      timeoutSeconds: 300,
      needs: {
        table: 'readwrite',
        certificatesKey: true,
        buckets: [
          { bucket: 'inbound', access: 'readwrite' },
          { bucket: 'documents', access: 'readwrite' },
        ],
      },
    },
  },
};

// --- functions invoked by name ------------------------------------------------------------------

export type InvokableName =
  | 'pdf-render'
  | 'received-invoice-draft'
  | 'statement-pdf'
  | 'settle-invoice'
  | 'settle-received-invoice';

/**
 * A function other functions call synchronously (Lambda Invoke, RequestResponse) by its name,
 * which only the callers (`needs.invokes`) receive, in the variable `envNames.functionName(name)`.
 * It is the API function of `domain` (no function of its own): the domain's handler.ts tells a
 * direct invocation (no `httpMethod`/`requestContext`) from an API Gateway event
 * (functions/platform/invoke.ts `withInvocations`), so the domain's heavy code is bundled once.
 * That function gets the union of its domain's `needs` and these. Locally the same name reaches
 * the same entry point in process (infra/local/engines/lambda.ts).
 */
export interface InvokableDef {
  /** The domain whose API function serves the invocation (it must have `api`). */
  domain: DomainName;
  /** What the invocation needs, granted to the domain's API function in addition to its own. */
  needs: Needs;
  description: string;
}

export const invokables: Record<InvokableName, InvokableDef> = {
  // A document's reading becomes a received-invoice draft in the expenses domain (supplier matched by
  // NIF or created, category learned per supplier, duplicates refused); a review's decision moves it.
  'received-invoice-draft': {
    domain: 'expenses',
    description: 'Creates the received-invoice draft of a read document, or applies a review decision to it.',
    needs: { table: 'readwrite' },
  },
  // pdf-lib (~500 KB) is bundled only in the pdf domain's function: the bulk worker and the
  // recurring schedule ask it for an invoice's PDF (stored under the operation's key, or queued by
  // e-mail) instead of bundling it, and no second function carries it.
  // The accounting exports' PDF (balance sheet, P&L, journal) from a table the accounting domain gives.
  'statement-pdf': {
    domain: 'pdf',
    description: 'Renders a statement (title, columns, rows) as a PDF and returns its bytes.',
    needs: {},
  },
  // Reconciliation (issue 19): a bank movement matched to an issued invoice records its collection
  // (or, for a returned direct debit, removes it) through the invoices domain's own payment rules.
  'settle-invoice': {
    domain: 'invoices',
    description:
      'Records (or removes) the payment of an issued invoice that a reconciled bank movement settles.',
    needs: { table: 'readwrite' },
  },
  // The same for a received invoice, through the expenses domain.
  'settle-received-invoice': {
    domain: 'expenses',
    description:
      'Records (or removes) the payment of a received invoice that a reconciled bank movement settles.',
    needs: { table: 'readwrite' },
  },
  'pdf-render': {
    domain: 'pdf',
    description: 'Renders an invoice PDF and stores it, or queues it by e-mail (with its log entry).',
    needs: { table: 'readwrite', buckets: [{ bucket: 'documents', access: 'readwrite' }] },
  },
};

// --- buckets ------------------------------------------------------------------------------------

export type BucketName = 'documents' | 'inbound' | 'spa' | 'verifactu-archive' | 'sii-archive';

export interface BucketDef {
  /** Browser uploads through presigned URLs need CORS on PUT. */
  browserUploads: boolean;
  notifications: {
    prefix: string;
    suffix?: string;
    consumer: EntryPoint & { domain: DomainName; needs: Needs };
  }[];
  /**
   * S3 Object Lock: every object version is kept unalterable for `years` (COMPLIANCE: nobody, not
   * even the account root, can shorten it or delete the version). Implies versioning.
   */
  objectLock?: { mode: 'COMPLIANCE'; years: number };
}

export const buckets: Record<BucketName, BucketDef> = {
  // Uploads arrive under `incoming/<companyId>/<documentId>/<file>` (presigned browser POSTs, the API's
  // multipart uploads, the smart inbox's attachments): each object's arrival checks its bytes and
  // queues its reading (documents domain).
  documents: {
    browserUploads: true,
    notifications: [
      {
        prefix: 'incoming/',
        consumer: {
          domain: 'documents',
          entry: 'functions/domains/documents/workers/on-upload.ts',
          export: 'handler',
          needs: {
            table: 'readwrite',
            queues: ['ocr'],
            buckets: [{ bucket: 'documents', access: 'readwrite' }],
            websocket: true,
          },
        },
      },
    ],
  },
  // Raw mail as the SES receipt rule's S3 action (locally the SMTP listener) stores it under `inbound/`:
  // the smart inbox checks its verdicts and sends its attachments to the documents bucket.
  inbound: {
    browserUploads: false,
    notifications: [
      {
        prefix: 'inbound/',
        consumer: {
          domain: 'documents',
          entry: 'functions/domains/documents/workers/on-inbound-mail.ts',
          export: 'handler',
          needs: {
            table: 'readwrite',
            buckets: [
              { bucket: 'inbound', access: 'read' },
              { bucket: 'documents', access: 'readwrite' },
            ],
          },
        },
      },
    ],
  },
  spa: { browserUploads: false, notifications: [] },
  // The exact SOAP requests sent to the AEAT and its raw answers (reference/reliability.md §4):
  // kept 6 years from the exchange (Código de Comercio art. 30), unalterable.
  'verifactu-archive': {
    browserUploads: false,
    notifications: [],
    objectLock: { mode: 'COMPLIANCE', years: 6 },
  },
  // The SII's SOAP exchanges, kept like VeriFacTu's (6 years, unalterable).
  'sii-archive': {
    browserUploads: false,
    notifications: [],
    objectLock: { mode: 'COMPLIANCE', years: 6 },
  },
};

// --- table and its stream consumers ----------------------------------------------------------

export interface StreamConsumerDef extends EntryPoint {
  domain: DomainName;
  batchSize: number;
  /** Only records whose NEW image has one of these `entity` values reach the consumer. */
  entities: string[];
  needs: Needs;
}

export const table = {
  definition: tableDefinition,
  streamConsumers: {
    'outbox-publisher': {
      domain: 'mail',
      entry: 'functions/domains/mail/workers/publish-outbox.ts',
      export: 'handler',
      batchSize: 25,
      entities: ['Outbox'],
      needs: { table: 'readwrite', queues: ['mail'] },
    },
    // A notification written anywhere reaches the user's open WebSocket connections at once.
    'notification-push': {
      domain: 'notifications',
      entry: 'functions/domains/notifications/workers/push-notification.ts',
      export: 'handler',
      batchSize: 25,
      entities: ['Notification'],
      // Issue 20: also records delivery and read events, copies to delegates and e-mails (outbox).
      needs: { table: 'readwrite', websocket: true },
    },
    // A document a client uploads ticks the item of an active document-request campaign it matches
    // (issue 21): on its arrival and again when the reader has classified it.
    'campaign-ticks': {
      domain: 'portal',
      entry: 'functions/domains/portal/workers/campaign-ticks.ts',
      export: 'handler',
      batchSize: 25,
      entities: ['Document'],
      needs: { table: 'readwrite' },
    },
    // Stored invoice events (confirmed, cancelled, rectified) reach SII and accounting (VeriFacTu
    // records are written in the confirming transaction itself and wake the sender on their own).
    'invoice-events': {
      domain: 'invoices',
      entry: 'functions/domains/invoices/workers/publish-invoice-events.ts',
      export: 'handler',
      batchSize: 25,
      entities: ['InvoiceEvent', 'ReceivedInvoiceEvent'],
      needs: { table: 'readwrite', queues: ['sii', 'accounting', 'treasury'] },
    },
    // A new VeriFacTu record (born in the confirming/cancelling/correcting transaction) wakes the
    // sender of its company: FIFO message, group = companyId, deduplication = record id.
    'verifactu-records': {
      domain: 'verifactu',
      entry: 'functions/domains/verifactu/workers/trigger-sender.ts',
      export: 'handler',
      batchSize: 25,
      entities: ['VerifactuRecord'],
      needs: { table: 'read', queues: ['verifactu'] },
    },
    // A new bulk operation is split into queue messages (born with the operation item).
    'bulk-dispatch': {
      domain: 'invoices',
      entry: 'functions/domains/invoices/workers/dispatch-bulk-operation.ts',
      export: 'handler',
      batchSize: 10,
      entities: ['BulkOperation'],
      needs: { table: 'readwrite', queues: ['invoice-bulk'] },
    },
    // An import batch set to execute is split into queue messages.
    'import-dispatch': {
      domain: 'invoices',
      entry: 'functions/domains/invoices/workers/dispatch-import.ts',
      export: 'handler',
      batchSize: 10,
      entities: ['ImportBatch'],
      needs: { table: 'readwrite', queues: ['invoice-import'] },
    },
  } satisfies Record<string, StreamConsumerDef>,
};

// --- WebSocket API --------------------------------------------------------------------------------

export const websocket = {
  /** Route keys as API Gateway names them; each served by the notifications domain. */
  routes: {
    $connect: { entry: 'functions/domains/notifications/workers/ws-connect.ts', export: 'handler' },
    $disconnect: { entry: 'functions/domains/notifications/workers/ws-disconnect.ts', export: 'handler' },
    $default: { entry: 'functions/domains/notifications/workers/ws-default.ts', export: 'handler' },
  } satisfies Record<string, EntryPoint>,
  domain: 'notifications' as DomainName,
};

// --- REST API ---------------------------------------------------------------------------------

/**
 * Content types API Gateway passes to Lambda base64-encoded (binaryMediaTypes). The CDK stack and
 * the local gateway read this one list, so uploads behave the same in both.
 */
export const binaryMediaTypes = [
  'multipart/form-data',
  'application/octet-stream',
  'application/pdf',
  'application/zip',
  'application/x-pkcs12',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  // Exports (CSV with a BOM for Excel es-ES) are returned base64-encoded like the other files.
  'text/csv',
  'image/*',
] as const;

// --- helpers ------------------------------------------------------------------------------------

export const routesOf = (domain: DomainName): RouteId[] =>
  routeIds.filter((id) => routes[id].domain === domain);

/**
 * Environment variable names the functions read (spelled once, in shared/config/env-names.ts);
 * both realisations set them (in AWS, an invokable's name only for its callers). Queue, bucket and
 * function names are typed by the manifest here.
 */
export const envNames = {
  ...runtimeEnvNames,
  queueUrl: (q: QueueName): string => runtimeEnvNames.queueUrl(q),
  bucket: (b: BucketName): string => runtimeEnvNames.bucket(b),
  functionName: (f: InvokableName): string => runtimeEnvNames.functionName(f),
} as const;
