/**
 * The company's chart of accounts (issue 18 item 1): the PGC accounts written once from the chart's
 * data, the settings (which account each document goes to), and the sub-accounts: a customer's,
 * supplier's or creditor's own (430/400/410 + sequence) created on first use and claimed once, and
 * those a person creates under a PGC account that accepts entries, and the chart's own sub-accounts
 * of 4751, one per withholding return (model/chart/withholding-accounts.ts: written with the chart,
 * or on first use for a chart initialised before them; their codes are never generated for others).
 * PGC accounts are never edited nor deleted (RD 1514/2007 and RD 1515/2007, cuarta parte: the
 * cuadro de cuentas is the PGC's).
 */

import { SendMessageCommand } from '@aws-sdk/client-sqs';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import {
  type Account,
  type AccountParty,
  accountingMessages,
  accountTypeLabels,
  type ChartType,
  type CreateAccountBody,
  displayAccountCode,
  type GeneratedCode,
  type InitializeChartResult,
  type UpdateAccountBody,
  type UpdateSettingsBody,
} from '@shared/schemas/accounting';
import { type ChartAccountDef, chartAccount, chartDefinition, subAccountCode } from '../model/chart';
import {
  isReservedSubAccountCode,
  WITHHOLDING_SUB_ACCOUNTS,
  type WithholdingSubAccountDef,
  withholdingSubAccount,
} from '../model/chart/withholding-accounts';
import { DEFAULT_POSTING_SETTINGS } from '../model/postings';
import type { AccountingDeps } from './deps';
import type { AccountRef } from './engine';
import { type AccountItem, ENTITY, type PartyAccountItem, type SettingsItem } from './items';

type TableDeps = Pick<AccountingDeps, 'db' | 'table'>;
type Deps = Pick<AccountingDeps, 'db' | 'table' | 'now'>;

/** The message that starts (or continues) a company's backfill on the accounting queue. */
export interface BackfillMessage {
  kind: 'ACCOUNTING_BACKFILL';
  companyId: string;
  stage: 'INVOICES' | 'RECEIVED';
  cursor: string | null;
}

const BATCH_GET_MAX = 100;
const BATCH_WRITE_MAX = 25;
const MAX_UNPROCESSED_ROUNDS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The company's accounting settings (consistent read); null before the chart is initialised. */
export async function getSettings(
  deps: Pick<AccountingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<SettingsItem | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.accountingSettings(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as SettingsItem) : null;
}

// --- accounts: reads ------------------------------------------------------------------------------------

/** The stored accounts of these codes (BatchGet, consistent), by code. */
export async function readAccounts(
  deps: TableDeps,
  companyId: string,
  codes: Iterable<string>,
): Promise<Map<string, AccountItem>> {
  const out = new Map<string, AccountItem>();
  const unique = [...new Set(codes)];
  for (let i = 0; i < unique.length; i += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] | undefined = unique
      .slice(i, i + BATCH_GET_MAX)
      .map((code) => keys.account(companyId, code));
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('BatchGet kept returning unprocessed keys');
      if (round > 0) await sleep(Math.min(50 * 2 ** round, 1000));
      const res: BatchGetCommandOutput = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) {
        const a = stripKeys(item) as unknown as AccountItem;
        out.set(a.accountCode, a);
      }
      pending = res.UnprocessedKeys?.[deps.table]?.Keys;
    }
  }
  return out;
}

export async function getAccount(
  deps: TableDeps,
  companyId: string,
  code: string,
): Promise<AccountItem | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.account(companyId, code), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as AccountItem) : null;
}

/** What the posting transaction needs of each account (name, roll-up), from the stored chart. */
export function refsOf(accounts: ReadonlyMap<string, AccountItem>): Map<string, AccountRef> {
  const refs = new Map<string, AccountRef>();
  for (const [code, a] of accounts)
    refs.set(code, {
      accountName: a.accountName,
      subAccountOf: a.level === 'SUBACCOUNT' ? a.parentCode : null,
    });
  return refs;
}

