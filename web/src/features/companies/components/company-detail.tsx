import EditOutlined from '@ant-design/icons/EditOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { companyTypeLabels } from '@shared/schemas/companies';
import { PageHeader } from '@web/components/page-header';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { Button, Flex, Spin, Tabs, Tag } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useCompany } from '../api/get-company';
import { useSetDefaultCompany } from '../api/set-default-company';
import { useSelectCompany } from '../hooks/use-select-company';
import type { CompanyDetail as Company } from '../types';
import { useCompanyCan } from '../utils/company-access';
import { CompanySettingsPanel } from './company-settings-panel';
import { CompanyFiscalData, CompanyGeneralData } from './company-summary';
import { LinkButton } from './link-button';
import { CompanyLoadError } from './load-error';
import { ReportingTags } from './reporting-tags';

const TABS = ['general', 'fiscal', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** /app/companies/:companyId: the company's data, its settings and what can be done with it. */
export function CompanyDetail({ companyId }: { companyId: string }) {
  const { data: company, error, isPending, isError, refetch } = useCompany(companyId);
  const [searchParams, setSearchParams] = useSearchParams();
  // Only what the server lets this person call: no 403 from a tab or a link in normal use.
  const can = useCompanyCan(company);
  const showSettings = can('companies.getSettings');
  const tabParam = searchParams.get('tab');
  const tab: Tab =
    TABS.includes(tabParam as Tab) && (tabParam !== 'settings' || showSettings)
      ? (tabParam as Tab)
      : 'general';

  if (isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" aria-label="Cargando" />
      </Flex>
    );
  }
  if (isError) {
    return (
      <>
        <PageHeader title="Empresa" back={{ to: paths.app.companies, label: 'Empresas' }} />
        <CompanyLoadError error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={company.name}
        back={{ to: paths.app.companies, label: 'Empresas' }}
        meta={<CompanyMeta company={company} />}
        actions={<CompanyActions company={company} canEdit={can('companies.update')} />}
      />
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setSearchParams(
            (previous) => {
              const params = new URLSearchParams(previous);
              if (key === 'general') params.delete('tab');
              else params.set('tab', key);
              return params;
            },
            { replace: true },
          )
        }
        tabBarExtraContent={
          can('companyUsers.list') ? (
            <LinkButton type="link" icon={<TeamOutlined />} to={paths.app.companyUsers(companyId)}>
              Usuarios
            </LinkButton>
          ) : null
        }
        items={[
          { key: 'general', label: 'Datos generales', children: <CompanyGeneralData company={company} /> },
          { key: 'fiscal', label: 'Datos fiscales', children: <CompanyFiscalData company={company} /> },
          ...(showSettings
            ? [
                {
                  key: 'settings',
                  label: 'Configuración',
                  children: (
                    <CompanySettingsPanel companyId={companyId} canManage={can('companies.updateSettings')} />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

function CompanyMeta({ company }: { company: Company }) {
  return (
    <>
      <span>NIF {company.nif}</span>
      <span aria-hidden>·</span>
      <span>{companyTypeLabels[company.companyType]}</span>
      {company.isActive ? <Tag color="success">Activa</Tag> : <Tag>Inactiva</Tag>}
      {company.isDefault ? <Tag color="blue">Predeterminada</Tag> : null}
      <ReportingTags company={company} />
    </>
  );
}

function CompanyActions({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const { selectedId, select } = useSelectCompany();
  const setDefault = useSetDefaultCompany();
  return (
    <>
      {canEdit ? (
        <LinkButton icon={<EditOutlined />} to={paths.app.companyEdit(company.companyId)}>
          Editar
        </LinkButton>
      ) : null}
      {company.isDefault ? null : (
        <Button
          loading={setDefault.isPending}
          onClick={() =>
            setDefault.mutate(company.companyId, {
              onSuccess: () => toast.success(`${company.name} es ahora tu empresa predeterminada.`),
              onError: (e) => toast.fromError(e),
            })
          }
        >
          Predeterminar
        </Button>
      )}
      {selectedId === company.companyId ? (
        <Button disabled>Empresa de trabajo actual</Button>
      ) : (
        <Button type="primary" onClick={() => select(company)}>
          Seleccionar como empresa de trabajo
        </Button>
      )}
    </>
  );
}
