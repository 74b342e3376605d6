import { ClientObligations } from '@web/features/tax/components/client-obligations';

/** /app/tax/obligations (ADMIN and GESTOR) */
export default function ClientObligationsRoute() {
  return <ClientObligations />;
}
