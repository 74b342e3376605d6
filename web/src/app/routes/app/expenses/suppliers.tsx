import { SuppliersPage } from '@web/features/expenses/components/suppliers-page';

/** /app/admin/invoicing/suppliers */
export default function SuppliersRoute() {
  return <SuppliersPage />;
}
