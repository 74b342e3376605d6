/**
 * Norma 43 imports: parse the file (model/n43), find or create each account it carries by the IBAN
 * of its CCC (record 11; alias = bank name + last four digits), insert its movements through the
 * duplicate claims (store/movements.ts: the same file twice creates nothing the second time), move
 * the account's balance to record 33's closing balance at the period's end date, and keep one import
 * item (`BANK#<c>`, `IMPORT#<importedAt>#<importId>`) with what happened per account.
 */

import { createHash } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { ImportPage, N43ImportAccount, N43ImportResult } from '@shared/schemas/banking';
import { bankNameOf } from '../model/iban-banks';
import { n43Fingerprints } from '../model/movement-id';
import { type N43Account, parseN43 } from '../model/n43/parse';
import { defaultAlias, ensureAccountByIban, markAccountFeed, updateAccountBalance } from './accounts';
import type { BankingDeps } from './deps';
import { insertMovements, type NewMovement } from './movements';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now' | 'newId'>;

export interface BankImportItem extends N43ImportResult {
  entity: 'BankImport';
  schemaVersion: 1;
  companyId: string;
}

/** The movements of one parsed account, as the movement store takes them. */
export function n43Movements(account: N43Account): NewMovement[] {
  const fingerprints = n43Fingerprints(account.iban, account.movements);
  return account.movements.map((m, i) => ({
    bookingDate: m.bookingDate,
    valueDate: m.valueDate,
    amountCents: m.amountCents,
    currency: account.currency,
    commonConcept: m.commonConcept,
    ownConcept: m.ownConcept || null,
    documentNumber: m.documentNumber,
    reference1: m.reference1,
    reference2: m.reference2,
    conceptLines: m.conceptLines,
    description: m.description,
    counterpartyName: m.counterparty.name,
    counterpartyIban: m.counterparty.iban,
    counterpartyNif: m.counterparty.nif,
    endToEndId: m.counterparty.endToEndId,
    mandateId: m.counterparty.mandateId,
    fingerprint: fingerprints[i]!,
  }));
}

async function importAccount(
  deps: Deps,
  companyId: string,
  importId: string,
  account: N43Account,
): Promise<N43ImportAccount> {
  const { account: item, created: accountCreated } = await ensureAccountByIban(deps, companyId, {
    iban: account.iban,
    holderName: account.holderName,
    currency: account.currency,
    alias: defaultAlias(account.iban, bankNameOf(account.bankCode)),
    feed: { n43: true, psd2ConnectionId: null },
  });
  if (!item.feed.n43) await markAccountFeed(deps, companyId, item.accountId, { n43: true });
  const movements = n43Movements(account);
  const { created, duplicates } = await insertMovements(
    deps,
    companyId,
    item.accountId,
    movements,
    'N43',
    importId,
  );
  // Record 33: the balance at the end date. A balance the bank left at zero is not trusted.
  if (account.balanceChecked) {
    await updateAccountBalance(deps, companyId, item.accountId, account.closingBalanceCents, account.endDate);
  }
  return {
    accountId: item.accountId,
    iban: item.iban,
    alias: item.alias,
    accountCreated,
    fromDate: account.startDate,
    toDate: account.endDate,
    openingCents: account.openingBalanceCents,
    closingCents: account.closingBalanceCents,
    movements: movements.length,
    created,
    duplicates,
  };
}

/**
 * Imports one N43 file. Throws `N43ParseError` (line, reason) when the file is not valid: nothing is
 * written then. Accounts are imported one after the other; a retry of a file that stopped halfway
 * completes it (the claims skip what was written).
 */
export async function importN43File(
  deps: Deps,
  companyId: string,
  input: { fileName: string; bytes: Uint8Array; importedBy: string },
): Promise<N43ImportResult> {
  const parsed = parseN43(input.bytes);
  const importId = deps.newId();
  const accounts: N43ImportAccount[] = [];
  for (const account of parsed.accounts)
    accounts.push(await importAccount(deps, companyId, importId, account));
  const importedAt = deps.now().toISOString();
  const result: N43ImportResult = {
    importId,
    fileName: input.fileName,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    encoding: parsed.encoding,
    accounts,
    created: accounts.reduce((s, a) => s + a.created, 0),
    duplicates: accounts.reduce((s, a) => s + a.duplicates, 0),
    warnings: parsed.warnings,
    importedBy: input.importedBy,
    importedAt,
  };
  const item: BankImportItem = { entity: 'BankImport', schemaVersion: 1, companyId, ...result };
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: { ...keys.bankImport(companyId, importedAt, importId), ...item },
    }),
  );
  return result;
}

const toResult = (raw: Record<string, unknown>): N43ImportResult => {
  const { pk: _pk, sk: _sk, entity: _e, schemaVersion: _v, companyId: _c, ...rest } = raw;
  return rest as unknown as N43ImportResult;
};

/** The company's imports, newest first, paged by cursor. */
export async function listImports(
  deps: Deps,
  companyId: string,
  page: { limit: number; cursor?: string },
): Promise<ImportPage> {
  const { pk, skPrefix } = keys.bankImportPrefix(companyId);
  let start: Record<string, unknown> | undefined;
  if (page.cursor) {
    try {
      const k = JSON.parse(Buffer.from(page.cursor, 'base64url').toString('utf8')) as { sk?: unknown };
      if (typeof k.sk === 'string' && k.sk.startsWith(skPrefix)) start = { pk, sk: k.sk };
    } catch {
      start = undefined;
    }
  }
  const r = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: start,
    }),
  );
  const last = r.LastEvaluatedKey;
  return {
    items: (r.Items ?? []).map(toResult),
    nextCursor: last ? Buffer.from(JSON.stringify({ sk: last.sk }), 'utf8').toString('base64url') : null,
  };
}

/** When the company last imported a file (null: never). */
export async function lastImportAt(deps: Deps, companyId: string): Promise<string | null> {
  const page = await listImports(deps, companyId, { limit: 1 });
  return page.items[0]?.importedAt ?? null;
}
