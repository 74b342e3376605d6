import { InvoiceForm } from '@web/features/invoicing/components/invoice-form';
import { PageHeader } from '@web/features/invoicing/components/page-header';
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
