import { CompaniesList } from '@web/features/companies/components/companies-list';

export default function CompaniesRoute() {
  return (
    <>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: '0 0 16px' }}>Empresas</h1>
      <CompaniesList />
    </>
  );
}
