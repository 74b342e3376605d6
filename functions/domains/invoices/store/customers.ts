/** DynamoDB access for customers and their tax-id claims. */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { type Customer, taxIdKey } from '@shared/schemas/customers';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

export const customerItem = (c: Customer) => ({
  ...keys.customer(c.companyId, c.customerId),
  entity: 'Customer',
  v: SCHEMA_VERSION,
  ...c,
});

const claimPut = (deps: Deps, c: Customer): TransactItem => ({
  Put: {
    TableName: deps.table,
    Item: {
      ...keys.customerTaxIdClaim(c.companyId, taxIdKey(c.taxId)),
      entity: 'CustomerTaxIdClaim',
      v: SCHEMA_VERSION,
      customerId: c.customerId,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

async function duplicateTaxId(deps: Deps, c: Customer): Promise<AppError> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.customerTaxIdClaim(c.companyId, taxIdKey(c.taxId)) }),
  );
  return new AppError('CORE_004', 'Ya existe un cliente con este identificador fiscal en la empresa.', {
    field: 'taxId',
    details: { reason: 'DUPLICATE_TAX_ID', customerId: res.Item?.customerId ?? null },
  });
}

export async function getCustomer(
  deps: Deps,
  companyId: string,
  customerId: string,
): Promise<Customer | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.customer(companyId, customerId) }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as Customer) : undefined;
}

/** Every customer of a company: one Query on its partition (see access-patterns.md). */
export async function listCustomers(deps: Deps, companyId: string): Promise<Customer[]> {
  const k = keys.customerPrefix(companyId);
  const items = await queryPrefix(deps, k);
  return items.map((i) => stripKeys(i) as unknown as Customer);
}

/** Creates a customer and claims its tax id in one transaction: a duplicate writes nothing. */
export async function createCustomer(deps: Deps, c: Customer): Promise<void> {
  const items: TransactItem[] = [
    {
      Put: { TableName: deps.table, Item: customerItem(c), ConditionExpression: 'attribute_not_exists(pk)' },
    },
    claimPut(deps, c),
  ];
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 1)) throw await duplicateTaxId(deps, c);
    throw e;
  }
}

/**
 * Replaces a customer, conditioned on the version that was read; a tax-id change moves the claim
 * in the same transaction.
 */
export async function replaceCustomer(deps: Deps, current: Customer, next: Customer): Promise<void> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: deps.table,
        Item: customerItem(next),
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': current.updatedAt },
      },
    },
  ];
  const moved = taxIdKey(current.taxId) !== taxIdKey(next.taxId);
  if (moved) {
    items.push(claimPut(deps, next));
    items.push({
      Delete: {
        TableName: deps.table,
        Key: keys.customerTaxIdClaim(current.companyId, taxIdKey(current.taxId)),
      },
    });
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 0)) {
      throw new AppError(
        'CORE_004',
        'El cliente ha cambiado mientras lo editabas. Recarga y vuelve a intentarlo.',
        {
          details: { reason: 'CONCURRENT_UPDATE' },
        },
      );
    }
    if (moved && failedConditionAt(e, 1)) throw await duplicateTaxId(deps, next);
    throw e;
  }
}