/** True when the account has any line in its ledger (one Query, Limit 1). */
export async function accountHasEntries(deps: TableDeps, companyId: string, code: string): Promise<boolean> {
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ledgerLinePartition(companyId, code).pk },
      Limit: 1,
      ProjectionExpression: 'pk',
    }),
  );
  return (res.Items?.length ?? 0) > 0;
}

export function accountView(a: AccountItem, hasEntries: boolean): Account {
  const { companyId: _companyId, ...rest } = a;
  return {
    ...rest,
    displayCode: displayAccountCode(a.accountCode),
    typeLabel: accountTypeLabels[a.type],
    hasEntries,
  };
}

// --- initialising the chart ---------------------------------------------------------------------------

export const accountItemOf = (companyId: string, def: ChartAccountDef, at: string): AccountItem => ({
  companyId,
  accountId: def.code,
  accountCode: def.code,
  accountName: def.name,
  type: def.type,
  categoryCode: def.categoryCode,
  level: def.level,
  parentCode: def.parentCode,
  isPgc: true,
  acceptsEntries: def.acceptsEntries,
  active: true,
  party: null,
  createdAt: at,
  updatedAt: at,
});

export const storedAccount = (a: AccountItem) => ({
  ...keys.account(a.companyId, a.accountCode),
  entity: ENTITY.account,
  v: SCHEMA_VERSION,
  ...a,
});

/** The settings a chart starts with (the model's default accounts, nothing closed). */
export function defaultSettings(companyId: string, chartType: ChartType, at: string): SettingsItem {
  return {
    companyId,
    chartType,
    initializedAt: at,
    ...DEFAULT_POSTING_SETTINGS,
    categoryAccounts: { ...DEFAULT_POSTING_SETTINGS.categoryAccounts },
    supplierAccounts: { ...DEFAULT_POSTING_SETTINGS.supplierAccounts },
    closedThrough: null,
    closedYears: [],
    backfilledAt: null,
    updatedAt: at,
  };
}

async function storedAccountCodes(deps: TableDeps, companyId: string): Promise<Set<string>> {
  const k = keys.accountPrefix(companyId);
  const items = await queryPrefix(deps, k, { ConsistentRead: true });
  return new Set(items.map((i) => String(i.accountCode)));
}

async function batchPut(deps: TableDeps, items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_WRITE_MAX) {
    let pending: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = items
      .slice(i, i + BATCH_WRITE_MAX)
      .map((Item) => ({ PutRequest: { Item } }));
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('BatchWrite kept returning unprocessed items');
      if (round > 0) await sleep(Math.min(50 * 2 ** round, 1000));
      const res = await deps.db.send(new BatchWriteCommand({ RequestItems: { [deps.table]: pending } }));
      pending = res.UnprocessedItems?.[deps.table] as typeof pending;
    }
  }
}

/** Queues (the next page of) a company's backfill on the accounting queue. */
export async function queueBackfill(
  deps: Pick<AccountingDeps, 'sqs' | 'queueUrl'>,
  message: Omit<BackfillMessage, 'kind'>,
): Promise<void> {
  const body: BackfillMessage = { kind: 'ACCOUNTING_BACKFILL', ...message };
  await deps.sqs.send(new SendMessageCommand({ QueueUrl: deps.queueUrl, MessageBody: JSON.stringify(body) }));
}

/**
 * The chart's own sub-accounts (the 4751 ones of each withholding return) a chart starts with, under
 * its definition's parent.
 */
function chartSubAccounts(
  companyId: string,
  definition: readonly ChartAccountDef[],
  at: string,
): AccountItem[] {
  return WITHHOLDING_SUB_ACCOUNTS.flatMap((d) => {
    const parent = definition.find((p) => p.code === d.parentCode);
    return parent ? [withholdingAccountItem(companyId, accountItemOf(companyId, parent, at), d, at)] : [];
  });
}

