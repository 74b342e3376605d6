import { InvoicesList } from '@web/features/invoicing/components/invoices-list';

/** /app/admin/invoicing/income */
export default function IncomeRoute() {
  return <InvoicesList />;
}
