/**
 * DynamoDB access for the tax profile (`keys.taxProfile`, in the company directory of profiles on
 * gsi2), the assistant's draft (`keys.taxAssistantDraft`) and the few company attributes the tax
 * domain reads or mirrors (`keys.company`).
 *
 * The profile carries `revision` for optimistic concurrency: every update is conditioned on the
 * revision read, and a lost race answers 409 CONCURRENT_UPDATE. siiEnabled, largeCompany and redeme
 * are mirrored onto the company item in the same transaction as the profile, so invoicing (SII,
 * VeriFactu readiness) never sees the profile and the company disagree.
 */

import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type CompanyType, SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import { madridDate } from '@shared/fiscal/sii-deadlines';
import type { PlannedObligation } from '@shared/fiscal/tax-obligations';
import type { AssistantAnswers } from '@shared/schemas/tax';
import type { TaxProfile, TaxProfileFacts } from '@shared/schemas/tax-profile';
import type { TaxDeps } from './deps';
import { obligationItem } from './obligations';

type Deps = Pick<TaxDeps, 'db' | 'table'>;

export type StoredTaxProfile = TaxProfile & { revision: number };

export const taxProfileItem = (p: StoredTaxProfile) => ({
  ...keys.taxProfile(p.companyId),
  ...keys.taxProfileDirectory(p.companyId),
  entity: 'TaxProfile',
  v: SCHEMA_VERSION,
  ...p,
});

export async function getProfile(deps: Deps, companyId: string): Promise<StoredTaxProfile | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.taxProfile(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as StoredTaxProfile) : undefined;
}

/** The company's profile, else 400 TAX_021 (the company tax calls need one). */
export async function requireProfile(deps: Deps, companyId: string): Promise<StoredTaxProfile> {
  const profile = await getProfile(deps, companyId);
  if (!profile) throw new AppError('TAX_021');
  return profile;
}

/** Every company with a tax profile: one Query on the gsi2 directory of profiles, all pages. */
export async function listProfiledCompanyIds(deps: Deps): Promise<string[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2' satisfies IndexName,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.taxProfileDirectoryPartition().gsi2pk },
    ProjectionExpression: 'companyId',
  });
  return items.map((i) => String(i.companyId));
}

/** What the tax domain needs of the company record. */
export interface CompanyFacts {
  companyId: string;
  name: string;
  companyType: CompanyType;
  siiEnabled: boolean;
  fiscal: { largeCompany: boolean; redeme: boolean };
}

/** The company's name, type and the fiscal flags a new profile starts from; 404 CORE_006 if it does not exist. */
export async function getCompanyFacts(deps: Deps, companyId: string): Promise<CompanyFacts> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: '#name, companyType, siiEnabled, fiscal',
      ExpressionAttributeNames: { '#name': 'name' },
    }),
  );
  const item = res.Item;
  if (!item) throw new AppError('CORE_006', 'La empresa no existe.');
  const fiscal = (item.fiscal ?? {}) as { largeCompany?: boolean; redeme?: boolean };
  return {
    companyId,
    name: String(item.name ?? ''),
    companyType: item.companyType as CompanyType,
    siiEnabled: item.siiEnabled === true,
    fiscal: { largeCompany: fiscal.largeCompany === true, redeme: fiscal.redeme === true },
  };
}