/**
 * Writes every PGC account of the chart the company does not have yet, and the chart's own
 * sub-accounts of 4751 (BatchWrite of the missing ones only: a sub-account is never overwritten,
 * and initialising twice writes nothing), then the settings (conditional: a concurrent
 * initialisation keeps the first), then queues the backfill of the documents already stored. The settings are written last: their presence says the chart is whole.
 */
export async function initializeChart(
  deps: Pick<AccountingDeps, 'db' | 'table' | 'now' | 'sqs' | 'queueUrl'>,
  companyId: string,
  chartType: ChartType,
  options: { queueBackfill: boolean } = { queueBackfill: true },
): Promise<InitializeChartResult & { settings: SettingsItem }> {
  const existing = await getSettings(deps, companyId);
  const definition = chartDefinition(existing?.chartType ?? chartType);
  if (existing) {
    const stored = await storedAccountCodes(deps, companyId);
    return {
      chartType: existing.chartType,
      created: 0,
      totalAccounts: stored.size,
      alreadyInitialized: true,
      backfillQueued: false,
      settings: existing,
    };
  }
  const at = deps.now().toISOString();
  const stored = await storedAccountCodes(deps, companyId);
  const missing = [
    ...definition.map((d) => accountItemOf(companyId, d, at)),
    ...chartSubAccounts(companyId, definition, at),
  ].filter((a) => !stored.has(a.accountCode));
  await batchPut(deps, missing.map(storedAccount));
  const settings = defaultSettings(companyId, chartType, at);
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: {
          ...keys.accountingSettings(companyId),
          entity: ENTITY.settings,
          v: SCHEMA_VERSION,
          ...settings,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (e) {
    if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
    const winner = (await getSettings(deps, companyId))!;
    return {
      chartType: winner.chartType,
      created: missing.length,
      totalAccounts: stored.size + missing.length,
      alreadyInitialized: true,
      backfillQueued: false,
      settings: winner,
    };
  }
  if (options.queueBackfill) await queueBackfill(deps, { companyId, stage: 'INVOICES', cursor: null });
  return {
    chartType,
    created: missing.length,
    totalAccounts: stored.size + missing.length,
    alreadyInitialized: false,
    backfillQueued: options.queueBackfill,
    settings,
  };
}

/**
 * The company's settings; the first posting of a company without them initialises the PYMES chart
 * (design "Who posts what") and, unless the posting is the backfill itself, queues the backfill.
 */
export async function ensureSettings(
  deps: Pick<AccountingDeps, 'db' | 'table' | 'now' | 'sqs' | 'queueUrl'>,
  companyId: string,
  options: { queueBackfill: boolean } = { queueBackfill: true },
): Promise<SettingsItem> {
  const settings = await getSettings(deps, companyId);
  if (settings) return settings;
  return (await initializeChart(deps, companyId, 'PYMES', options)).settings;
}

/** The settings, or 404 when the chart was never initialised. */
export async function requireSettings(deps: TableDeps, companyId: string): Promise<SettingsItem> {
  const settings = await getSettings(deps, companyId);
  if (!settings)
    throw new AppError(
      'CORE_006',
      'La contabilidad de la empresa no está inicializada: inicializa el plan de cuentas.',
    );
  return settings;
}

// --- sub-accounts -----------------------------------------------------------------------------------------

/** Gives the next sequence number under a PGC account (an ADD: never the same number twice). */
async function nextSequence(deps: Deps, companyId: string, parentCode: string): Promise<number> {
  const res = await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.subAccountCounter(companyId, parentCode),
      UpdateExpression: 'SET entity = :e, v = :v, companyId = :c, parentCode = :p ADD #last :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: {
        ':e': ENTITY.subAccountCounter,
        ':v': SCHEMA_VERSION,
        ':c': companyId,
        ':p': parentCode,
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.last);
}

