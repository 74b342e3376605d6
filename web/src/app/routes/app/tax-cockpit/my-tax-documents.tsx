import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { MyTaxDocuments } from '@web/features/client-portal/components/my-tax-documents';
import { useSelectedCompany } from '@web/lib/session';

/** /app/my-tax-documents: the models published to the selected company (client portal, VIEW_TAX_DOCUMENTS). */
export default function MyTaxDocumentsRoute() {
  const company = useSelectedCompany();
  if (!company) {
    return (
      <>
        <PageHeader title="Mis documentos fiscales" />
        <NoCompanySelected description="Selecciona una empresa para ver sus documentos fiscales." />
      </>
    );
  }
  return <MyTaxDocuments key={company.companyId} companyId={company.companyId} companyName={company.name} />;
}
