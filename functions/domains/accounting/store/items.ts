/**
 * What accounting stores (issue 18): the shape of each item, shared by the writers (engine, chart,
 * periods) and the readers (queries). Keys come from `shared/db/keys/accounting.ts`; every item also
 * carries `entity` and `v` (SCHEMA_VERSION). Money in integer céntimos.
 */

import type { AggregateKind, AggregateLevel } from '@shared/db/keys/accounting';
import type {
  Account,
  AccountingSettings,
  EntryKind,
  EntrySource,
  JournalEntry,
} from '@shared/schemas/accounting';

export const ENTITY = {
  settings: 'AccountingSettings',
  backfill: 'AccountingBackfill',
  account: 'Account',
  partyAccount: 'AccountParty',
  subAccountCounter: 'SubAccountCounter',
  entry: 'JournalEntry',
  entryCounter: 'EntryNumberCounter',
  documentPosting: 'DocumentPosting',
  ledgerLine: 'LedgerLine',
  aggregate: 'LedgerAggregate',
} as const;

/** `keys.accountingSettings`: the settings as the API shows them. */
export type SettingsItem = AccountingSettings;

/** `keys.account`: an account without what is computed at read time (`hasEntries`, `displayCode`, `typeLabel`). */
export type AccountItem = Omit<Account, 'hasEntries' | 'displayCode' | 'typeLabel'> & { companyId: string };

/** `keys.partyAccount`: the sub-account claimed for one party. */
export interface PartyAccountItem {
  companyId: string;
  kind: string;
  partyKey: string;
  accountCode: string;
}

/** `keys.subAccountCounter`: `last` = the last sequence number given under `parentCode`. */
export interface SubAccountCounterItem {
  companyId: string;
  parentCode: string;
  last: number;
}

/** A stored line: the account's name as it was when posted. */
export interface StoredLine {
  lineNumber: number;
  accountCode: string;
  accountName: string;
  description: string;
  debitCents: number;
  creditCents: number;
}

/**
 * `keys.journalEntry` (+ `keys.journalByDate` on gsi1): an entry. `periodClosed` and the lines'
 * `accountId`/`displayCode`/euro amounts are computed when read.
 */
export type EntryItem = Omit<JournalEntry, 'lines' | 'periodClosed' | 'totalDebit' | 'totalCredit'> & {
  companyId: string;
  lines: StoredLine[];
  /** The automatic posting this entry belongs to (`DocumentPostingItem.sourceKey`), null for manual/closing ones. */
  sourceKey: string | null;
  /** CLOSING/OPENING/REGULARIZATION entries write their ledger lines after the entry: true once all are written. */
  ledgerComplete: boolean;
};

/** `keys.entryNumberCounter`. */
export interface EntryCounterItem {
  companyId: string;
  year: number;
  last: number;
}

/** A net posted amount on one account (what a document has in the books now). */
export interface NetLine {
  accountCode: string;
  debitCents: number;
  creditCents: number;
}

/** `keys.documentPosting`: what is posted for one source document. */
export interface DocumentPostingItem {
  companyId: string;
  sourceKey: string;
  version: number;
  /** Net lines in effect (after every reversal), by account and side; empty when nothing is posted. */
  lines: NetLine[];
  /** Every entry posted for it, oldest first. */
  entryIds: string[];
  /** The date of the entry that holds `lines` (a reversal takes it), null when nothing is posted. */
  entryDate: string | null;
  updatedAt: string;
}

/** `keys.ledgerLine`: one line of one entry, in its account's ledger. */
export interface LedgerLineItem {
  companyId: string;
  accountCode: string;
  entryId: string;
  entryNumber: number;
  entryDate: string;
  lineNumber: number;
  description: string;
  source: EntrySource;
  kind: EntryKind;
  debitCents: number;
  creditCents: number;
}

/** `keys.ledgerAggregate`: sums of one account in one month for one entry kind (ADDed by each posting). */
export interface AggregateItem {
  companyId: string;
  year: number;
  month: number;
  level: AggregateLevel;
  kind: AggregateKind;
  accountCode: string;
  debitCents: number;
  creditCents: number;
  count: number;
}

/** `keys.accountingBackfill`: the backfill's progress. */
export interface BackfillItem {
  companyId: string;
  /** The rules version the backfill ran with (`BACKFILL_RULES_VERSION`): a new version backfills again. */
  rulesVersion: number;
  startedAt: string;
  finishedAt: string | null;
  posted: number;
  skipped: number;
}