const MAX_CODE_ATTEMPTS = 20;

function subAccountItem(
  companyId: string,
  parent: AccountItem,
  code: string,
  name: string,
  party: AccountParty | null,
  at: string,
): AccountItem {
  return {
    companyId,
    accountId: code,
    accountCode: code,
    accountName: name,
    type: parent.type,
    categoryCode: parent.categoryCode,
    level: 'SUBACCOUNT',
    parentCode: parent.accountCode,
    isPgc: false,
    acceptsEntries: true,
    active: true,
    party,
    createdAt: at,
    updatedAt: at,
  };
}

/** A PGC account sub-accounts may hang from: stored, of the PGC, accepting entries. */
async function requireParent(deps: TableDeps, companyId: string, parentCode: string): Promise<AccountItem> {
  const parent = await getAccount(deps, companyId, parentCode);
  if (!parent)
    throw new AppError(
      'CORE_004',
      `La cuenta ${displayAccountCode(parentCode)} no existe en el plan de cuentas.`,
      {
        field: 'parentCode',
      },
    );
  if (!parent.isPgc || !parent.acceptsEntries)
    throw new AppError(
      'CORE_004',
      `La cuenta ${displayAccountCode(parentCode)} no admite subcuentas: elige una cuenta del PGC que admita asientos.`,
      { field: 'parentCode' },
    );
  return parent;
}

/** The party's sub-account from its claim, or null when it has none yet. */
async function claimedCode(
  deps: TableDeps,
  companyId: string,
  kind: string,
  partyKey: string,
): Promise<string | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.partyAccount(companyId, kind, partyKey),
      ConsistentRead: true,
    }),
  );
  return res.Item ? String((res.Item as unknown as PartyAccountItem).accountCode) : null;
}

/** Writes an account unless one with its code exists (then answers false). */
async function putIfAbsent(deps: TableDeps, account: AccountItem): Promise<boolean> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: storedAccount(account),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (e) {
    if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
    return false;
  }
}

/**
 * A PGC account of the company's chart, written from the PGC data when the chart lacks it (a chart
 * initialised before it was in the data; a conditional Put: never over the stored one).
 */
async function ensurePgcAccount(deps: Deps, companyId: string, code: string): Promise<AccountItem> {
  const stored = await getAccount(deps, companyId, code);
  if (stored) return stored;
  const def = chartAccount(code);
  if (!def) throw new Error(`Account ${code} is not in the PGC`);
  const account = accountItemOf(companyId, def, deps.now().toISOString());
  if (await putIfAbsent(deps, account)) return account;
  return (await getAccount(deps, companyId, code)) ?? account;
}

/** The item of one of the chart's withholding sub-accounts (47510111...) under its stored parent (4751). */
export function withholdingAccountItem(
  companyId: string,
  parent: AccountItem,
  def: WithholdingSubAccountDef,
  at: string,
): AccountItem {
  return subAccountItem(companyId, parent, def.code, def.name, null, at);
}

/**
 * One of the chart's withholding sub-accounts of 4751 (`withholdingSubAccount(code)`), as stored;
 * written on first use when the chart was initialised before it existed (a conditional Put of the
 * account, its parent written first if the chart lacks it: idempotent, and two postings at once write
 * it once). Null for a code that is not one of them.
 */
export async function ensureWithholdingAccount(
  deps: Deps,
  companyId: string,
  code: string,
): Promise<AccountItem | null> {
  const def = withholdingSubAccount(code);
  if (!def) return null;
  const stored = await getAccount(deps, companyId, code);
  if (stored) return stored;
  const parent = await ensurePgcAccount(deps, companyId, def.parentCode);
  const account = withholdingAccountItem(companyId, parent, def, deps.now().toISOString());
  if (await putIfAbsent(deps, account)) return account;
  return (await getAccount(deps, companyId, code)) ?? account;
}

