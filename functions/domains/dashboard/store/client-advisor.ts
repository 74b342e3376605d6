/**
 * What the advisor card reads: the company's members (#9, one Query), then the advisor's profile
 * (#1, GetItem) and its WebSocket connections (#18, gsi1 `USER#<id>` `begins_with WSCONN#`) in parallel.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { listCompanyMembers, queryAll } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import type { IndexName } from '@shared/db/table';
import { type AdvisorFacts, selectAdvisor } from '../model/client-advisor';
import type { DashboardDeps } from './deps';

type Deps = Pick<DashboardDeps, 'db' | 'table'>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export async function readAdvisorFacts(
  deps: Deps,
  companyId: string,
  callerId: string,
): Promise<AdvisorFacts> {
  const members = await listCompanyMembers(deps, companyId);
  const advisor = selectAdvisor(members, callerId);
  if (!advisor) return { advisor, profile: undefined, connections: [] };
  const conn = keys.wsConnectionByUserPrefix(advisor.userId);
  const [profileRes, connections] = await Promise.all([
    deps.db.send(
      new GetCommand({
        TableName: deps.table,
        Key: keys.userProfile(advisor.userId),
        ProjectionExpression: 'firstName, lastName, email, phone',
      }),
    ),
    queryAll(deps, {
      TableName: deps.table,
      IndexName: 'gsi1' satisfies IndexName,
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': conn.gsi1pk, ':prefix': conn.gsi1skPrefix },
      ProjectionExpression: 'connectedAt, #ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
    }),
  ]);
  const p = profileRes.Item;
  return {
    advisor,
    profile: p
      ? {
          firstName: str(p.firstName),
          lastName: str(p.lastName),
          email: str(p.email),
          phone: typeof p.phone === 'string' && p.phone !== '' ? p.phone : null,
        }
      : undefined,
    connections: connections.map((c) => ({ connectedAt: str(c.connectedAt), ttl: Number(c.ttl) || 0 })),
  };
}
