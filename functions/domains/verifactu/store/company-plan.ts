/**
 * What the dashboard and the usage meter need to know of the company beyond VeriFacTu: its kind
 * of taxpayer and SII flag (from when VeriFacTu is mandatory for it) and the plan of the
 * subscription that pays for it. Subscriptions are per paying user (keys.subscription): the
 * company's is the one of the user who created it — the autónomo or business that registered it,
 * or the gestoría that took it on as a client.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { CompanyType } from '@shared/db/records';
import type { VerifactuDeps } from './deps';

type Deps = Pick<VerifactuDeps, 'db' | 'table'>;

export interface CompanyFacts {
  companyType: CompanyType;
  siiEnabled: boolean;
  createdBy: string | null;
}

/** The company's type, SII flag and creator (one projected GetItem); null when it does not exist. */
export async function readCompanyFacts(deps: Deps, companyId: string): Promise<CompanyFacts | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: 'companyType, siiEnabled, createdBy',
    }),
  );
  const item = res.Item;
  if (!item) return null;
  return {
    companyType: (item.companyType as CompanyType | undefined) ?? 'SL',
    siiEnabled: item.siiEnabled === true,
    createdBy: typeof item.createdBy === 'string' ? item.createdBy : null,
  };
}

/** The plan code of a user's subscription, null when the user pays for none. */
export async function readPlanCode(deps: Deps, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.subscription(userId),
      ProjectionExpression: 'planCode',
    }),
  );
  const code = res.Item?.planCode;
  return typeof code === 'string' ? code : null;
}