/**
 * The sub-account of a customer, supplier or creditor under `parentCode` (4300, 4000, 4100), created
 * on first use: the claim (`keys.partyAccount`) and the account are written together, each
 * conditioned on not existing, so two postings of the same party never create two accounts; the one
 * that loses reads the winner's claim. A code taken by an account a person created is skipped.
 */
export async function ensurePartyAccount(
  deps: Deps,
  companyId: string,
  parentCode: string,
  party: AccountParty,
): Promise<string> {
  const claimed = await claimedCode(deps, companyId, party.kind, party.partyKey);
  if (claimed) return claimed;
  const parent = await ensurePgcAccount(deps, companyId, parentCode);
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const code = subAccountCode(parentCode, await nextSequence(deps, companyId, parentCode));
    if (isReservedSubAccountCode(code)) continue;
    const at = deps.now().toISOString();
    const claim: PartyAccountItem = {
      companyId,
      kind: party.kind,
      partyKey: party.partyKey,
      accountCode: code,
    };
    const account = subAccountItem(companyId, parent, code, party.name, party, at);
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: deps.table,
                Item: {
                  ...keys.partyAccount(companyId, party.kind, party.partyKey),
                  entity: ENTITY.partyAccount,
                  v: SCHEMA_VERSION,
                  ...claim,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: deps.table,
                Item: storedAccount(account),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return code;
    } catch (e) {
      if (!isTransactionCanceled(e)) throw e;
      if (failedConditionAt(e, 0)) {
        const winner = await claimedCode(deps, companyId, party.kind, party.partyKey);
        if (winner) return winner;
      }
      // The code was taken (an account created by hand) or the transaction met another: next number.
    }
  }
  throw new Error(`No free sub-account code under ${parentCode} after ${MAX_CODE_ATTEMPTS} attempts`);
}

/**
 * The next free code under a PGC account, without taking it (`generate-code`): codes of existing
 * accounts and those the chart keeps for its own sub-accounts (4751 ones: 47510111...) are skipped.
 */
export async function generateSubAccountCode(
  deps: Deps,
  companyId: string,
  parentCode: string,
): Promise<GeneratedCode> {
  await requireParent(deps, companyId, parentCode);
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.subAccountCounter(companyId, parentCode),
      ConsistentRead: true,
    }),
  );
  let seq = Number(res.Item?.last ?? 0);
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    seq += 1;
    const code = subAccountCode(parentCode, seq);
    if (isReservedSubAccountCode(code)) continue;
    if (!(await getAccount(deps, companyId, code)))
      return { parentCode, accountCode: code, displayCode: displayAccountCode(code) };
  }
  throw new AppError('CORE_004', 'No se ha encontrado un código libre bajo esta cuenta.', {
    field: 'parentCode',
  });
}

