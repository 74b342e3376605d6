/** DynamoDB access for expense categories, their name claims, usage counters and default set. */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { categoryNameKey, type ExpenseCategory } from '@shared/schemas/expenses';
import type { ExpensesDeps } from './deps';

type Deps = Pick<ExpensesDeps, 'db' | 'table'>;

export const categoryItem = (c: ExpenseCategory) => ({
  ...keys.expenseCategory(c.companyId, c.categoryId),
  entity: 'ExpenseCategory',
  v: SCHEMA_VERSION,
  ...c,
});

const nameClaimPut = (table: string, c: ExpenseCategory): TransactItem => ({
  Put: {
    TableName: table,
    Item: {
      ...keys.expenseCategoryNameClaim(c.companyId, categoryNameKey(c.name)),
      entity: 'ExpenseCategoryNameClaim',
      v: SCHEMA_VERSION,
      categoryId: c.categoryId,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const duplicateName = () =>
  new AppError(
    'CORE_004',
    'Ya existe una categoría de gasto con este nombre en la empresa (puede estar eliminada).',
    {
      field: 'name',
      details: { reason: 'DUPLICATE_NAME' },
    },
  );

const concurrentUpdate = () =>
  new AppError('CORE_004', 'La categoría ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.', {
    details: { reason: 'CONCURRENT_UPDATE' },
  });

export async function getCategory(
  deps: Deps,
  companyId: string,
  categoryId: string,
): Promise<ExpenseCategory | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.expenseCategory(companyId, categoryId) }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as ExpenseCategory) : undefined;
}

/** Every category of a company: one Query on its partition. */
export async function listCategories(deps: Deps, companyId: string): Promise<ExpenseCategory[]> {
  const k = keys.expenseCategoryPrefix(companyId);
  const items = await queryPrefix(deps, k, { ConsistentRead: true });
  return items.map((i) => stripKeys(i) as unknown as ExpenseCategory);
}

export async function hasDefaults(deps: Deps, companyId: string): Promise<boolean> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.expenseCategoryDefaults(companyId),
      ConsistentRead: true,
    }),
  );
  return Boolean(res.Item);
}

/**
 * Writes the default set and its marker in one transaction. Returns false when another request
 * won the race (marker or a name already there): the caller re-reads.
 */
export async function createDefaults(
  deps: Deps,
  companyId: string,
  categories: ExpenseCategory[],
  now: string,
): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.expenseCategoryDefaults(companyId),
          entity: 'ExpenseCategoryDefaults',
          v: SCHEMA_VERSION,
          createdAt: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  for (const c of categories) {
    items.push({
      Put: { TableName: deps.table, Item: categoryItem(c), ConditionExpression: 'attribute_not_exists(pk)' },
    });
    items.push(nameClaimPut(deps.table, c));
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (e) {
    if (isTransactionCanceled(e)) return false;
    throw e;
  }
}

/** Creates a category and claims its name in one transaction: a duplicate writes nothing. */
export async function createCategory(deps: Deps, c: ExpenseCategory): Promise<void> {
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: categoryItem(c),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          nameClaimPut(deps.table, c),
        ],
      }),
    );
  } catch (e) {
    if (failedConditionAt(e, 1)) throw duplicateName();
    throw e;
  }
}

/** How many active suppliers use a category as their default. */
export async function categoryUsage(deps: Deps, companyId: string, categoryId: string): Promise<number> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.expenseCategoryUsage(companyId, categoryId),
      ConsistentRead: true,
    }),
  );
  return Number(res.Item?.refs ?? 0);
}

export const categoryInUse = () =>
  new AppError(
    'DOC_046',
    'No se puede eliminar la categoría: hay proveedores que la usan como categoría por defecto. Cámbiala en esos proveedores antes de eliminarla.',
    { details: { reason: 'CATEGORY_IN_USE' } },
  );

/**
 * Replaces a category read at `current`, in one transaction: a rename moves the name claim, and a
 * deactivation (soft delete) re-checks that no active supplier started using the category.
 */
export async function replaceCategory(
  deps: Deps,
  current: ExpenseCategory,
  next: ExpenseCategory,
): Promise<void> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: deps.table,
        Item: categoryItem(next),
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': current.updatedAt },
      },
    },
  ];
  let claimAt: number | undefined;
  const oldKey = categoryNameKey(current.name);
  if (oldKey !== categoryNameKey(next.name)) {
    claimAt = items.length;
    items.push(nameClaimPut(deps.table, next));
    items.push({
      Delete: { TableName: deps.table, Key: keys.expenseCategoryNameClaim(current.companyId, oldKey) },
    });
  }
  let usageAt: number | undefined;
  if (current.isActive && !next.isActive) {
    usageAt = items.length;
    items.push({
      ConditionCheck: {
        TableName: deps.table,
        Key: keys.expenseCategoryUsage(current.companyId, current.categoryId),
        ConditionExpression: 'attribute_not_exists(pk) OR refs <= :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    });
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, usageAt)) throw categoryInUse();
    if (failedConditionAt(e, 0)) throw concurrentUpdate();
    if (failedConditionAt(e, claimAt)) throw duplicateName();
    throw e;
  }
}

/** Sets the order of every given category in one transaction, each conditioned on the version read. */
export async function saveOrder(
  deps: Deps,
  changes: { category: ExpenseCategory; order: number }[],
  now: string,
): Promise<void> {
  if (changes.length === 0) return;
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: changes.map(({ category, order }) => ({
          Update: {
            TableName: deps.table,
            Key: keys.expenseCategory(category.companyId, category.categoryId),
            UpdateExpression: 'SET #order = :order, updatedAt = :now',
            ConditionExpression: 'updatedAt = :seen',
            ExpressionAttributeNames: { '#order': 'order' },
            ExpressionAttributeValues: { ':order': order, ':now': now, ':seen': category.updatedAt },
          },
        })),
      }),
    );
  } catch (e) {
    if (isTransactionCanceled(e)) throw concurrentUpdate();
    throw e;
  }
}
