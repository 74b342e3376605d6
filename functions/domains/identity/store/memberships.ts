/** Memberships and the companies they point to (the same items the companies domain writes). */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import type { MembershipRecord } from '@shared/db/records';
import type { StoreDeps } from './deps';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

export { getCompanies, listCompanyMembers, listUserMemberships } from '@functions/lib/directory';

const PARALLEL_WRITES = 10;

/**
 * Refreshes the name snapshots a membership keeps for the company's user list. Snapshots are
 * denormalised copies, so they are updated after the profile (not in its transaction, which could
 * exceed 100 items for a gestor with many companies); a membership removed meanwhile is skipped.
 */
export async function refreshMemberNames(
  deps: Deps,
  memberships: MembershipRecord[],
  names: { firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  const update = async (m: MembershipRecord) => {
    try {
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.table,
          Key: keys.membership(m.companyId, m.userId),
          UpdateExpression: 'SET firstName = :f, lastName = :l, updatedAt = :u',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':f': names.firstName, ':l': names.lastName, ':u': now.toISOString() },
        }),
      );
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  };
  for (let i = 0; i < memberships.length; i += PARALLEL_WRITES) {
    await Promise.all(memberships.slice(i, i + PARALLEL_WRITES).map(update));
  }
}
