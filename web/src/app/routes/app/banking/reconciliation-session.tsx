import { ReconciliationSessionPage } from '@web/features/banking/reconciliation/session-page';

/** /app/banking/reconciliation/sessions/:sessionId: one reconciliation session. */
export default function ReconciliationSessionRoute() {
  return <ReconciliationSessionPage />;
}
