/**
 * DynamoDB access for document categories (issue 17 item 5): the category items, their name claims
 * (a name is unique per company, folded: `documentCategoryNameKey`), and filing a document under one
 * (the document and the category's usage in one transaction).
 */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { type DocumentCategory, documentCategoryNameKey } from '@shared/schemas/document-categories';
import type { DocumentDetails } from '@shared/schemas/documents';
import type { DocumentsDeps } from './deps';
import { getDocument, revisionPut, type StoredDocument, toDetails, updateDocument } from './documents';

type Db = Pick<DocumentsDeps, 'db' | 'table'>;

export const categoryItem = (c: DocumentCategory) => ({
  ...keys.documentCategory(c.companyId, c.categoryId),
  entity: 'DocumentCategory',
  v: SCHEMA_VERSION,
  ...c,
});

const nameClaimPut = (table: string, c: DocumentCategory): TransactItem => ({
  Put: {
    TableName: table,
    Item: {
      ...keys.documentCategoryNameClaim(c.companyId, documentCategoryNameKey(c.name)),
      entity: 'DocumentCategoryNameClaim',
      v: SCHEMA_VERSION,
      categoryId: c.categoryId,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const duplicateCategoryName = (name: string) =>
  new AppError('DOC_CONFLICT', `Ya existe una categoría de documentos llamada "${name}".`, {
    field: 'name',
    details: { reason: 'DUPLICATE_NAME', name },
  });

export const categoryNotFound = () =>
  new AppError('CORE_006', 'La categoría no existe.', { field: 'categoryId' });

const concurrentChange = () =>
  new AppError(
    'CONCURRENT_UPDATE',
    'La categoría ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.',
  );

export async function getCategory(
  deps: Db,
  companyId: string,
  categoryId: string,
): Promise<DocumentCategory | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.documentCategory(companyId, categoryId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as DocumentCategory) : undefined;
}

export async function requireCategory(
  deps: Db,
  companyId: string,
  categoryId: string,
): Promise<DocumentCategory> {
  const c = await getCategory(deps, companyId, categoryId);
  if (!c) throw categoryNotFound();
  return c;
}

/** Every category of a company: one Query on its partition, by name. */
export async function listCategories(deps: Db, companyId: string): Promise<DocumentCategory[]> {
  const items = await queryPrefix(deps, keys.documentCategoryPrefix(companyId), { ConsistentRead: true });
  return items
    .filter((i) => i.entity === 'DocumentCategory')
    .map((i) => stripKeys(i) as unknown as DocumentCategory)
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/**
 * Creates categories with their name claims in one transaction (at most 50: import and defaults
 * are all or nothing). A name already taken writes nothing and answers 409 naming it.
 */
export async function createCategories(deps: Db, categories: DocumentCategory[]): Promise<void> {
  if (categories.length === 0) return;
  if (categories.length > 50) throw new Error('createCategories: at most 50 per transaction');
  const items: TransactItem[] = categories.flatMap((c) => [
    {
      Put: { TableName: deps.table, Item: categoryItem(c), ConditionExpression: 'attribute_not_exists(pk)' },
    },
    nameClaimPut(deps.table, c),
  ]);
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (!isTransactionCanceled(e)) throw e;
    const clash = categories.find((_, i) => failedConditionAt(e, 2 * i + 1));
    if (clash) throw duplicateCategoryName(clash.name);
    throw concurrentChange();
  }
}

/** Replaces a category read at `current` (a rename moves its name claim), in one transaction. */
export async function replaceCategory(
  deps: Db,
  current: DocumentCategory,
  next: DocumentCategory,
): Promise<void> {
  // An Update of the editable fields only: the usage a concurrent filing adds is never overwritten.
  const items: TransactItem[] = [
    {
      Update: {
        TableName: deps.table,
        Key: keys.documentCategory(current.companyId, current.categoryId),
        UpdateExpression:
          'SET #name = :name, description = :description, documentType = :documentType, keywords = :keywords, color = :color, active = :active, expenseCategoryId = :expenseCategoryId, updatedAt = :updatedAt',
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': next.name,
          ':description': next.description,
          ':documentType': next.documentType,
          ':keywords': next.keywords,
          ':color': next.color,
          ':active': next.active,
          ':expenseCategoryId': next.expenseCategoryId,
          ':updatedAt': next.updatedAt,
          ':seen': current.updatedAt,
        },
      },
    },
  ];
  let claimAt: number | undefined;
  const oldKey = documentCategoryNameKey(current.name);
  if (oldKey !== documentCategoryNameKey(next.name)) {
    claimAt = items.length;
    items.push(nameClaimPut(deps.table, next));
    items.push({
      Delete: { TableName: deps.table, Key: keys.documentCategoryNameClaim(current.companyId, oldKey) },
    });
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, claimAt)) throw duplicateCategoryName(next.name);
    if (failedConditionAt(e, 0)) throw concurrentChange();
    throw e;
  }
}

