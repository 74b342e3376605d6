/**
 * Key builders of banking and treasury (issue 19), spread into `keys` by `shared/db/keys.ts`.
 *
 * Partitions:
 *  - `BANK#<c>`: the company's bank accounts (`ACCT#`), the IBAN claims (`IBAN#`: one account per
 *    IBAN), the banking settings (creditor identifier), the N43 imports (`IMPORT#`), the SEPA mandates
 *    (`MANDATE#`) and payment orders (`ORDER#`), the reconciliation rules (`RULE#`);
 *  - `BANKMOV#<c>#<accountId>`: one item per bank movement, by booking date (`<date>#<movementId>`);
 *    `BANKDUP#<c>#<accountId>`: one claim per movement fingerprint, so a re-import never duplicates;
 *  - `PSD2#<c>`: open-banking connections (consents) and their accounts; gsi1 `PSD2CONSENT` finds every
 *    connection by expiry (the sync schedule and the renewal reminders walk it);
 *  - `OPENITEM#<c>`: the treasury's projection of every issued and received invoice (what is due when,
 *    what is paid), kept by the `treasury` queue's consumer from the invoice events; gsi1
 *    `OPENDUE#<c>` orders the open ones by their next due date;
 *  - `TREASURY#<c>`: follow-up notes per document, reminder log, the projection's backfill progress,
 *    the collection summary (`COLLECTIONS`);
 *  - `RECON#<c>`: reconciliation sessions (`SESSION#`), their matches (`MATCH#<sessionId>#`) and audit
 *    (`AUDIT#<sessionId>#`), the open-session claim per account (`OPEN#`) and the payments approved
 *    sessions reconciled (`RPAY#`).
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const bank = (companyId: string) => `BANK#${enc(companyId)}`;
const psd2 = (companyId: string) => `PSD2#${enc(companyId)}`;
const openItems = (companyId: string) => `OPENITEM#${enc(companyId)}`;
const treasury = (companyId: string) => `TREASURY#${enc(companyId)}`;
const recon = (companyId: string) => `RECON#${enc(companyId)}`;

export const bankingKeys = {
  // --- accounts, imports, settings ---
  bankAccount: (companyId: string, accountId: string): Key => ({
    pk: bank(companyId),
    sk: `ACCT#${enc(accountId)}`,
  }),
  bankAccountPrefix: (companyId: string) => ({ pk: bank(companyId), skPrefix: 'ACCT#' }),
  /** One bank account per IBAN in a company (claimed in the account's creating transaction). */
  bankAccountIbanClaim: (companyId: string, iban: string): Key => ({
    pk: bank(companyId),
    sk: `IBAN#${iban}`,
  }),
  bankingSettings: (companyId: string): Key => ({ pk: bank(companyId), sk: 'SETTINGS' }),
  /** An N43 import (file name, hash, per-account counts), by time. */
  bankImport: (companyId: string, importedAt: string, importId: string): Key => ({
    pk: bank(companyId),
    sk: `IMPORT#${importedAt}#${enc(importId)}`,
  }),
  bankImportPrefix: (companyId: string) => ({ pk: bank(companyId), skPrefix: 'IMPORT#' }),

  // --- movements ---
  bankMovement: (companyId: string, accountId: string, bookingDate: string, movementId: string): Key => ({
    pk: `BANKMOV#${enc(companyId)}#${enc(accountId)}`,
    sk: `${bookingDate}#${enc(movementId)}`,
  }),
  bankMovementPartition: (companyId: string, accountId: string) => ({
    pk: `BANKMOV#${enc(companyId)}#${enc(accountId)}`,
  }),
  /**
   * The claim of one movement fingerprint (N43: account, dates, amount, concepts, references and its
   * occurrence number within the same day; PSD2: the provider's transaction id or the same hash).
   */
  bankMovementClaim: (companyId: string, accountId: string, fingerprint: string): Key => ({
    pk: `BANKDUP#${enc(companyId)}#${enc(accountId)}`,
    sk: fingerprint,
  }),

  // --- SEPA ---
  sepaMandate: (companyId: string, mandateId: string): Key => ({
    pk: bank(companyId),
    sk: `MANDATE#${enc(mandateId)}`,
  }),
  sepaMandatePrefix: (companyId: string) => ({ pk: bank(companyId), skPrefix: 'MANDATE#' }),
  paymentOrder: (companyId: string, orderId: string): Key => ({
    pk: bank(companyId),
    sk: `ORDER#${enc(orderId)}`,
  }),
  paymentOrderPrefix: (companyId: string) => ({ pk: bank(companyId), skPrefix: 'ORDER#' }),

  // --- reconciliation rules (learned per company) ---
  reconciliationRule: (companyId: string, ruleId: string): Key => ({
    pk: bank(companyId),
    sk: `RULE#${enc(ruleId)}`,
  }),
  reconciliationRulePrefix: (companyId: string) => ({ pk: bank(companyId), skPrefix: 'RULE#' }),

  // --- PSD2 ---
  psd2Connection: (companyId: string, connectionId: string): Key => ({
    pk: psd2(companyId),
    sk: `CONN#${enc(connectionId)}`,
  }),
  psd2ConnectionPrefix: (companyId: string) => ({ pk: psd2(companyId), skPrefix: 'CONN#' }),
  /** gsi1 on a connection: every connection of every company by consent expiry. */
  psd2ConsentByExpiry: (expiresAt: string, companyId: string, connectionId: string) => ({
    gsi1pk: 'PSD2CONSENT',
    gsi1sk: `${expiresAt}#${enc(companyId)}#${enc(connectionId)}`,
  }),
  psd2ConsentPartition: () => ({ gsi1pk: 'PSD2CONSENT' }),
  /** The consent's audit trail (who connected, renewed, revoked, synced), by time. */
  psd2Audit: (companyId: string, at: string, eventId: string): Key => ({
    pk: psd2(companyId),
    sk: `AUDIT#${at}#${enc(eventId)}`,
  }),
  psd2AuditPrefix: (companyId: string) => ({ pk: psd2(companyId), skPrefix: 'AUDIT#' }),

  // --- treasury projection ---
  /** kind: `INV` (issued invoice, a receivable) or `REC` (received invoice, a payable). */
  openItem: (companyId: string, kind: 'INV' | 'REC', documentId: string): Key => ({
    pk: openItems(companyId),
    sk: `${kind}#${enc(documentId)}`,
  }),
  openItemPartition: (companyId: string) => ({ pk: openItems(companyId) }),
  /** The open items of one kind (`INV`: receivables, `REC`: payables). */
  openItemKindPrefix: (companyId: string, kind: 'INV' | 'REC') => ({
    pk: openItems(companyId),
    skPrefix: `${kind}#`,
  }),
  /** gsi1 while an item is open: by its next unpaid due date. */
  openItemByDue: (companyId: string, nextDueDate: string, kind: 'INV' | 'REC', documentId: string) => ({
    gsi1pk: `OPENDUE#${enc(companyId)}`,
    gsi1sk: `${nextDueDate}#${kind}#${enc(documentId)}`,
  }),
  openItemByDuePartition: (companyId: string) => ({ gsi1pk: `OPENDUE#${enc(companyId)}` }),
  treasuryProjectionBackfill: (companyId: string): Key => ({ pk: treasury(companyId), sk: 'BACKFILL' }),
  /**
   * The company's collection summary: what was collected of its receivables per payment month,
   * recomputed from the open items a few seconds after they change (banking store/collection-summary.ts);
   * the dashboard's average collection days reads it (access pattern B10).
   */
  collectionSummary: (companyId: string): Key => ({ pk: treasury(companyId), sk: 'COLLECTIONS' }),
  /** The company's treasury settings (automatic reminders of overdue receivables). */
  treasurySettings: (companyId: string): Key => ({ pk: treasury(companyId), sk: 'SETTINGS' }),
  followUpNote: (companyId: string, documentKey: string, at: string, noteId: string): Key => ({
    pk: treasury(companyId),
    sk: `NOTE#${documentKey.split('#').map(enc).join('#')}#${at}#${enc(noteId)}`,
  }),
  followUpNotePrefix: (companyId: string, documentKey = '') => ({
    pk: treasury(companyId),
    skPrefix: `NOTE#${documentKey ? `${documentKey.split('#').map(enc).join('#')}#` : ''}`,
  }),
  /** The reminder sent for one document on one day (at most one per day and document). */
  paymentReminder: (companyId: string, documentKey: string, day: string): Key => ({
    pk: treasury(companyId),
    sk: `REMINDER#${documentKey.split('#').map(enc).join('#')}#${day}`,
  }),
  paymentReminderPrefix: (companyId: string) => ({ pk: treasury(companyId), skPrefix: 'REMINDER#' }),

  // --- reconciliation ---
  reconciliationSession: (companyId: string, sessionId: string): Key => ({
    pk: recon(companyId),
    sk: `SESSION#${enc(sessionId)}`,
  }),
  reconciliationSessionPrefix: (companyId: string) => ({ pk: recon(companyId), skPrefix: 'SESSION#' }),
  reconciliationMatch: (companyId: string, sessionId: string, matchId: string): Key => ({
    pk: recon(companyId),
    sk: `MATCH#${enc(sessionId)}#${enc(matchId)}`,
  }),
  reconciliationMatchPrefix: (companyId: string, sessionId: string) => ({
    pk: recon(companyId),
    skPrefix: `MATCH#${enc(sessionId)}#`,
  }),
  reconciliationAudit: (companyId: string, sessionId: string, at: string, eventId: string): Key => ({
    pk: recon(companyId),
    sk: `AUDIT#${enc(sessionId)}#${at}#${enc(eventId)}`,
  }),
  /** One open (IN_PROGRESS or COMPLETED) session per bank account: claimed by start, released by approve/cancel. */
  reconciliationOpenSession: (companyId: string, accountId: string): Key => ({
    pk: recon(companyId),
    sk: `OPEN#${enc(accountId)}`,
  }),
  /** A document payment an approved session reconciled (never linked to another movement again). */
  reconciledPayment: (companyId: string, paymentId: string): Key => ({
    pk: recon(companyId),
    sk: `RPAY#${enc(paymentId)}`,
  }),
  reconciledPaymentPrefix: (companyId: string) => ({ pk: recon(companyId), skPrefix: 'RPAY#' }),
  reconciliationAuditPrefix: (companyId: string, sessionId: string) => ({
    pk: recon(companyId),
    skPrefix: `AUDIT#${enc(sessionId)}#`,
  }),
} as const;
