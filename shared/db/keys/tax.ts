/**
 * Key builders of the tax area (issue 13), spread into `keys` by `shared/db/keys.ts`. Everything of a
 * company lives under `COMPANY#<companyId>` with `TAX#` sort keys.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const taxKeys = {
  /** The company's tax profile (current facts and version history). */
  taxProfile: (companyId: string): Key => ({ pk: `COMPANY#${enc(companyId)}`, sk: 'TAX#PROFILE' }),
  /** gsi2 on the profile: every company with a tax profile (the daily alert run reads it, no Scan). */
  taxProfileDirectory: (companyId: string) => ({ gsi2pk: 'TAX#PROFILES', gsi2sk: enc(companyId) }),
  taxProfileDirectoryPartition: () => ({ gsi2pk: 'TAX#PROFILES' }),
  /** The assistant's unapplied draft (answers and/or facts). */
  taxAssistantDraft: (companyId: string): Key => ({ pk: `COMPANY#${enc(companyId)}`, sk: 'TAX#ASSISTANT' }),
  /** One obligation: `<year>-<model>-<period>` is its id. */
  taxObligation: (companyId: string, year: number, obligationId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `TAX#OBL#${year}#${enc(obligationId)}`,
  }),
  taxObligationYearPrefix: (companyId: string, year: number) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: `TAX#OBL#${year}#`,
  }),
  /**
   * gsi1 (sparse): the company's OPEN obligations (PENDING/OVERDUE) by due date; settling one removes
   * these attributes. Upcoming = a range from today, overdue = everything before today.
   */
  taxOpenObligation: (companyId: string, dueDate: string, obligationId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#TAXOPEN`,
    gsi1sk: `${dueDate}#${enc(obligationId)}`,
  }),
  taxOpenObligationPartition: (companyId: string) => ({ gsi1pk: `COMPANY#${enc(companyId)}#TAXOPEN` }),
  /** A fiscal alert (deterministic id: the obligation's, `summary`, or `<obligation>#<type>`). */
  taxAlert: (companyId: string, alertId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `TAX#ALERT#${enc(alertId)}`,
  }),
  taxAlertPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'TAX#ALERT#' }),
  /**
   * The claim that an alert's step was notified (written with attribute_not_exists in the transaction
   * that writes the notifications and the e-mails): once per alert and step; also the history.
   */
  taxAlertSent: (companyId: string, alertId: string, step: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `TAX#SENT#${enc(alertId)}#${enc(step)}`,
  }),
  taxAlertSentPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'TAX#SENT#' }),
  /** Who is told about the company's fiscal alerts, and how. */
  taxNotificationConfig: (companyId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: 'TAX#NOTIFCONFIG',
  }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