/** A sub-account a person creates under a PGC account that accepts entries (code given or the next free one). */
export async function createSubAccount(
  deps: Deps,
  companyId: string,
  body: CreateAccountBody,
): Promise<AccountItem> {
  const parent = await requireParent(deps, companyId, body.parentCode);
  const at = deps.now().toISOString();
  if (body.accountCode !== undefined) {
    const code = body.accountCode;
    if (!code.startsWith(parent.accountCode) || code.length <= parent.accountCode.length)
      throw new AppError(
        'CORE_004',
        `El código de la subcuenta debe empezar por ${parent.accountCode} y ser más largo que él.`,
        { field: 'accountCode' },
      );
    const reserved = withholdingSubAccount(code);
    if (reserved)
      throw new AppError(
        'CORE_004',
        `El código ${displayAccountCode(code)} está reservado a la subcuenta de las retenciones del modelo ${reserved.model}.`,
        { field: 'accountCode' },
      );
    const account = subAccountItem(companyId, parent, code, body.accountName, null, at);
    try {
      await deps.db.send(
        new PutCommand({
          TableName: deps.table,
          Item: storedAccount(account),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (e) {
      if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
      throw new AppError('CORE_004', `Ya existe una cuenta con el código ${displayAccountCode(code)}.`, {
        field: 'accountCode',
      });
    }
    return account;
  }
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const code = subAccountCode(parent.accountCode, await nextSequence(deps, companyId, parent.accountCode));
    if (isReservedSubAccountCode(code)) continue;
    const account = subAccountItem(companyId, parent, code, body.accountName, null, at);
    try {
      await deps.db.send(
        new PutCommand({
          TableName: deps.table,
          Item: storedAccount(account),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return account;
    } catch (e) {
      if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
    }
  }
  throw new AppError('CORE_004', 'No se ha encontrado un código libre bajo esta cuenta.', {
    field: 'parentCode',
  });
}

async function requireSubAccount(deps: TableDeps, companyId: string, code: string): Promise<AccountItem> {
  const account = await getAccount(deps, companyId, code);
  if (!account) throw new AppError('CORE_006', 'La cuenta no existe.');
  if (account.isPgc) throw new AppError('ACC_READ_ONLY', accountingMessages.pgcAccountReadOnly);
  return account;
}

/** Name and active flag of a sub-account; PGC accounts are read-only. */
export async function updateSubAccount(
  deps: Deps,
  companyId: string,
  code: string,
  body: UpdateAccountBody,
): Promise<AccountItem> {
  const account = await requireSubAccount(deps, companyId, code);
  const next: AccountItem = {
    ...account,
    ...(body.accountName !== undefined ? { accountName: body.accountName } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
    updatedAt: deps.now().toISOString(),
  };
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: storedAccount(next),
      ConditionExpression: 'attribute_exists(pk) AND updatedAt = :u',
      ExpressionAttributeValues: { ':u': account.updatedAt },
    }),
  );
  return next;
}

/** Removes a sub-account without entries (and its party claim); PGC accounts are read-only. */
export async function deleteSubAccount(deps: Deps, companyId: string, code: string): Promise<void> {
  const account = await requireSubAccount(deps, companyId, code);
  if (await accountHasEntries(deps, companyId, code))
    throw new AppError('ACC_READ_ONLY', 'La cuenta tiene apuntes en el diario y no se puede eliminar.');
  const claim = account.party
    ? [
        {
          Delete: {
            TableName: deps.table,
            Key: keys.partyAccount(companyId, account.party.kind, account.party.partyKey),
          },
        },
      ]
    : [];
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: deps.table,
            Key: keys.account(companyId, code),
            ConditionExpression: 'updatedAt = :u',
            ExpressionAttributeValues: { ':u': account.updatedAt },
          },
        },
        ...claim,
      ],
    }),
  );
}

// --- settings ------------------------------------------------------------------------------------------

const SETTINGS_ACCOUNT_FIELDS = [
  'revenueGoodsAccount',
  'revenueServicesAccount',
  'defaultExpenseAccount',
  'goodsPurchaseAccount',
  'investmentGoodsAccount',
  'bankAccount',
  'cashAccount',
] as const;

/** Which account each document goes to: every code must be an account of the chart that accepts entries. */
export async function updateAccountingSettings(
  deps: Deps,
  companyId: string,
  body: UpdateSettingsBody,
): Promise<SettingsItem> {
  await requireSettings(deps, companyId);
  const wanted: [field: string, code: string][] = [
    ...SETTINGS_ACCOUNT_FIELDS.flatMap((f) =>
      body[f] !== undefined ? [[f, body[f]!] as [string, string]] : [],
    ),
    ...Object.entries(body.categoryAccounts ?? {}).map(
      ([k, c]) => [`categoryAccounts.${k}`, c] as [string, string],
    ),
    ...Object.entries(body.supplierAccounts ?? {}).map(
      ([k, c]) => [`supplierAccounts.${k}`, c] as [string, string],
    ),
  ];
  const accounts = await readAccounts(
    deps,
    companyId,
    wanted.map(([, c]) => c),
  );
  for (const [field, code] of wanted) {
    const a = accounts.get(code);
    if (!a)
      throw new AppError(
        'CORE_004',
        `La cuenta ${displayAccountCode(code)} no existe en el plan de cuentas.`,
        { field },
      );
    if (!a.acceptsEntries)
      throw new AppError(
        'CORE_004',
        `La cuenta ${displayAccountCode(code)} no admite asientos: elige una cuenta de detalle o una subcuenta.`,
        { field },
      );
  }
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const at = deps.now().toISOString();
  // Only the mapping fields are set: a period closed meanwhile is kept as it is.
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': at };
  const sets = ['updatedAt = :now'];
  Object.entries(changes).forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    sets.push(`#f${i} = :f${i}`);
  });
  const res = await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.accountingSettings(companyId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return stripKeys(res.Attributes ?? {}) as unknown as SettingsItem;
}

