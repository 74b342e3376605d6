/**
 * DynamoDB access for suppliers, their tax-id claims and the usage counters of the categories
 * they use as default (so a category in use cannot be deleted, even under concurrent writes).
 */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { type Supplier, supplierTaxIdKey } from '@shared/schemas/expenses';
import type { ExpensesDeps } from './deps';

type Deps = Pick<ExpensesDeps, 'db' | 'table'>;

export const supplierItem = (s: Supplier) => ({
  ...keys.supplier(s.companyId, s.supplierId),
  entity: 'Supplier',
  v: SCHEMA_VERSION,
  ...s,
});

/** The category a supplier counts against: only active suppliers hold a category in use. */
const categoryRef = (s: Supplier | undefined): string | undefined =>
  s?.isActive ? s.defaultExpenseCategoryId : undefined;

export const unknownCategory = () =>
  new AppError('CORE_004', 'La categoría de gasto por defecto no existe en la empresa.', {
    field: 'defaultExpenseCategoryId',
  });

async function duplicateTaxId(deps: Deps, s: Supplier): Promise<AppError> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.supplierTaxIdClaim(s.companyId, supplierTaxIdKey(s.taxId)),
    }),
  );
  return new AppError('CORE_004', 'Ya existe un proveedor con este identificador fiscal en la empresa.', {
    field: 'taxId',
    details: { reason: 'DUPLICATE_TAX_ID', supplierId: res.Item?.supplierId ?? null },
  });
}

/** A stored supplier as the current record: one stored before the criterio de caja mark is not in it. */
const supplierFromItem = (item: Record<string, unknown>): Supplier => {
  const s = stripKeys(item) as unknown as Supplier;
  return { ...s, supplierCashCriterion: s.supplierCashCriterion ?? false };
};

export async function getSupplier(
  deps: Deps,
  companyId: string,
  supplierId: string,
): Promise<Supplier | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.supplier(companyId, supplierId) }),
  );
  return res.Item ? supplierFromItem(res.Item) : undefined;
}

/** The supplier holding a tax id in a company: the claim item, then the supplier. */
export async function getSupplierByTaxIdKey(
  deps: Deps,
  companyId: string,
  taxIdKey: string,
): Promise<Supplier | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.supplierTaxIdClaim(companyId, taxIdKey) }),
  );
  const supplierId = res.Item?.supplierId as string | undefined;
  return supplierId ? getSupplier(deps, companyId, supplierId) : undefined;
}

/** Every supplier of a company: one Query on its partition (see access-patterns.md). */
export async function listSuppliers(deps: Deps, companyId: string): Promise<Supplier[]> {
  const k = keys.supplierPrefix(companyId);
  const items = await queryPrefix(deps, k);
  return items.map(supplierFromItem);
}

/**
 * Writes a supplier (a create when `current` is undefined, else a replacement conditioned on the
 * version read) in one transaction with its tax-id claim (moved when the tax id changes) and the
 * usage counters of its default category: a refusal writes nothing.
 */
export async function saveSupplier(deps: Deps, current: Supplier | undefined, next: Supplier): Promise<void> {
  const { table } = deps;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table,
        Item: supplierItem(next),
        ...(current
          ? {
              ConditionExpression: 'updatedAt = :seen',
              ExpressionAttributeValues: { ':seen': current.updatedAt },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  ];
  let claimAt: number | undefined;
  const oldKey = current ? supplierTaxIdKey(current.taxId) : undefined;
  const newKey = supplierTaxIdKey(next.taxId);
  if (oldKey !== newKey) {
    claimAt = items.length;
    items.push({
      Put: {
        TableName: table,
        Item: {
          ...keys.supplierTaxIdClaim(next.companyId, newKey),
          entity: 'SupplierTaxIdClaim',
          v: SCHEMA_VERSION,
          supplierId: next.supplierId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    if (oldKey)
      items.push({ Delete: { TableName: table, Key: keys.supplierTaxIdClaim(next.companyId, oldKey) } });
  }
  let categoryAt: number | undefined;
  const before = categoryRef(current);
  const after = categoryRef(next);
  if (before !== after) {
    if (after) {
      categoryAt = items.length;
      items.push({
        ConditionCheck: {
          TableName: table,
          Key: keys.expenseCategory(next.companyId, after),
          ConditionExpression: 'isActive = :true',
          ExpressionAttributeValues: { ':true': true },
        },
      });
      items.push(usageDelta(table, next.companyId, after, 1));
    }
    if (before) items.push(usageDelta(table, next.companyId, before, -1));
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (current && failedConditionAt(e, 0)) {
      throw new AppError(
        'CORE_004',
        'El proveedor ha cambiado mientras lo editabas. Recarga y vuelve a intentarlo.',
        {
          details: { reason: 'CONCURRENT_UPDATE' },
        },
      );
    }
    if (failedConditionAt(e, claimAt)) throw await duplicateTaxId(deps, next);
    if (failedConditionAt(e, categoryAt)) throw unknownCategory();
    throw e;
  }
}

const usageDelta = (table: string, companyId: string, categoryId: string, delta: number): TransactItem => ({
  Update: {
    TableName: table,
    Key: keys.expenseCategoryUsage(companyId, categoryId),
    UpdateExpression: 'ADD refs :d SET entity = :entity, v = :v',
    ExpressionAttributeValues: { ':d': delta, ':entity': 'ExpenseCategoryUsage', ':v': SCHEMA_VERSION },
  },
});
