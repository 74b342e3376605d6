/**
 * /app/messaging (issue 21 item 3; spec part 1 §2 gestor routes): the company's conversations with
 * its clients, answered by its staff, live over the notifications WebSocket.
 */
import { EmptyState } from '@web/components/load-states';
import { StaffMessaging } from '@web/features/messaging/components/staff-messaging';
import { useCompanyId } from '@web/lib/company';

export default function MessagingRoute() {
  const companyId = useCompanyId();
  if (!companyId) return <EmptyState description="Selecciona una empresa para ver sus mensajes." />;
  return <StaffMessaging companyId={companyId} />;
}
