import { CompaniesList } from '@web/features/companies/components/companies-list';

/** /app/companies */
export default function CompaniesListRoute() {
  return <CompaniesList />;
}
