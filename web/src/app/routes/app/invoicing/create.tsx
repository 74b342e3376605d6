import { PageHeader } from '@web/components/page-header';
import { InvoiceForm } from '@web/features/invoicing/components/invoice-form';
import { paths } from '@web/lib/paths';

/** /app/invoices/create */
export default function CreateInvoiceRoute() {
  return (
    <>
      <PageHeader
        title="Nueva factura"
        back={{ to: paths.app.invoicing.income, label: 'Facturas emitidas' }}
      />
      <InvoiceForm />
    </>
  );
}
