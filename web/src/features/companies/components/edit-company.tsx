import { PageHeader } from '@web/components/page-header';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { Alert, Flex, Result, Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCompany } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import { companyFormValuesOf, hasFiscalAddress, toUpdateCompanyBody } from '../utils/company-form-values';
import { CompanyForm } from './company-form';
import { CompanyLoadError } from './load-error';

/** /app/companies/:companyId/edit: for who may manage the company (owner, its gestor, admin). */
export function EditCompany({ companyId }: { companyId: string }) {
  const navigate = useNavigate();
  const { data: company, error, isPending, isError, refetch } = useCompany(companyId);
  const update = useUpdateCompany(companyId);
  const back = { to: paths.app.company(companyId), label: company?.name ?? 'Empresa' };

  if (isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" aria-label="Cargando" />
      </Flex>
    );
  }
  if (isError) return <CompanyLoadError error={error} onRetry={() => void refetch()} />;
  if (!company.canManage) {
    return (
      <>
        <PageHeader title="Editar empresa" back={back} />
        <Result
          status="warning"
          title="No puedes editar esta empresa"
          subTitle="Solo su propietario, su gestor o un administrador pueden cambiar sus datos."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={`Editar ${company.name}`} back={back} />
      {hasFiscalAddress(company.address) ? null : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Completa la dirección fiscal de tu empresa"
          description="Las facturas completas (F1) llevan la dirección fiscal del emisor: sin ella no se pueden confirmar."
        />
      )}
      <CompanyForm
        mode="edit"
        initialValues={companyFormValuesOf(company)}
        onSubmit={async (values) => {
          await update.mutateAsync(toUpdateCompanyBody(values));
          toast.success('Cambios guardados');
          navigate(paths.app.company(companyId));
        }}
        onCancel={() => navigate(paths.app.company(companyId))}
      />
    </>
  );
}
