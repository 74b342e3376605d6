import { NoCompanySelected } from '@web/components/no-company';
import { InvoicesList } from '@web/features/invoicing/components/invoices-list';
import { useCompanyId } from '@web/lib/company';

/** /app/admin/invoicing/income: the selected company's issued invoices. */
export default function IncomeRoute() {
  return useCompanyId() ? (
    <InvoicesList />
  ) : (
    <NoCompanySelected description="Selecciona o crea una empresa para ver sus facturas." />
  );
}
