import type { QueryClient } from '@tanstack/react-query';
import { meetingsKeys } from './keys';

/**
 * After a meeting changes: its lists and details, the client dashboard (meetings to answer, alerts)
 * and the company's notifications (the appointment alerts widget among them) read again.
 */
export async function refreshMeetings(queryClient: QueryClient, companyId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: meetingsKeys.company(companyId) }),
    queryClient.invalidateQueries({ queryKey: ['client-dashboard', companyId] }),
    // The company's notifications: the appointment alerts widget, and the notices a meeting change sends.
    // (the notifications feature's keys start so: web/src/features/notifications/api/keys.ts)
    queryClient.invalidateQueries({ queryKey: ['notifications', 'company', companyId] }),
  ]);
}