/** Deletes categories and their name claims together, each on the version read. */
export async function deleteCategories(deps: Db, categories: DocumentCategory[]): Promise<void> {
  if (categories.length === 0) return;
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: categories.flatMap((c): TransactItem[] => [
          {
            Delete: {
              TableName: deps.table,
              Key: keys.documentCategory(c.companyId, c.categoryId),
              ConditionExpression: 'updatedAt = :seen',
              ExpressionAttributeValues: { ':seen': c.updatedAt },
            },
          },
          {
            Delete: {
              TableName: deps.table,
              Key: keys.documentCategoryNameClaim(c.companyId, documentCategoryNameKey(c.name)),
            },
          },
        ]),
      }),
    );
  } catch (e) {
    if (isTransactionCanceled(e)) throw concurrentChange();
    throw e;
  }
}

const ROUNDS = 5;

/**
 * Files a document under a category (or none), with the category's usage count and last use in the
 * same transaction, on the document's revision (`revisionPut`: the workers' writes are never
 * overwritten). The category must exist and be active. `guard` sees the document first and throws
 * when the caller may not touch it (a client's route: its own uploads only). Used by reviews, and by
 * the documents' own category routes.
 */
export async function assignDocumentCategory(
  deps: Pick<DocumentsDeps, 'db' | 'table' | 'now'>,
  a: {
    companyId: string;
    documentId: string;
    categoryId: string | null;
    guard?: (doc: StoredDocument) => void;
  },
): Promise<DocumentDetails> {
  for (let round = 0; round < ROUNDS; round++) {
    const doc = await getDocument(deps, a.companyId, a.documentId);
    if (!doc) throw new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });
    a.guard?.(doc);
    if (doc.categoryId === a.categoryId) return toDetails(doc);
    const now = deps.now().toISOString();
    const next: StoredDocument = { ...doc, categoryId: a.categoryId, rev: doc.rev + 1, updatedAt: now };
    const items: TransactItem[] = [{ Put: revisionPut(deps.table, next, doc.rev) }];
    if (a.categoryId) {
      items.push({
        Update: {
          TableName: deps.table,
          Key: keys.documentCategory(a.companyId, a.categoryId),
          UpdateExpression: 'SET usageCount = usageCount + :one, lastUsedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND active = :yes',
          ExpressionAttributeValues: { ':one': 1, ':now': now, ':yes': true },
        },
      });
    }
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
      return toDetails(next);
    } catch (e) {
      if (failedConditionAt(e, 1)) {
        const c = a.categoryId ? await getCategory(deps, a.companyId, a.categoryId) : undefined;
        if (!c) throw categoryNotFound();
        throw new AppError('DOC_CONFLICT', `La categoría "${c.name}" está desactivada.`, {
          field: 'categoryId',
          details: { reason: 'CATEGORY_INACTIVE' },
        });
      }
      if (!failedConditionAt(e, 0)) throw e;
    }
  }
  throw new AppError('CONCURRENT_UPDATE');
}

/** Adds to a category's usage (documents moved into it by a merge), keeping the latest use. */
export function usageIncrement(
  c: DocumentCategory,
  by: number,
  lastUsedAt: string | null,
  now: string,
  table: string,
): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.documentCategory(c.companyId, c.categoryId),
      UpdateExpression: 'SET usageCount = usageCount + :by, updatedAt = :now, lastUsedAt = :last',
      ConditionExpression: 'updatedAt = :seen',
      ExpressionAttributeValues: { ':by': by, ':now': now, ':last': lastUsedAt, ':seen': c.updatedAt },
    },
  };
}

/**
 * Merges categories into `keep`: their documents are filed under `keep` (each on its revision),
 * then `keep` takes their usage and they are deleted with their name claims, in one transaction.
 * Answers how many documents moved.
 */
export async function mergeCategories(
  deps: Pick<DocumentsDeps, 'db' | 'table' | 'now'>,
  keep: DocumentCategory,
  merged: DocumentCategory[],
  documents: { documentId: string; categoryId: string | null }[],
): Promise<number> {
  const mergedIds = new Set(merged.map((c) => c.categoryId));
  let moved = 0;
  for (const d of documents) {
    if (!d.categoryId || !mergedIds.has(d.categoryId)) continue;
    const done = await updateDocument(deps, keep.companyId, d.documentId, (doc) =>
      doc.categoryId && mergedIds.has(doc.categoryId) ? { categoryId: keep.categoryId } : null,
    );
    if (done) moved++;
  }
  const now = deps.now().toISOString();
  const lastUsed = [keep, ...merged]
    .map((c) => c.lastUsedAt)
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1);
  const items: TransactItem[] = [
    usageIncrement(
      keep,
      merged.reduce((n, c) => n + c.usageCount, 0),
      lastUsed ?? null,
      now,
      deps.table,
    ),
    ...merged.flatMap((c): TransactItem[] => [
      {
        Delete: {
          TableName: deps.table,
          Key: keys.documentCategory(c.companyId, c.categoryId),
          ConditionExpression: 'updatedAt = :seen',
          ExpressionAttributeValues: { ':seen': c.updatedAt },
        },
      },
      {
        Delete: {
          TableName: deps.table,
          Key: keys.documentCategoryNameClaim(c.companyId, documentCategoryNameKey(c.name)),
        },
      },
    ]),
  ];
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (isTransactionCanceled(e)) throw concurrentChange();
    throw e;
  }
  return moved;
}
