import { CreateCompany } from '@web/features/companies/components/create-company';

/** /app/companies/new */
export default function CreateCompanyRoute() {
  return <CreateCompany />;
}
