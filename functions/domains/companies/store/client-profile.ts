/**
 * DynamoDB access for the client's ficha: reads the caller's membership, account and company
 * (three GetItems), and writes one PUT's changes in one transaction, each item conditioned on what
 * was read (membership and company by `updatedAt`, the account by existing).
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem, type UserProfile } from '@shared/db/records';
import type { ClientMembership, ClientProfilePlan } from '../model/client-profile';
import { getCompany, getProfile } from './companies';
import type { CompaniesDeps } from './deps';
import { getMembership } from './memberships';

type Deps = Pick<CompaniesDeps, 'db' | 'table'>;

export interface ClientProfileFacts {
  membership: ClientMembership | undefined;
  profile: UserProfile | undefined;
  company: Company | undefined;
}

export async function readClientProfileFacts(
  deps: Deps,
  companyId: string,
  userId: string,
): Promise<ClientProfileFacts> {
  const [membership, profile, company] = await Promise.all([
    getMembership(deps, companyId, userId),
    getProfile(deps, userId),
    getCompany(deps, companyId),
  ]);
  return { membership: membership as ClientMembership | undefined, profile, company };
}

const CHANGED_MEANWHILE = 'Tu ficha ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.';

/** Writes a plan's parts together; `seen` is what the plan was computed from. */
export async function writeClientProfilePlan(
  deps: Deps & Pick<CompaniesDeps, 'now'>,
  seen: { membership: ClientMembership; company: Company },
  plan: ClientProfilePlan,
): Promise<void> {
  const items: TransactItem[] = [];
  const labels: ('membership' | 'profile' | 'company')[] = [];
  if (plan.membership) {
    items.push({
      Put: {
        TableName: deps.table,
        Item: membershipItem(plan.membership),
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': seen.membership.updatedAt },
      },
    });
    labels.push('membership');
  }
  if (plan.phone !== undefined) {
    const at = deps.now().toISOString();
    items.push({
      Update: {
        TableName: deps.table,
        Key: keys.userProfile(seen.membership.userId),
        UpdateExpression:
          plan.phone === null ? 'SET updatedAt = :at REMOVE phone' : 'SET updatedAt = :at, phone = :phone',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: plan.phone === null ? { ':at': at } : { ':at': at, ':phone': plan.phone },
      },
    });
    labels.push('profile');
  }
  if (plan.company) {
    items.push({
      Put: {
        TableName: deps.table,
        Item: companyItem(plan.company),
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': seen.company.updatedAt },
      },
    });
    labels.push('company');
  }
  if (items.length === 0) return;
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, labels.indexOf('profile'))) {
      throw new AppError('CORE_006', 'Tu cuenta no existe.', { field: 'phone' });
    }
    if (failedConditionAt(e, labels.indexOf('company'))) {
      throw new AppError(
        'CORE_004',
        'Los datos de la empresa han cambiado mientras los editabas. Recarga y vuelve a intentarlo.',
        { field: 'company', details: { reason: 'CONCURRENT_UPDATE' } },
      );
    }
    if (failedConditionAt(e, labels.indexOf('membership'))) {
      throw new AppError('CORE_004', CHANGED_MEANWHILE, { details: { reason: 'CONCURRENT_UPDATE' } });
    }
    throw e;
  }
}
