import { InvoiceDetail } from '@web/features/invoicing/components/invoice-detail';
import { useParams } from 'react-router-dom';

/** /app/invoices/:invoiceId */
export default function InvoiceDetailRoute() {
  const { invoiceId = '' } = useParams();
  return <InvoiceDetail key={invoiceId} invoiceId={invoiceId} />;
}
