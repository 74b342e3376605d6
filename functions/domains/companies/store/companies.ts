/** DynamoDB access for companies, their settings and the caller's default company. */

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { failedConditionAt, isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import {
  type Company,
  companyItem,
  type MembershipRecord,
  membershipItem,
  SCHEMA_VERSION,
  stripKeys,
  type UserProfile,
} from '@shared/db/records';
import { type CompanySettings, defaultCompanySettings } from '@shared/schemas/companies';
import type { CompaniesDeps } from './deps';

type Deps = Pick<CompaniesDeps, 'db' | 'table'>;

export async function getCompany(deps: Deps, companyId: string): Promise<Company | undefined> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(companyId) }));
  return res.Item ? (stripKeys(res.Item) as unknown as Company) : undefined;
}

export { getCompanies } from '@functions/lib/directory';

/** True when the company has a tax profile (the tax domain's item; its census facts are mirrored here). */
export async function hasTaxProfile(deps: Deps, companyId: string): Promise<boolean> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.taxProfile(companyId),
      ProjectionExpression: 'pk',
      ConsistentRead: true,
    }),
  );
  return res.Item !== undefined;
}

/** Every company, newest first (ADMIN): Query on the directory index, never a Scan. */
export async function listAllCompanies(deps: Deps): Promise<Company[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.companyDirectory().gsi2pk },
    ScanIndexForward: false,
  });
  return items.map((item) => stripKeys(item) as unknown as Company);
}

export async function getProfile(deps: Deps, userId: string): Promise<UserProfile | undefined> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.userProfile(userId) }));
  return res.Item ? (stripKeys(res.Item) as unknown as UserProfile) : undefined;
}

/**
 * Creates a company, its creator's membership and the creator's NIF claim in one transaction,
 * and makes it the creator's default company when the creator has none.
 */
export async function createCompany(
  deps: Deps,
  company: Company,
  membership: MembershipRecord | undefined,
  claimFor: string,
): Promise<void> {
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: deps.table,
        Item: companyItem(company),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.companyNifClaim(claimFor, company.nif),
          entity: 'CompanyNifClaim',
          v: SCHEMA_VERSION,
          companyId: company.companyId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (membership) {
    items.push({ Put: { TableName: deps.table, Item: membershipItem(membership) } });
    items.push({
      Update: {
        TableName: deps.table,
        Key: keys.userProfile(membership.userId),
        UpdateExpression: 'SET defaultCompanyId = if_not_exists(defaultCompanyId, :c)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':c': company.companyId },
      },
    });
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 1)) {
      throw new AppError('CORE_004', 'Ya gestionas una empresa con este NIF.', { field: 'nif' });
    }
    if (failedConditionAt(e, 3)) throw new AppError('USER_NOT_FOUND');
    throw e;
  }
}

/** Applies a partial update; a NIF change moves the updater's NIF claim in the same transaction. */
export async function updateCompany(
  deps: Deps,
  current: Company,
  next: Company,
  claimOwner: string,
): Promise<void> {
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: deps.table,
        Item: companyItem(next),
        // Optimistic concurrency: refuse to overwrite a change made since we read the company.
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': current.updatedAt },
      },
    },
  ];
  if (next.nif !== current.nif) {
    items.push({ Delete: { TableName: deps.table, Key: keys.companyNifClaim(claimOwner, current.nif) } });
    items.push({
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.companyNifClaim(claimOwner, next.nif),
          entity: 'CompanyNifClaim',
          v: SCHEMA_VERSION,
          companyId: next.companyId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 0)) {
      throw new AppError(
        'CORE_004',
        'La empresa ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.',
        {
          details: { reason: 'CONCURRENT_UPDATE' },
        },
      );
    }
    if (failedConditionAt(e, 2)) {
      throw new AppError('CORE_004', 'Ya gestionas una empresa con este NIF.', { field: 'nif' });
    }
    throw e;
  }
}

export async function setDefaultCompany(deps: Deps, userId: string, companyId: string): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.userProfile(userId),
        UpdateExpression: 'SET defaultCompanyId = :c',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':c': companyId },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw new AppError('USER_NOT_FOUND');
    throw e;
  }
}

export async function getSettings(deps: Deps, companyId: string): Promise<CompanySettings> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.companySettings(companyId) }),
  );
  const defaults = defaultCompanySettings();
  if (!res.Item) return defaults;
  const stored = res.Item.settings as Partial<CompanySettings>;
  // Settings written by an older version may lack newer fields: fill them from the defaults.
  return {
    ...defaults,
    ...stored,
    invoicing: { ...defaults.invoicing, ...stored.invoicing },
    notifications: { ...defaults.notifications, ...stored.notifications },
  };
}

export async function putSettings(deps: Deps, companyId: string, settings: CompanySettings, now: Date) {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.companySettings(companyId),
      UpdateExpression: 'SET entity = :e, v = :v, settings = :s, updatedAt = :u',
      ExpressionAttributeValues: {
        ':e': 'CompanySettings',
        ':v': SCHEMA_VERSION,
        ':s': settings,
        ':u': now.toISOString(),
      },
    }),
  );
}

export async function pingTable(deps: Deps): Promise<void> {
  await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.health(), ProjectionExpression: 'pk' }),
  );
}
