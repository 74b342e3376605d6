import { InvoicePayments } from '@web/features/invoicing/components/invoice-payments';
import { useParams } from 'react-router-dom';

/** /app/invoices/:invoiceId/payments */
export default function InvoicePaymentsRoute() {
  const { invoiceId = '' } = useParams();
  return <InvoicePayments key={invoiceId} invoiceId={invoiceId} />;
}
