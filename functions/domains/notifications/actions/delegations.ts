import { defineCompanyAction } from '@functions/platform/http';
import { CreateDelegationBody, DelegationPath } from '@shared/schemas/notification-analytics';
import {
  createDelegation as storeCreate,
  deleteDelegation as storeDelete,
  listDelegations as storeList,
} from '../store/delegations';
import type { NotificationsDeps } from '../store/deps';

/** The company's notification delegations (staff), newest first. */
export const listDelegationsRoute = defineCompanyAction({
  run: ({ scope }, deps: NotificationsDeps) => storeList(deps, scope.companyId),
});

/** The caller hands its notifications (some families, a date range) to another active staff member. */
export const createDelegationRoute = defineCompanyAction({
  body: CreateDelegationBody,
  status: 201,
  run: ({ auth, scope, body }, deps: NotificationsDeps) =>
    storeCreate(deps, {
      companyId: scope.companyId,
      fromUserId: auth.userId,
      body,
    }),
});

/** Ends a delegation (its delegator or the company's OWNER). */
export const deleteDelegationRoute = defineCompanyAction({
  params: DelegationPath,
  run: async ({ auth, scope, params }, deps: NotificationsDeps) => {
    await storeDelete(deps, {
      companyId: scope.companyId,
      delegationId: params.delegationId,
      callerId: auth.userId,
      callerRole: scope.membership?.companyRole,
    });
    return { delegationId: params.delegationId };
  },
});
