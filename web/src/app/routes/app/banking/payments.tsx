import { PaymentsPage } from '@web/features/banking/payments/payments-page';

/** /app/banking/payments: Pagos y cobros (SEPA transfers and direct-debit remittances). */
export default function PaymentsRoute() {
  return <PaymentsPage />;
}
