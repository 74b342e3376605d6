import { NoCompanySelected } from '@web/components/no-company';
import { CustomersPage } from '@web/features/customers/components/customers-page';
import { useCompanyId } from '@web/lib/company';

/** /app/admin/invoicing/customers: the selected company's customers. */
export default function CustomersRoute() {
  return useCompanyId() ? (
    <CustomersPage />
  ) : (
    <NoCompanySelected description="Selecciona o crea una empresa para ver sus clientes." />
  );
}
