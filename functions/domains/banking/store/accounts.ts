/**
 * Bank accounts of a company (partition `BANK#<c>`, `ACCT#<accountId>`) and their IBAN claims
 * (`IBAN#<iban>`): one account per IBAN, claimed in the account's creating transaction, so two
 * concurrent creations (a form and an N43 import, two imports) never make two accounts of one IBAN.
 * Counters (`movementCount`, `unreconciledCount`) are kept by store/movements.ts in the same
 * transactions as the movements they count.
 */

import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type BankAccount, bankingMessages } from '@shared/schemas/banking';
import { bankNameOf, ibanDetails } from '../model/iban-banks';
import type { BankingDeps } from './deps';
import type { BankAccountItem } from './items';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now' | 'newId'>;

export const DEFAULT_ACCOUNTING_ACCOUNT = '572';

export interface IbanClaimItem {
  pk: string;
  sk: string;
  entity: 'BankAccountIbanClaim';
  companyId: string;
  iban: string;
  accountId: string;
  createdAt: string;
}

/** The view the API answers (the stored item without its keys). */
export function accountView(a: BankAccountItem): BankAccount {
  return {
    accountId: a.accountId,
    iban: a.iban,
    bankCode: a.bankCode,
    bankName: a.bankName,
    bic: a.bic,
    alias: a.alias,
    holderName: a.holderName,
    currency: a.currency,
    accountingAccountCode: a.accountingAccountCode,
    balanceCents: a.balanceCents,
    balanceDate: a.balanceDate,
    feed: a.feed,
    active: a.active,
    movementCount: a.movementCount,
    unreconciledCount: a.unreconciledCount,
    lastMovementDate: a.lastMovementDate,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

const stripKeys = (item: Record<string, unknown>): BankAccountItem => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as BankAccountItem;
};

export async function getAccountItem(
  deps: Deps,
  companyId: string,
  accountId: string,
): Promise<BankAccountItem | null> {
  const r = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.bankAccount(companyId, accountId),
      ConsistentRead: true,
    }),
  );
  return r.Item ? stripKeys(r.Item) : null;
}

export async function requireAccountItem(
  deps: Deps,
  companyId: string,
  accountId: string,
): Promise<BankAccountItem> {
  const a = await getAccountItem(deps, companyId, accountId);
  if (!a) throw new AppError('CORE_006', bankingMessages.accountNotFound);
  return a;
}

/** Every account of the company (one Query of the `ACCT#` prefix), by alias. */
export async function listAccountItems(deps: Deps, companyId: string): Promise<BankAccountItem[]> {
  const { pk, skPrefix } = keys.bankAccountPrefix(companyId);
  const out: BankAccountItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(r.Items ?? []).map(stripKeys));
    start = r.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => a.alias.localeCompare(b.alias, 'es'));
}

/** The account that holds this IBAN in the company, if any. */
export async function findAccountByIban(
  deps: Deps,
  companyId: string,
  iban: string,
): Promise<BankAccountItem | null> {
  const r = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.bankAccountIbanClaim(companyId, iban),
      ConsistentRead: true,
    }),
  );
  const claim = r.Item as IbanClaimItem | undefined;
  return claim ? getAccountItem(deps, companyId, claim.accountId) : null;
}

/** "CaixaBank ···1332": what an account is called until someone names it. */
export const defaultAlias = (iban: string, bankName: string | null): string =>
  `${bankName ?? 'Cuenta'} ···${iban.slice(-4)}`;

export interface NewAccount {
  iban: string;
  alias?: string;
  holderName?: string | null;
  bic?: string | null;
  currency?: string;
  accountingAccountCode?: string;
  feed?: { n43: boolean; psd2ConnectionId: string | null };
}

/**
 * Creates an account with its IBAN claim in one transaction. An invalid IBAN answers CORE_004, an IBAN
 * the company already has BANK_CONFLICT ('Ya existe una cuenta con este IBAN').
 */
export async function createAccount(
  deps: Deps,
  companyId: string,
  input: NewAccount,
): Promise<BankAccountItem> {
  const info = ibanDetails(input.iban);
  if (!info.valid) {
    throw new AppError('CORE_004', `${bankingMessages.invalidIban}: ${info.reason}`, { field: 'iban' });
  }
  const at = deps.now().toISOString();
  const accountId = deps.newId();
  const bankName = info.bankCode ? bankNameOf(info.bankCode) : null;
  const item: BankAccountItem = {
    entity: 'BankAccount',
    schemaVersion: 1,
    companyId,
    accountId,
    iban: info.iban,
    bankCode: info.bankCode,
    bankName,
    bic: input.bic ?? null,
    alias: input.alias?.trim() || defaultAlias(info.iban, bankName),
    holderName: input.holderName ?? null,
    currency: input.currency ?? 'EUR',
    accountingAccountCode: input.accountingAccountCode ?? DEFAULT_ACCOUNTING_ACCOUNT,
    balanceCents: 0,
    balanceDate: null,
    feed: input.feed ?? { n43: false, psd2ConnectionId: null },
    active: true,
    movementCount: 0,
    unreconciledCount: 0,
    lastMovementDate: null,
    createdAt: at,
    updatedAt: at,
  };
  const claim: IbanClaimItem = {
    ...keys.bankAccountIbanClaim(companyId, info.iban),
    entity: 'BankAccountIbanClaim',
    companyId,
    iban: info.iban,
    accountId,
    createdAt: at,
  };
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: deps.table, Item: claim, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: deps.table,
              Item: { ...keys.bankAccount(companyId, accountId), ...item },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (e) {
    if (isTransactionCanceled(e))
      throw new AppError('BANK_CONFLICT', bankingMessages.ibanTaken, { field: 'iban' });
    throw e;
  }
  return item;
}