/** The mirror of the profile's facts on the company item (the company must exist). */
function companyMirror(table: string, companyId: string, facts: TaxProfileFacts, at: string): TransactItem {
  // siiSince: the Madrid date the company entered the SII (kept while it stays in; the SII's backfill
  // reads it, issue 16), removed when it leaves.
  const sii = facts.siiEnabled ? 'siiSince = if_not_exists(siiSince, :since)' : undefined;
  return {
    Update: {
      TableName: table,
      Key: keys.company(companyId),
      UpdateExpression: `SET siiEnabled = :sii, #fiscal.largeCompany = :large, #fiscal.redeme = :redeme, updatedAt = :at${sii ? `, ${sii}` : ''}${facts.siiEnabled ? '' : ' REMOVE siiSince'}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#fiscal': 'fiscal' },
      ExpressionAttributeValues: {
        ':sii': facts.siiEnabled,
        ':large': facts.largeCompany,
        ':redeme': facts.redeme,
        ':at': at,
        ...(facts.siiEnabled ? { ':since': madridDate(new Date(at)) } : {}),
      },
    },
  };
}

export interface WriteOptions {
  /** Delete the assistant's draft in the same transaction (the assistant's apply). */
  deleteDraft?: boolean;
  /** Other writes that stand or fall with the profile (the modelo 036 obligation of a change). */
  extraItems?: TransactItem[];
}

async function writeProfile(
  deps: Deps,
  profileWrite: TransactItem,
  profile: TaxProfile,
  options: WriteOptions,
  onProfileCondition: () => AppError,
): Promise<void> {
  const items: TransactItem[] = [
    profileWrite,
    companyMirror(deps.table, profile.companyId, profile.facts, profile.updatedAt),
  ];
  if (options.deleteDraft) {
    items.push({ Delete: { TableName: deps.table, Key: keys.taxAssistantDraft(profile.companyId) } });
  }
  items.push(...(options.extraItems ?? []));
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 0)) throw onProfileCondition();
    if (failedConditionAt(e, 1)) throw new AppError('CORE_006', 'La empresa no existe.');
    throw e;
  }
}

/** Writes a new profile (revision 1); 400 CORE_004 when the company already has one. */
export async function createProfile(
  deps: Deps,
  profile: TaxProfile,
  options: WriteOptions = {},
): Promise<StoredTaxProfile> {
  const stored: StoredTaxProfile = { ...profile, revision: 1 };
  await writeProfile(
    deps,
    {
      Put: {
        TableName: deps.table,
        Item: taxProfileItem(stored),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    profile,
    options,
    () => new AppError('CORE_004', 'La empresa ya tiene perfil fiscal.'),
  );
  return stored;
}

/**
 * Replaces the profile with its next state (a new or replaced version), conditioned on the revision
 * read: a concurrent change in between answers 409 CONCURRENT_UPDATE and writes nothing.
 */
export async function updateProfile(
  deps: Deps,
  next: TaxProfile,
  readRevision: number,
  options: WriteOptions = {},
): Promise<StoredTaxProfile> {
  const stored: StoredTaxProfile = { ...next, revision: readRevision + 1 };
  await writeProfile(
    deps,
    {
      Put: {
        TableName: deps.table,
        Item: taxProfileItem(stored),
        ConditionExpression: 'revision = :read',
        ExpressionAttributeValues: { ':read': readRevision },
      },
    },
    next,
    options,
    () => new AppError('CONCURRENT_UPDATE', undefined, { details: { reason: 'CONCURRENT_UPDATE' } }),
  );
  return stored;
}

/**
 * The write of a new, PENDING modelo 036 obligation (store/obligations.ts item shape), for the
 * transaction of the profile change that owes it.
 */
export function censusObligationWrite(
  table: string,
  companyId: string,
  census: PlannedObligation,
  at: string,
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: obligationItem({
        ...census,
        companyId,
        status: 'PENDING',
        modelId: null,
        submittedAt: null,
        reference: null,
        submittedBy: null,
        createdAt: at,
        updatedAt: at,
      }),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

// --- the assistant's draft ---------------------------------------------------------------------

export interface AssistantDraft {
  companyId: string;
  answers: AssistantAnswers | null;
  facts: TaxProfileFacts | null;
  updatedAt: string;
  updatedBy: string;
}

export async function getAssistantDraft(deps: Deps, companyId: string): Promise<AssistantDraft | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.taxAssistantDraft(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as AssistantDraft) : undefined;
}

export async function putAssistantDraft(deps: Deps, draft: AssistantDraft): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        ...keys.taxAssistantDraft(draft.companyId),
        entity: 'TaxAssistantDraft',
        v: SCHEMA_VERSION,
        ...draft,
      },
    }),
  );
}

export async function deleteAssistantDraft(deps: Deps, companyId: string): Promise<void> {
  await deps.db.send(new DeleteCommand({ TableName: deps.table, Key: keys.taxAssistantDraft(companyId) }));
}
