import { PageHeader } from '@web/components/page-header';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCreateCompany } from '../api/create-company';
import { useCanCreateCompany } from '../hooks/use-can-create-company';
import { emptyCompanyFormValues, toCreateCompanyBody } from '../utils/company-form-values';
import { CompanyForm } from './company-form';

const BACK = { to: paths.app.companies, label: 'Empresas' };

/** /app/companies/new: advisors and administrators only. */
export function CreateCompany() {
  const canCreate = useCanCreateCompany();
  const navigate = useNavigate();
  const create = useCreateCompany();

  if (!canCreate) {
    return (
      <>
        <PageHeader title="Nueva empresa" back={BACK} />
        <Result
          status="warning"
          title="No puedes crear empresas"
          subTitle="Solo los gestores y los administradores pueden dar de alta empresas."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Nueva empresa" back={BACK} />
      <CompanyForm
        mode="create"
        initialValues={emptyCompanyFormValues()}
        onSubmit={async (values) => {
          const company = await create.mutateAsync(toCreateCompanyBody(values));
          toast.success('Empresa creada');
          navigate(paths.app.company(company.companyId));
        }}
        onCancel={() => navigate(paths.app.companies)}
      />
    </>
  );
}
