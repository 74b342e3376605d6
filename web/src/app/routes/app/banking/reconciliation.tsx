import { ReconciliationPage } from '@web/features/banking/reconciliation/reconciliation-page';

/** /app/banking/reconciliation: Conciliación bancaria. */
export default function ReconciliationRoute() {
  return <ReconciliationPage />;
}
