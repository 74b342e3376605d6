/**
 * /app/messages (issue 21 item 3; spec part 1 §2 client menu): the client's conversation with its
 * gestoría, live over the notifications WebSocket. Staff answer from /app/messaging: a link to
 * here (the dashboard's, a notification's) takes them there with its query string.
 */
import { EmptyState } from '@web/components/load-states';
import { ClientMessages } from '@web/features/messaging/components/client-messages';
import { useOptionalAuthUser } from '@web/lib/auth';
import { useCompanyId } from '@web/lib/company';
import { Navigate, useLocation } from 'react-router-dom';

/** The staff's page (spec part 1 §2 gestor routes). */
const STAFF_MESSAGING = '/app/messaging';

export default function MessagesRoute() {
  const companyId = useCompanyId();
  const user = useOptionalAuthUser();
  const { search } = useLocation();
  if (user && user.role !== 'CLIENTE') return <Navigate to={`${STAFF_MESSAGING}${search}`} replace />;
  if (!companyId) return <EmptyState description="Selecciona una empresa para ver tus mensajes." />;
  return <ClientMessages companyId={companyId} />;
}
