import { EditInvoice } from '@web/features/invoicing/components/edit-invoice';
import { useParams } from 'react-router-dom';

/** /app/invoices/:invoiceId/edit */
export default function EditInvoiceRoute() {
  const { invoiceId = '' } = useParams();
  return <EditInvoice key={invoiceId} invoiceId={invoiceId} />;
}
