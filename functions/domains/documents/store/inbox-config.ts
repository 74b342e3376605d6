/**
 * A company's smart-inbox configuration (issue 17 item 4): its alias, made once from the company's
 * name (unique through an `INBOXALIAS#<alias>` item written in the same transaction), the allowed
 * senders, and the IMAP mailbox it may also be read from (the password sealed by the secret box, like
 * certificates' passwords; it never leaves this file in clear except to log in).
 */

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getCompanies, queryAll } from '@functions/lib/directory';
import { open, type SealedSecret, seal } from '@functions/lib/secret-box';
import { isConditionalCheckFailed, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { ImapSettingsBody, InboxConfiguration, UpdateInboxConfigBody } from '@shared/schemas/inbox';
import { makeAlias } from '../model/inbox-mail';
import type { InboxDeps } from './inbox-deps';

type TableDeps = Pick<InboxDeps, 'db' | 'table' | 'now'>;

export interface StoredImap {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  folder: string;
  sealedPassword: SealedSecret;
  lastPolledAt: string | null;
  lastError: string | null;
  /** UIDVALIDITY and the highest UID taken in (the poll fetches UID > lastUid). */
  uidValidity: string | null;
  lastUid: number;
}

export interface StoredInboxConfig {
  companyId: string;
  emailAlias: string;
  enabled: boolean;
  autoProcess: boolean;
  allowedSenders: string[];
  requireAuthentication: boolean;
  imap: StoredImap | null;
  createdAt: string;
  updatedAt: string;
}

const sealContext = (companyId: string) => ({ purpose: 'inbox-imap-password', companyId });

export function configView(c: StoredInboxConfig, mailDomain: string): InboxConfiguration {
  return {
    emailAlias: c.emailAlias,
    address: `${c.emailAlias}@${mailDomain}`,
    enabled: c.enabled,
    autoProcess: c.autoProcess,
    allowedSenders: c.allowedSenders,
    requireAuthentication: c.requireAuthentication,
    imap: c.imap
      ? {
          host: c.imap.host,
          port: c.imap.port,
          secure: c.imap.secure,
          username: c.imap.username,
          folder: c.imap.folder,
          lastPolledAt: c.imap.lastPolledAt,
          lastError: c.imap.lastError,
        }
      : null,
    updatedAt: c.updatedAt,
  };
}

const fromItem = (item: Record<string, unknown>): StoredInboxConfig => ({
  companyId: String(item.companyId),
  emailAlias: String(item.emailAlias),
  enabled: item.enabled !== false,
  autoProcess: item.autoProcess !== false,
  allowedSenders: (item.allowedSenders as string[] | undefined) ?? [],
  requireAuthentication: item.requireAuthentication !== false,
  imap: (item.imap as StoredImap | null | undefined) ?? null,
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

/** The configuration, or null when the company never opened its inbox. */
export async function findInboxConfig(deps: TableDeps, companyId: string): Promise<StoredInboxConfig | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.inboxConfig(companyId), ConsistentRead: true }),
  );
  return res.Item ? fromItem(res.Item) : null;
}

/** The configuration, created with a fresh alias on first read (a lost race reads the winner's). */
export async function getOrCreateInboxConfig(deps: TableDeps, companyId: string): Promise<StoredInboxConfig> {
  const found = await findInboxConfig(deps, companyId);
  if (found) return found;
  const [company] = await getCompanies(deps, [companyId]);
  const name = company?.name ?? 'empresa';
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = deps.now().toISOString();
    const config: StoredInboxConfig = {
      companyId,
      emailAlias: makeAlias(name),
      enabled: true,
      autoProcess: true,
      allowedSenders: [],
      requireAuthentication: true,
      imap: null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: deps.table,
                Item: {
                  ...keys.inboxConfig(companyId),
                  ...keys.inboxConfigInDirectory(companyId),
                  entity: 'InboxConfig',
                  v: 1,
                  ...config,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: deps.table,
                Item: {
                  ...keys.inboxAlias(config.emailAlias),
                  entity: 'InboxAlias',
                  v: 1,
                  alias: config.emailAlias,
                  companyId,
                  createdAt: now,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return config;
    } catch (e) {
      if (!isTransactionCanceled(e)) throw e;
      // Another request created it meanwhile, or the alias is taken: read again / draw another suffix.
      const again = await findInboxConfig(deps, companyId);
      if (again) return again;
    }
  }
  throw new AppError('CONCURRENT_UPDATE');
}

/** The company that owns an alias (null: not one of ours). */
export async function companyOfAlias(deps: TableDeps, alias: string): Promise<string | null> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.inboxAlias(alias) }));
  return typeof res.Item?.companyId === 'string' ? res.Item.companyId : null;
}

