import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { type Notification, TestNotificationBody } from '@shared/schemas/notifications';
import { testNotificationTexts } from '../model/test-notifications';
import type { NotificationsDeps } from '../store/deps';
import { createNotification } from '../store/notifications';

/**
 * Creates a real notification of one of the test types for the caller in the selected company;
 * it travels the same way as any other (counter, stream, socket). Preferences are not consulted:
 * the caller asked for it explicitly.
 */
export function sendTestNotification(
  input: { auth: AuthContext; scope: CompanyScope; body: TestNotificationBody },
  deps: NotificationsDeps,
): Promise<Notification> {
  const text = testNotificationTexts[input.body.type];
  return createNotification(deps, {
    userId: input.auth.userId,
    companyId: input.scope.companyId,
    type: input.body.type,
    ...text,
  });
}

export const sendTestNotificationRoute = defineCompanyAction({
  body: TestNotificationBody,
  status: 201,
  run: ({ auth, scope, body }, deps: NotificationsDeps) => sendTestNotification({ auth, scope, body }, deps),
});
