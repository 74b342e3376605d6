/**
 * Manual entries (issue 18 item 3; spec part 2 §5 "Accounting" rules, §4 lock/unlock): created,
 * replaced and removed through the posting transaction (store/engine.ts) with source MANUAL, so
 * their ledger lines and aggregates always agree with them. Automatic entries are corrected from
 * their document (ACC_READ_ONLY); a locked entry (ACC_LOCKED) and every entry of a closed month
 * (ACC_PERIOD_CLOSED) cannot change.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import {
  accountingMessages,
  type CreateEntryBody,
  displayAccountCode,
  type EntryLineBody,
  entryLinesProblem,
  lineCents,
  MAX_ENTRY_LINES,
  type UpdateEntryBody,
} from '@shared/schemas/accounting';
import { ensureSettings, readAccounts, refsOf, requireSettings } from './chart';
import type { AccountingDeps } from './deps';
import {
  type EntryToPost,
  getEntryItem,
  isClosedDate,
  type LineToPost,
  periodClosedError,
  postEntries,
  withPostingRetries,
} from './engine';
import type { EntryItem, SettingsItem } from './items';

type Deps = Pick<AccountingDeps, 'db' | 'table' | 'now' | 'newId'>;
type CreateDeps = Deps & Pick<AccountingDeps, 'sqs' | 'queueUrl'>;

export const TOO_LARGE_TO_UPDATE = 'El asiento es demasiado grande para modificarlo';

const codeOf = (l: EntryLineBody): string => (l.accountCode ?? l.accountId)!;

/** The spec's rules on the lines (zod checked them at the edge; the store does not trust callers). */
function checkLines(body: CreateEntryBody | UpdateEntryBody, companyId: string): void {
  if (body.companyId !== undefined && body.companyId !== companyId)
    throw new AppError('CORE_004', 'El asiento es de otra empresa que la seleccionada.', {
      field: 'companyId',
    });
  if (body.lines.length > MAX_ENTRY_LINES)
    throw new AppError('CORE_004', `Un asiento no puede tener más de ${MAX_ENTRY_LINES} líneas.`, {
      field: 'lines',
    });
  const problem = entryLinesProblem(body.lines);
  if (problem)
    throw new AppError('CORE_004', problem.message, {
      field: problem.index === undefined ? 'lines' : `lines.${problem.index}`,
    });
}

/** The lines on accounts of the chart that accept entries and are active. */
async function linesToPost(
  deps: Deps,
  companyId: string,
  body: CreateEntryBody | UpdateEntryBody,
  extraCodes: string[] = [],
) {
  const codes = body.lines.map(codeOf);
  const accounts = await readAccounts(deps, companyId, [...codes, ...extraCodes]);
  const lines: LineToPost[] = body.lines.map((l, i) => {
    const code = codeOf(l);
    const field = `lines.${i}.accountId`;
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
        `La cuenta ${displayAccountCode(code)} (${a.accountName}) no admite asientos: usa una cuenta de detalle o una subcuenta.`,
        { field },
      );
    if (!a.active)
      throw new AppError(
        'CORE_004',
        `La cuenta ${displayAccountCode(code)} (${a.accountName}) está inactiva.`,
        { field },
      );
    return { accountCode: code, description: l.description ?? body.description, ...lineCents(l) };
  });
  return { lines, refs: refsOf(accounts) };
}

/** A manual entry, in the next number of its year. */
export async function createManualEntry(
  deps: CreateDeps,
  input: { companyId: string; userId: string; body: CreateEntryBody },
): Promise<{ entry: EntryItem; settings: SettingsItem }> {
  const { companyId, body } = input;
  checkLines(body, companyId);
  const entryId = `m${deps.newId()}`;
  return withPostingRetries(async () => {
    // The first entry of a company without a chart initialises the PYMES one (design "Who posts what").
    const settings = await ensureSettings(deps, companyId);
    if (isClosedDate(body.entryDate, settings.closedThrough)) throw periodClosedError();
    const { lines, refs } = await linesToPost(deps, companyId, body);
    const entry: EntryToPost = {
      entryId,
      entryDate: body.entryDate,
      documentDate: null,
      description: body.description,
      source: 'MANUAL',
      kind: 'NORMAL',
      document: null,
      reversalOf: null,
      lines,
      createdBy: input.userId,
      sourceKey: null,
    };
    const res = await postEntries(deps, companyId, {
      entries: [entry],
      closedThrough: settings.closedThrough,
      accounts: refs,
    });
    if (res.outcome !== 'posted') throw new Error('A manual entry has no posting state');
    return { entry: res.entries[0]!, settings };
  });
}

