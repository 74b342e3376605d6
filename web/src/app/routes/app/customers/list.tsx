import { CustomersPage } from '@web/features/customers/components/customers-page';

/** /app/admin/invoicing/customers */
export default function CustomersRoute() {
  return <CustomersPage />;
}
