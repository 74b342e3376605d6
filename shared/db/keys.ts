/**
 * Key builders: the only place where DynamoDB keys are composed (CONVENTIONS rule 7).
 * Company-scoped items live under a partition that starts with `COMPANY#<companyId>`.
 * See access-patterns.md beside this file for every query.
 */

export type Key = { pk: string; sk: string };

import { accountingKeys } from './keys/accounting';
import { aggregatesKeys } from './keys/aggregates';
import { bankingKeys } from './keys/banking';
import { bulkKeys } from './keys/bulk';
import { campaignKeys } from './keys/campaigns';
import { dashboardKeys } from './keys/dashboard';
import { documentCategoryKeys } from './keys/document-categories';
import { documentKeys } from './keys/documents';
import { emailsKeys } from './keys/emails';
import { enc } from './keys/encoding';
import { idempotencyKeys } from './keys/idempotency';
import { importsKeys } from './keys/imports';
import { inboxKeys } from './keys/inbox';
import { invoiceCountsKeys } from './keys/invoice-counts';
import { messagingKeys } from './keys/messaging';
import { receivedInvoicesKeys } from './keys/received-invoices';
import { recurringKeys } from './keys/recurring';
import { sessionsKeys } from './keys/sessions';
import { sharingKeys } from './keys/sharing';
import { siiKeys } from './keys/sii';
import { taxKeys } from './keys/tax';
import { taxModelKeys } from './keys/tax-models';
import { verifactuKeys } from './keys/verifactu';

