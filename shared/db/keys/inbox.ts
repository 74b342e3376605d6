/**
 * Key builders of the smart inbox (issue 17 item 4), spread into `keys` by `shared/db/keys.ts`.
 * A company's inbox items live under `COMPANY#<companyId>`; the alias and the taken-in marker of a
 * raw mail are global (the worker knows neither the company nor the mail before reading them).
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const inboxKeys = {
  /** The company's inbox configuration (alias, allowed senders, sealed IMAP settings). */
  inboxConfig: (companyId: string): Key => ({ pk: `COMPANY#${enc(companyId)}`, sk: 'INBOX#CONFIG' }),
  /** gsi2: every company's inbox configuration (the IMAP poll, the admin overview). */
  inboxConfigInDirectory: (companyId: string) => ({ gsi2pk: 'INBOX#CONFIGS', gsi2sk: enc(companyId) }),
  inboxConfigDirectory: () => ({ gsi2pk: 'INBOX#CONFIGS' }),
  /** An alias is one company's (written with the configuration, attribute_not_exists). */
  inboxAlias: (alias: string): Key => ({ pk: `INBOXALIAS#${enc(alias.toLowerCase())}`, sk: 'ALIAS' }),
  /** One mail received by a company. */
  inboxEmail: (companyId: string, inboxId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `INBOX#MAIL#${enc(inboxId)}`,
  }),
  /** gsi1: a company's mails by reception time. */
  inboxEmailByDate: (companyId: string, receivedAt: string, inboxId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#INBOXMAILS`,
    gsi1sk: `${receivedAt}#${enc(inboxId)}`,
  }),
  inboxEmailByDatePartition: (companyId: string) => ({ gsi1pk: `COMPANY#${enc(companyId)}#INBOXMAILS` }),
  /** Dedupe claims, written with the mail in one transaction: by Message-ID and by the raw bytes. */
  inboxMessageIdClaim: (companyId: string, messageIdHash: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `INBOX#MSGID#${enc(messageIdHash)}`,
  }),
  inboxRawClaim: (companyId: string, sha256: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `INBOX#RAW#${enc(sha256)}`,
  }),
  /** A raw mail object taken in (or dropped: unknown recipient), so the sweep skips it. */
  inboundObject: (rawKey: string): Key => ({ pk: `INBOUND#${enc(rawKey)}`, sk: 'INBOUND' }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
