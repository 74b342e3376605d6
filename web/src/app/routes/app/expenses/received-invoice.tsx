import { ReceivedInvoiceDetail } from '@web/features/expenses/components/received-invoice-detail';
import { useParams } from 'react-router-dom';

/** /app/admin/invoicing/expenses/:receivedInvoiceId */
export default function ReceivedInvoiceRoute() {
  const { receivedInvoiceId = '' } = useParams();
  return <ReceivedInvoiceDetail key={receivedInvoiceId} receivedInvoiceId={receivedInvoiceId} />;
}