export const keys = {
  // --- users ---
  userProfile: (userId: string): Key => ({ pk: `USER#${enc(userId)}`, sk: 'PROFILE' }),
  /** gsi1: find a user by e-mail (login lock-out, forgot-password, resend-by-email). */
  userByEmail: (email: string) => ({ gsi1pk: `EMAIL#${email.trim().toLowerCase()}`, gsi1sk: 'USER' }),
  /** gsi2: every user, newest first (admin lists). */
  userInDirectory: (createdAt: string, userId: string) => ({
    gsi2pk: 'DIRECTORY#USER',
    gsi2sk: `${createdAt}#${enc(userId)}`,
  }),
  /** Consecutive failed logins and the lock-out deadline of one e-mail (AUTH_002). */
  loginAttempts: (email: string): Key => ({ pk: `LOGIN#${email.trim().toLowerCase()}`, sk: 'ATTEMPTS' }),
  /** Single-use token (e-mail verification, password reset, invitation), stored by its SHA-256. */
  oneTimeToken: (tokenHash: string): Key => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  /** Uniqueness guard for e-mails, written in the same transaction as the profile. */
  emailClaim: (email: string): Key => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'CLAIM' }),

  // --- companies ---
  company: (companyId: string): Key => ({ pk: `COMPANY#${enc(companyId)}`, sk: 'META' }),
  companySettings: (companyId: string): Key => ({ pk: `COMPANY#${enc(companyId)}`, sk: 'SETTINGS' }),
  /** gsi2: every company, newest first (ADMIN sees all). */
  companyInDirectory: (createdAt: string, companyId: string) => ({
    gsi2pk: 'DIRECTORY#COMPANY',
    gsi2sk: `${createdAt}#${enc(companyId)}`,
  }),
  companyDirectory: () => ({ gsi2pk: 'DIRECTORY#COMPANY' }),
  /** A user's membership of a company; the membership check is one GetItem on this key. */
  membership: (companyId: string, userId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `MEMBER#${enc(userId)}`,
  }),
  membershipPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'MEMBER#' }),
  /** gsi1: the companies of a user. */
  membershipByUser: (userId: string, companyId: string) => ({
    gsi1pk: `USER#${enc(userId)}`,
    gsi1sk: `MEMBER#${enc(companyId)}`,
  }),
  membershipByUserPrefix: (userId: string) => ({ gsi1pk: `USER#${enc(userId)}`, gsi1skPrefix: 'MEMBER#' }),

  /** One user may not manage two companies with the same NIF (written with the company). */
  companyNifClaim: (userId: string, nif: string): Key => ({ pk: `USER#${enc(userId)}`, sk: `NIF#${nif}` }),
  /** A pending invitation of someone without an account yet, by e-mail. */
  invitation: (companyId: string, email: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `INVITE#${email.trim().toLowerCase()}`,
  }),
  invitationPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'INVITE#' }),
  /** gsi1: the invitations addressed to an existing account, pending until it accepts or declines. */
  invitationByUser: (userId: string, companyId: string) => ({
    gsi1pk: `USER#${enc(userId)}`,
    gsi1sk: `INVITE#${enc(companyId)}`,
  }),
  invitationByUserPrefix: (userId: string) => ({ gsi1pk: `USER#${enc(userId)}`, gsi1skPrefix: 'INVITE#' }),
  /** Cheap liveness probe of the table for GET /health. */
  health: (): Key => ({ pk: 'HEALTH', sk: 'HEALTH' }),

  // --- platform ---
  /** Outbox item: async work born in the same transaction as the write that causes it. */
  outbox: (id: string): Key => ({ pk: `OUTBOX#${enc(id)}`, sk: 'OUTBOX' }),
  /** gsi1: outbox items not yet published, oldest first (the sweeper's safety net). */
  outboxPending: (createdAt: string, id: string) => ({
    gsi1pk: 'OUTBOX#PENDING',
    gsi1sk: `${createdAt}#${enc(id)}`,
  }),
  /** A WebSocket connection and who owns it. */
  wsConnection: (connectionId: string): Key => ({ pk: `WSCONN#${enc(connectionId)}`, sk: 'CONN' }),
  wsConnectionByUser: (userId: string, connectionId: string) => ({
    gsi1pk: `USER#${enc(userId)}`,
    gsi1sk: `WSCONN#${enc(connectionId)}`,
  }),
  wsConnectionByUserPrefix: (userId: string) => ({ gsi1pk: `USER#${enc(userId)}`, gsi1skPrefix: 'WSCONN#' }),

  // --- mail ---
  /** gsi1 range of the pending outbox created strictly before `createdAt` (the sweeper's query). */
  outboxPendingBefore: (createdAt: string) => ({ gsi1pk: 'OUTBOX#PENDING', gsi1skBefore: createdAt }),
  /** The send record of one outbox mail: the idempotency guard (SENDING -> SENT) and its log entry. */
  sentMail: (outboxId: string): Key => ({ pk: `MAIL#${enc(outboxId)}`, sk: 'MAIL' }),
  /** gsi1: the mail log of a company, oldest first. */
  sentMailByCompany: (companyId: string, sentAt: string, outboxId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}`,
    gsi1sk: `MAIL#${sentAt}#${enc(outboxId)}`,
  }),
  sentMailByCompanyPrefix: (companyId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}`,
    gsi1skPrefix: 'MAIL#',
  }),

  // --- onboarding ---
  /** The onboarding progress of one user (one item per user, versioned for conditional writes). */
  onboardingProgress: (userId: string): Key => ({ pk: `USER#${enc(userId)}`, sk: 'ONBOARDING' }),

  // --- billing ---
  /** The subscription a user pays for (its plan gates the web); absent = no subscription. */
  subscription: (userId: string): Key => ({ pk: `USER#${enc(userId)}`, sk: 'SUBSCRIPTION' }),

  // --- notifications ---
  /**
   * A user's notification in one company. One partition per (user, company): "my notifications
   * in company C, newest first" is one Query read backwards. Notification ids start with their
   * creation time (newNotificationId in the notifications model), so the sort key orders by date and GetItem by id works.
   */
  notification: (userId: string, companyId: string, notificationId: string): Key => ({
    pk: `NOTIF#${enc(userId)}#${enc(companyId)}`,
    sk: `N#${enc(notificationId)}`,
  }),
  notificationPrefix: (userId: string, companyId: string) => ({
    pk: `NOTIF#${enc(userId)}#${enc(companyId)}`,
    skPrefix: 'N#',
  }),
  /** The exact unread count of a (user, company), changed in the same transaction as the notification. */
  notificationCounter: (userId: string, companyId: string): Key => ({
    pk: `NOTIF#${enc(userId)}#${enc(companyId)}`,
    sk: 'COUNTER',
  }),
  /** gsi1 (sparse): only unread notifications carry these attributes; marking read removes them. */
  unreadNotification: (userId: string, companyId: string, notificationId: string) => ({
    gsi1pk: `NOTIF#${enc(userId)}#${enc(companyId)}#UNREAD`,
    gsi1sk: `N#${enc(notificationId)}`,
  }),
  unreadNotificationPartition: (userId: string, companyId: string) => ({
    gsi1pk: `NOTIF#${enc(userId)}#${enc(companyId)}#UNREAD`,
  }),
  /** A user's notification preferences (channels, types, digest); not company-scoped. */
  notificationPreferences: (userId: string): Key => ({ pk: `USER#${enc(userId)}`, sk: 'NOTIF_PREFS' }),

  // --- invoices: customers and series ---
  /** A customer of a company; only ever looked up under the caller's company partition. */
  customer: (companyId: string, customerId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `CUSTOMER#${enc(customerId)}`,
  }),
  customerPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'CUSTOMER#' }),
  /** A tax id is not repeated among a company's customers (written with the customer). */
  customerTaxIdClaim: (companyId: string, taxIdKey: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `CUSTTAXID#${enc(taxIdKey)}`,
  }),
  /** An invoice series of a company. */
  invoiceSeries: (companyId: string, seriesId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `SERIES#${enc(seriesId)}`,
  }),
  invoiceSeriesPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'SERIES#' }),
  /** A series code is unique within a company (written with the series). */
  invoiceSeriesCodeClaim: (companyId: string, code: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `SERIESCODE#${enc(code)}`,
  }),
  /** The default series of one purpose: one pointer item, so there is never more than one. */
  invoiceSeriesDefault: (companyId: string, purpose: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `SERIESDEFAULT#${enc(purpose)}`,
  }),
  invoiceSeriesDefaultPrefix: (companyId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: 'SERIESDEFAULT#',
  }),
  /** The last number issued by a series in one calendar year (numbering restarts every year). */
  invoiceNumberCounter: (companyId: string, seriesId: string, year: number): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `SERIESNUM#${enc(seriesId)}#${year}`,
  }),

  // --- expenses: suppliers and expense categories ---
  /** A supplier of a company; only ever looked up under the caller's company partition. */
  supplier: (companyId: string, supplierId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `SUPPLIER#${enc(supplierId)}`,
  }),
  supplierPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'SUPPLIER#' }),
  /** A tax id is not repeated among a company's suppliers (written with the supplier). */
  supplierTaxIdClaim: (companyId: string, taxIdKey: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `SUPPTAXID#${enc(taxIdKey)}`,
  }),
  /** An expense category of a company. */
  expenseCategory: (companyId: string, categoryId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `EXPCAT#${enc(categoryId)}`,
  }),
  expenseCategoryPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'EXPCAT#' }),
  /** A category name is unique within a company (folded name; written with the category). */
  expenseCategoryNameClaim: (companyId: string, nameKey: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `EXPCATNAME#${enc(nameKey)}`,
  }),
  /** How many active suppliers use a category as their default (kept in the suppliers' transactions). */
  expenseCategoryUsage: (companyId: string, categoryId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `EXPCATUSE#${enc(categoryId)}`,
  }),
  /** Marker: the default categories were created (written once, with them). */
  expenseCategoryDefaults: (companyId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: 'EXPCATDEFAULTS',
  }),

  // --- invoices: issued invoices and their events ---
  /** An issued invoice (draft or confirmed) of a company. */
  invoice: (companyId: string, invoiceId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `INVOICE#${enc(invoiceId)}`,
  }),
  /** gsi1: a company's issued invoices by invoice date (the list is one Query with a date range). */
  invoiceByDate: (companyId: string, invoiceDate: string, invoiceId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#INVOICES`,
    gsi1sk: `${invoiceDate}#${enc(invoiceId)}`,
  }),
  invoiceByDatePartition: (companyId: string) => ({ gsi1pk: `COMPANY#${enc(companyId)}#INVOICES` }),
  /** An event of an invoice (INVOICE_CONFIRMED...), written in the transaction that causes it. */
  invoiceEvent: (companyId: string, invoiceId: string, kind: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `INVEVENT#${enc(invoiceId)}#${enc(kind)}`,
  }),
  /** A payment of an issued invoice; the sort key orders them oldest first. */
  invoicePayment: (companyId: string, invoiceId: string, createdAt: string, paymentId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `INVPAY#${enc(invoiceId)}#${createdAt}#${enc(paymentId)}`,
  }),
  invoicePaymentPrefix: (companyId: string, invoiceId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: `INVPAY#${enc(invoiceId)}#`,
  }),
  /** gsi2 (sparse): confirmed invoices not yet paid nor overdue, by due date, for the overdue schedule. */
  invoiceDue: (dueDate: string, companyId: string, invoiceId: string) => ({
    gsi2pk: 'INVOICES#DUE',
    gsi2sk: `${dueDate}#${enc(companyId)}#${enc(invoiceId)}`,
  }),
  invoiceDuePartition: () => ({ gsi2pk: 'INVOICES#DUE' }),

  // --- areas kept in their own files (shared/db/keys/*.ts) ---
  ...aggregatesKeys,
  ...invoiceCountsKeys,
  ...receivedInvoicesKeys,
  ...recurringKeys,
  ...taxKeys,
  ...taxModelKeys,
  ...bulkKeys,
  ...importsKeys,
  ...emailsKeys,
  ...verifactuKeys,
  ...siiKeys,
  ...inboxKeys,
  ...sessionsKeys,
  ...idempotencyKeys,
  ...documentKeys,
  ...documentCategoryKeys,
  ...accountingKeys,
  ...bankingKeys,
  ...dashboardKeys,
  ...messagingKeys,
  ...sharingKeys,
  ...campaignKeys,
} as const;

/** Every stored item says what it is and which schema version wrote it. */
export interface ItemMeta {
  entity: string;
  v: number;
}
