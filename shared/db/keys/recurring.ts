/**
 * Key builders of the recurring invoices area, spread into `keys` by `shared/db/keys.ts` (the only
 * entry point the code imports). Company-scoped items live under `COMPANY#<companyId>`.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const recurringKeys = {
  /** A recurring invoice template of a company. */
  recurringTemplate: (companyId: string, templateId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `RECUR#TPL#${enc(templateId)}`,
  }),
  recurringTemplatePrefix: (companyId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: 'RECUR#TPL#',
  }),
  /**
   * gsi2 (sparse): active templates that still have an occurrence to generate, by that occurrence's
   * date, across every company. The daily schedule reads the due ones with ONE Query (no Scan);
   * deactivating or finishing a template removes these attributes.
   */
  recurringDue: (nextRunDate: string, companyId: string, templateId: string) => ({
    gsi2pk: 'RECURRING#DUE',
    gsi2sk: `${nextRunDate}#${enc(companyId)}#${enc(templateId)}`,
  }),
  recurringDuePartition: () => ({ gsi2pk: 'RECURRING#DUE' }),
  /**
   * The generation of one occurrence of a template: the idempotency claim (written with
   * attribute_not_exists in the transaction that writes the invoice) and the history entry.
   */
  recurringGeneration: (companyId: string, templateId: string, occurrenceDate: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `RECUR#GEN#${enc(templateId)}#${occurrenceDate}`,
  }),
  recurringGenerationPrefix: (companyId: string, templateId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: `RECUR#GEN#${enc(templateId)}#`,
  }),
  /** gsi1: a company's generations (all templates) by occurrence date, for the history and stats. */
  recurringGenerationByDate: (companyId: string, occurrenceDate: string, templateId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#RECURGENS`,
    gsi1sk: `${occurrenceDate}#${enc(templateId)}`,
  }),
  recurringGenerationByDatePartition: (companyId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#RECURGENS`,
  }),
  /** The company's recurring-invoice defaults (generation mode, days in advance, ...). */
  recurringSettings: (companyId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: 'RECUR#SETTINGS',
  }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