export async function updateInboxConfig(
  deps: TableDeps,
  companyId: string,
  body: UpdateInboxConfigBody,
): Promise<StoredInboxConfig> {
  const current = await getOrCreateInboxConfig(deps, companyId);
  const next: StoredInboxConfig = {
    ...current,
    ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    allowedSenders: body.allowedSenders ? [...new Set(body.allowedSenders)] : current.allowedSenders,
    updatedAt: deps.now().toISOString(),
  };
  await writeConfigFields(deps, current, {
    enabled: next.enabled,
    autoProcess: next.autoProcess,
    allowedSenders: next.allowedSenders,
    requireAuthentication: next.requireAuthentication,
    updatedAt: next.updatedAt,
  });
  return next;
}

/** Stores the IMAP mailbox (the password sealed); polling starts from the mailbox's current state. */
export async function configureImap(
  deps: TableDeps,
  companyId: string,
  body: ImapSettingsBody,
  state: { uidValidity: string | null; lastUid: number },
): Promise<StoredInboxConfig> {
  const current = await getOrCreateInboxConfig(deps, companyId);
  const imap: StoredImap = {
    host: body.host,
    port: body.port,
    secure: body.secure,
    username: body.username,
    folder: body.folder,
    sealedPassword: await seal(new TextEncoder().encode(body.password), sealContext(companyId)),
    lastPolledAt: null,
    lastError: null,
    uidValidity: state.uidValidity,
    lastUid: state.lastUid,
  };
  const updatedAt = deps.now().toISOString();
  await writeConfigFields(deps, current, { imap, updatedAt });
  return { ...current, imap, updatedAt };
}

export async function openImapPassword(companyId: string, imap: StoredImap): Promise<string> {
  return (await open(imap.sealedPassword, sealContext(companyId))).toString('utf8');
}

/** Records a poll's outcome on the configuration (never the password). */
export async function recordImapPoll(
  deps: TableDeps,
  companyId: string,
  outcome: { lastPolledAt: string; lastError: string | null; uidValidity?: string | null; lastUid?: number },
): Promise<void> {
  const names: Record<string, string> = { '#i': 'imap', '#p': 'lastPolledAt', '#e': 'lastError' };
  const values: Record<string, unknown> = { ':p': outcome.lastPolledAt, ':e': outcome.lastError };
  let set = '#i.#p = :p, #i.#e = :e';
  if (outcome.uidValidity !== undefined) {
    names['#v'] = 'uidValidity';
    values[':v'] = outcome.uidValidity;
    set += ', #i.#v = :v';
  }
  if (outcome.lastUid !== undefined) {
    names['#u'] = 'lastUid';
    values[':u'] = outcome.lastUid;
    set += ', #i.#u = :u';
  }
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.inboxConfig(companyId),
        UpdateExpression: `SET ${set}`,
        ConditionExpression: 'attribute_exists(#i.host)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (e) {
    // The mailbox was removed or replaced meanwhile: nothing to record.
    if (!isConditionalCheckFailed(e)) throw e;
  }
}

async function writeConfigFields(
  deps: TableDeps,
  current: StoredInboxConfig,
  fields: Record<string, unknown>,
): Promise<void> {
  const entries = Object.entries(fields);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.inboxConfig(current.companyId),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: 'updatedAt = :read',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v])),
          ':read': current.updatedAt,
        },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw new AppError('CONCURRENT_UPDATE');
    throw e;
  }
}

/** Every company's inbox configuration (gsi2, paged through). */
export async function listInboxConfigs(deps: TableDeps): Promise<StoredInboxConfig[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': keys.inboxConfigDirectory().gsi2pk },
  });
  return items.map(fromItem);
}

/** The companies of some inbox configurations (their names for the admin's overview). */
export { getCompanies as companiesOfInboxes } from '@functions/lib/directory';
