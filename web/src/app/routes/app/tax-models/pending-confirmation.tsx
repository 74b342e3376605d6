import { PendingConfirmationPage } from '@web/features/tax-models/components/pending-confirmation-page';

/** /app/tax/pending-confirmation */
export default function PendingConfirmationRoute() {
  return <PendingConfirmationPage />;
}
