/**
 * /app/companies/:companyId/configuration: the company's configuration, one tab per area, chosen
 * by `?tab=` (the dashboard's 'Configurar Ahora' opens `?tab=fiscal`). 'Perfil fiscal' holds the tax
 * profile and its assistant; 'Datos generales' leads to the company's own edit page.
 */
import { companyTypeLabels } from '@shared/schemas/companies';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { paths } from '@web/lib/paths';
import { Card, Descriptions, Flex, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useCompanyCan } from '../hooks/use-company-can';
import { FiscalProfileTab } from './fiscal-profile-tab';

export const CONFIGURATION_TABS = ['fiscal', 'general'] as const;
export type ConfigurationTab = (typeof CONFIGURATION_TABS)[number];

/** The tab a URL asks for; the fiscal one by default (the only area configured here for now). */
export const tabOf = (value: string | null): ConfigurationTab => (value === 'general' ? 'general' : 'fiscal');

export function CompanyConfiguration({ companyId }: { companyId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { membership } = useCompanyCan(companyId);
  const tab = tabOf(searchParams.get('tab'));
  const name = membership.data?.name;

  const setTab = (next: ConfigurationTab) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Configuración de la empresa"
        back={{ to: paths.app.company(companyId), label: name ?? 'Empresa' }}
        meta={name ? <span>{name}</span> : null}
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(tabOf(key))}
        destroyOnHidden
        items={[
          { key: 'fiscal', label: 'Perfil fiscal', children: <FiscalProfileTab companyId={companyId} /> },
          { key: 'general', label: 'Datos generales', children: <GeneralTab companyId={companyId} /> },
        ]}
      />
    </>
  );
}

function GeneralTab({ companyId }: { companyId: string }) {
  const { membership } = useCompanyCan(companyId);
  if (membership.isPending) return <LoadingBlock label="Cargando la empresa" />;
  if (membership.isError || !membership.data) {
    return (
      <LoadError
        title="No se ha podido cargar la empresa"
        error={membership.error}
        onRetry={() => void membership.refetch()}
      />
    );
  }
  const company = membership.data;
  return (
    <Card title="Datos generales">
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'name', label: 'Razón social', children: company.name },
            { key: 'nif', label: 'NIF', children: company.nif },
            { key: 'type', label: 'Forma jurídica', children: companyTypeLabels[company.companyType] },
            { key: 'sii', label: 'SII', children: company.siiEnabled ? 'Sí' : 'No' },
          ]}
        />
        {company.canManage ? (
          <Link to={paths.app.companyEdit(companyId)}>Editar los datos de la empresa</Link>
        ) : null}
      </Flex>
    </Card>
  );
}