/**
 * The company's account of this IBAN, created when it has none (N43 imports, PSD2 syncs). A race
 * with another creation resolves to the account that won the claim.
 */
export async function ensureAccountByIban(
  deps: Deps,
  companyId: string,
  input: NewAccount & { holderName: string | null; currency: string },
): Promise<{ account: BankAccountItem; created: boolean }> {
  const iban = ibanDetails(input.iban).iban;
  const existing = await findAccountByIban(deps, companyId, iban);
  if (existing) return { account: existing, created: false };
  try {
    return { account: await createAccount(deps, companyId, { ...input, iban }), created: true };
  } catch (e) {
    if (!(e instanceof AppError && e.code === 'BANK_CONFLICT')) throw e;
    const winner = await findAccountByIban(deps, companyId, iban);
    if (!winner) throw e;
    return { account: winner, created: false };
  }
}

export interface AccountPatch {
  alias?: string;
  accountingAccountCode?: string;
  active?: boolean;
}

export async function updateAccount(
  deps: Deps,
  companyId: string,
  accountId: string,
  patch: AccountPatch,
): Promise<BankAccountItem> {
  const sets = ['updatedAt = :at'];
  const values: Record<string, unknown> = { ':at': deps.now().toISOString() };
  const names: Record<string, string> = {};
  if (patch.alias !== undefined) {
    sets.push('alias = :alias');
    values[':alias'] = patch.alias;
  }
  if (patch.accountingAccountCode !== undefined) {
    sets.push('accountingAccountCode = :code');
    values[':code'] = patch.accountingAccountCode;
  }
  if (patch.active !== undefined) {
    sets.push('#active = :active');
    names['#active'] = 'active';
    values[':active'] = patch.active;
  }
  try {
    const r = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.bankAccount(companyId, accountId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys(r.Attributes ?? {});
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw new AppError('CORE_006', bankingMessages.accountNotFound);
    throw e;
  }
}

/** Marks how the account is fed (an N43 import, a PSD2 connection). */
export async function markAccountFeed(
  deps: Deps,
  companyId: string,
  accountId: string,
  feed: { n43: true } | { psd2ConnectionId: string | null },
): Promise<void> {
  const [path, value] = 'n43' in feed ? ['feed.n43', true] : ['feed.psd2ConnectionId', feed.psd2ConnectionId];
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.bankAccount(companyId, accountId),
      UpdateExpression: `SET ${path} = :v, updatedAt = :at`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':v': value, ':at': deps.now().toISOString() },
    }),
  );
}

/**
 * Deletes an account without movements, with its IBAN claim. An account with movements answers
 * BANK_CONFLICT (deactivate it instead: its movements feed the books and reconciliation).
 */
export async function deleteAccount(deps: Deps, companyId: string, accountId: string): Promise<void> {
  const account = await requireAccountItem(deps, companyId, accountId);
  if (account.movementCount > 0) throw new AppError('BANK_CONFLICT', bankingMessages.accountHasMovements);
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: deps.table,
              Key: keys.bankAccount(companyId, accountId),
              ConditionExpression: 'attribute_exists(pk) AND movementCount = :zero',
              ExpressionAttributeValues: { ':zero': 0 },
            },
          },
          {
            Delete: {
              TableName: deps.table,
              Key: keys.bankAccountIbanClaim(companyId, account.iban),
              ConditionExpression: 'accountId = :id',
              ExpressionAttributeValues: { ':id': accountId },
            },
          },
        ],
      }),
    );
  } catch (e) {
    if (isTransactionCanceled(e)) throw new AppError('BANK_CONFLICT', bankingMessages.accountHasMovements);
    throw e;
  }
}

/**
 * Sets the account's balance as of `balanceDate` (N43 record 33, a PSD2 balance) unless it already
 * holds a later one: an older statement imported late never moves the balance back. Same date: the
 * newer figure wins. Answers whether it was applied.
 */
export async function updateAccountBalance(
  deps: Deps,
  companyId: string,
  accountId: string,
  balanceCents: number,
  balanceDate: string,
): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.bankAccount(companyId, accountId),
        UpdateExpression: 'SET balanceCents = :b, balanceDate = :d, updatedAt = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(balanceDate) OR attribute_type(balanceDate, :null) OR balanceDate <= :d)',
        ExpressionAttributeValues: {
          ':b': balanceCents,
          ':d': balanceDate,
          ':null': 'NULL',
          ':at': deps.now().toISOString(),
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}
