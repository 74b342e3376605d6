import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import type { MarkAllReadResult } from '@shared/schemas/notifications';
import type { NotificationsDeps } from '../store/deps';
import { markAllRead as storeMarkAllRead } from '../store/notifications';

/** Every unread notification of the caller in the selected company becomes read. */
export function markAllRead(
  input: { auth: AuthContext; scope: CompanyScope },
  deps: NotificationsDeps,
): Promise<MarkAllReadResult> {
  return storeMarkAllRead(deps, { userId: input.auth.userId, companyId: input.scope.companyId }, deps.now());
}

export const markAllReadRoute = defineCompanyAction({
  run: ({ auth, scope }, deps: NotificationsDeps) => markAllRead({ auth, scope }, deps),
});
