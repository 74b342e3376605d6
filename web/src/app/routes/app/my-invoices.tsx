import { MyInvoices } from '@web/features/client-portal/components/my-invoices';
import { useSelectedCompany } from '@web/lib/session';

/** /app/my-invoices: the selected company's issued invoices (client portal, VIEW_INVOICES). */
export default function MyInvoicesRoute() {
  const company = useSelectedCompany();
  if (!company) return null;
  return <MyInvoices key={company.companyId} companyId={company.companyId} companyName={company.name} />;
}