// --- expense categories' own accounts ------------------------------------------------------------------

/**
 * The account of the chart a category's own PGC account (`pgcAccount`, 3 to 10 digits of group 6)
 * posts to, deterministically and never failing: the account itself when the chart has it and it
 * accepts entries (a PGC account, or a sub-account a person created); for a PGC parent with children
 * (630 -> 6300), its first account that accepts entries; for a code the chart lacks (6290, 62955),
 * its nearest account above that accepts entries (629); else `fallback` (the settings' 629).
 * `stored` holds the company's accounts read for the code and its prefixes.
 */
export function postableExpenseAccount(
  code: string,
  stored: ReadonlyMap<string, Pick<AccountItem, 'acceptsEntries' | 'active'>>,
  chartType: ChartType,
  fallback: string,
): string {
  const accepts = (c: string): boolean => {
    const a = stored.get(c);
    if (a) return a.acceptsEntries && a.active;
    return chartAccount(c, chartType)?.acceptsEntries ?? false;
  };
  if (accepts(code)) return code;
  if (stored.has(code) || chartAccount(code, chartType)) {
    const child = chartDefinition(chartType).find(
      (d) => d.acceptsEntries && d.code.length > code.length && d.code.startsWith(code),
    );
    if (child) return child.code;
  }
  for (let l = code.length - 1; l >= 3; l--) {
    if (accepts(code.slice(0, l))) return code.slice(0, l);
  }
  return fallback;
}

/**
 * Each of the company's expense categories with its own PGC account resolved to an account of its
 * chart that accepts entries (`postableExpenseAccount`): one Query of the categories (the expense
 * categories' items, `keys.expenseCategory`, read here: domains never import each other) and one
 * BatchGet of the codes and their prefixes. Deleted categories keep theirs: an invoice may still
 * name one.
 */
export async function categoryDefaultAccounts(
  deps: TableDeps,
  companyId: string,
  settings: Pick<SettingsItem, 'chartType' | 'defaultExpenseAccount'>,
): Promise<Record<string, string>> {
  const items = await queryPrefix(deps, keys.expenseCategoryPrefix(companyId), { ConsistentRead: true });
  const wanted = new Map<string, string>();
  for (const i of items) {
    const { categoryId, pgcAccount } = stripKeys(i) as { categoryId?: unknown; pgcAccount?: unknown };
    if (typeof categoryId === 'string' && typeof pgcAccount === 'string' && /^\d{1,10}$/.test(pgcAccount))
      wanted.set(categoryId, pgcAccount);
  }
  if (wanted.size === 0) return {};
  const codes = new Set<string>();
  for (const code of wanted.values()) for (let l = 3; l <= code.length; l++) codes.add(code.slice(0, l));
  const stored = await readAccounts(deps, companyId, codes);
  const out: Record<string, string> = {};
  for (const [categoryId, code] of wanted)
    out[categoryId] = postableExpenseAccount(
      code,
      stored,
      settings.chartType,
      settings.defaultExpenseAccount,
    );
  return out;
}
