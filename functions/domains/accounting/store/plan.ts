/**
 * Which plan covers a company's accounting (issue 18 item 5; spec part 2 §3 access info, §9: the
 * Professional plan). Subscriptions are per paying user (`keys.subscription`): a company has
 * accounting when the subscription of any of its OWNER or GESTOR members unlocks it (its owner's
 * own plan, or its gestoría's). ADMIN callers always pass.
 */

import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { listCompanyMembers } from '@functions/lib/directory';
import type { AuthContext } from '@functions/platform/auth-context';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import {
  ACCOUNTING_REQUIRED_PLAN,
  ACCOUNTING_UPGRADE_URL,
  type AccountingAccess,
  accountingMessages,
} from '@shared/schemas/accounting';
import { hasAccounting, type PlanGateInput } from '@shared/schemas/billing';
import type { AccountingDeps } from './deps';

type Deps = Pick<AccountingDeps, 'db' | 'table'>;

type StoredSubscription = PlanGateInput & { planName?: string; userId?: string };

/** The subscriptions of these users (one BatchGet; at most 100 managers per company). */
async function subscriptionsOf(deps: Deps, userIds: string[]): Promise<Map<string, StoredSubscription>> {
  const out = new Map<string, StoredSubscription>();
  if (userIds.length === 0) return out;
  const byPk = new Map(userIds.map((u) => [keys.subscription(u).pk, u]));
  let pending: Record<string, unknown>[] | undefined = userIds.slice(0, 100).map((u) => keys.subscription(u));
  for (let round = 0; pending && pending.length > 0 && round < 8; round++) {
    const res: BatchGetCommandOutput = await deps.db.send(
      new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending } } }),
    );
    for (const item of res.Responses?.[deps.table] ?? []) {
      const userId = byPk.get(String(item.pk));
      if (userId) out.set(userId, item as unknown as StoredSubscription);
    }
    pending = res.UnprocessedKeys?.[deps.table]?.Keys;
  }
  return out;
}

/** `GET accounting/access`: whether the company's plan includes accounting, and which plan it is on. */
export async function accountingAccess(deps: Deps, companyId: string): Promise<AccountingAccess> {
  const members = (await listCompanyMembers(deps, companyId)).filter(
    (m) => m.isActive !== false && (m.companyRole === 'OWNER' || m.companyRole === 'GESTOR'),
  );
  // Owners first: the company's own plan names it before its gestoría's.
  members.sort((a, b) => (a.companyRole === b.companyRole ? 0 : a.companyRole === 'OWNER' ? -1 : 1));
  const subs = await subscriptionsOf(
    deps,
    members.map((m) => m.userId),
  );
  const ordered = members.flatMap((m) => {
    const s = subs.get(m.userId);
    return s ? [s] : [];
  });
  const covering = ordered.find((s) => hasAccounting(s));
  const shown = covering ?? ordered[0];
  return {
    hasAccess: covering !== undefined,
    currentPlan: shown ? (shown.planName ?? shown.planCode) : null,
    requiredPlan: ACCOUNTING_REQUIRED_PLAN,
    upgradeMessage: accountingMessages.upgrade,
    upgradeUrl: ACCOUNTING_UPGRADE_URL,
  };
}

/** 403 ACC_PLAN_REQUIRED unless the company's plan includes accounting (ADMIN always passes). */
export async function requireAccountingPlan(
  deps: Deps,
  auth: Pick<AuthContext, 'isAdmin'>,
  companyId: string,
): Promise<void> {
  if (auth.isAdmin) return;
  const access = await accountingAccess(deps, companyId);
  if (access.hasAccess) return;
  throw new AppError('ACC_PLAN_REQUIRED', accountingMessages.upgrade, {
    details: { requiredPlan: ACCOUNTING_REQUIRED_PLAN, upgradeUrl: ACCOUNTING_UPGRADE_URL },
  });
}