/** The stored entry a person may change: it exists, is manual, unlocked, and its month is open. */
async function changeableEntry(deps: Deps, companyId: string, entryId: string, settings: SettingsItem) {
  const entry = await getEntryItem(deps, companyId, entryId);
  if (!entry) throw new AppError('CORE_006', 'El asiento no existe.');
  if (entry.source !== 'MANUAL') throw new AppError('ACC_READ_ONLY', accountingMessages.automaticEntry);
  if (entry.locked) throw new AppError('ACC_LOCKED', accountingMessages.locked);
  if (isClosedDate(entry.entryDate, settings.closedThrough)) throw periodClosedError();
  return entry;
}

/** Replaces a manual entry's date, description and lines (lines and aggregates in one transaction). */
export async function updateManualEntry(
  deps: Deps,
  input: { companyId: string; entryId: string; body: UpdateEntryBody },
): Promise<{ entry: EntryItem; settings: SettingsItem }> {
  const { companyId, body } = input;
  checkLines(body, companyId);
  return withPostingRetries(async () => {
    const settings = await requireSettings(deps, companyId);
    const current = await changeableEntry(deps, companyId, input.entryId, settings);
    if (isClosedDate(body.entryDate, settings.closedThrough)) throw periodClosedError();
    const { lines, refs } = await linesToPost(
      deps,
      companyId,
      body,
      current.lines.map((l) => l.accountCode),
    );
    const sameYear = current.fiscalYear === Number(body.entryDate.slice(0, 4));
    const res = await postEntries(deps, companyId, {
      entries: [
        {
          entryId: current.entryId,
          ...(sameYear ? { entryNumber: current.entryNumber } : {}),
          entryDate: body.entryDate,
          documentDate: null,
          description: body.description,
          source: 'MANUAL',
          kind: 'NORMAL',
          document: null,
          reversalOf: null,
          lines,
          createdBy: current.createdBy,
          createdAt: current.createdAt,
          sourceKey: null,
        },
      ],
      removed: [current],
      closedThrough: settings.closedThrough,
      accounts: refs,
      tooLargeMessage: TOO_LARGE_TO_UPDATE,
    });
    if (res.outcome !== 'posted') throw new Error('A manual entry has no posting state');
    return { entry: res.entries[0]!, settings };
  });
}

/** Removes a manual entry with its ledger lines and what it added to the aggregates. */
export async function deleteManualEntry(
  deps: Deps,
  input: { companyId: string; entryId: string },
): Promise<void> {
  const { companyId } = input;
  await withPostingRetries(async () => {
    const settings = await requireSettings(deps, companyId);
    const current = await changeableEntry(deps, companyId, input.entryId, settings);
    const accounts = await readAccounts(
      deps,
      companyId,
      current.lines.map((l) => l.accountCode),
    );
    // An account deleted since (never: accounts with lines cannot be deleted) still rolls up by its code.
    const refs = refsOf(accounts);
    for (const l of current.lines)
      if (!refs.has(l.accountCode))
        refs.set(l.accountCode, { accountName: l.accountName, subAccountOf: null });
    await postEntries(deps, companyId, {
      entries: [],
      removed: [current],
      closedThrough: settings.closedThrough,
      accounts: refs,
      tooLargeMessage: 'El asiento es demasiado grande para eliminarlo',
    });
  });
}

/**
 * Locks or unlocks an entry (any source: a locked automatic entry is one the accountant has
 * reviewed). Idempotent. Nothing in a closed month changes, its lock included.
 */
export async function setEntryLock(
  deps: Deps,
  input: { companyId: string; entryId: string; userId: string; locked: boolean },
): Promise<{ entry: EntryItem; settings: SettingsItem }> {
  const { companyId, entryId } = input;
  return withPostingRetries(async () => {
    const settings = await requireSettings(deps, companyId);
    const entry = await getEntryItem(deps, companyId, entryId);
    if (!entry) throw new AppError('CORE_006', 'El asiento no existe.');
    if (isClosedDate(entry.entryDate, settings.closedThrough)) throw periodClosedError();
    if (entry.locked === input.locked) return { entry, settings };
    const at = deps.now().toISOString();
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.journalEntry(companyId, entryId),
        UpdateExpression: 'SET locked = :locked, lockedAt = :at, lockedBy = :by, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND updatedAt = :u',
        ExpressionAttributeValues: {
          ':locked': input.locked,
          ':at': input.locked ? at : null,
          ':by': input.locked ? input.userId : null,
          ':now': at,
          ':u': entry.updatedAt,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { entry: stripKeys(res.Attributes ?? {}) as unknown as EntryItem, settings };
  });
}
