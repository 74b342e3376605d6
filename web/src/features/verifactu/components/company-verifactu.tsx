/**
 * /app/companies/:companyId/verifactu: the company's configuration, the connection test and its
 * certificates. Who manages the company edits; a CLIENTE with VIEW_TAX_DOCUMENTS reads.
 */

import { useQuery } from '@tanstack/react-query';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { companyMembershipQueryOptions } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { Card, Flex } from 'antd';
import { useCertificates } from '../api/get-certificates';
import { useVerifactuConfig } from '../api/get-config';
import { useVerifactuDashboard } from '../api/get-dashboard';
import { CertificatesTable, CertificateUploadForm } from './certificates-section';
import { ConfigForm, ConfigView, ConnectionTest } from './config-form';
import { LinkButton } from './link-button';
import { ObligationNotice } from './obligation-notice';

export function CompanyVerifactu({ companyId }: { companyId: string }) {
  const membership = useQuery(companyMembershipQueryOptions(companyId));
  const config = useVerifactuConfig(companyId);
  const certificates = useCertificates(companyId);
  const dashboard = useVerifactuDashboard(companyId);
  const canManage = membership.data?.canManage === true;
  const name = membership.data?.name;

  return (
    <>
      <PageHeader
        title="Configuración VeriFacTu"
        back={{ to: paths.app.company(companyId), label: name ?? 'Empresa' }}
        meta={name ? <span>{name}</span> : null}
        actions={<LinkButton to={paths.app.verifactu}>Estado VeriFacTu</LinkButton>}
      />
      <Flex vertical gap={16}>
        <ObligationNotice dashboard={dashboard.data} />
        <Card title="Configuración">
          {config.isPending || certificates.isPending || membership.isPending ? (
            <LoadingBlock label="Cargando la configuración VeriFacTu" />
          ) : config.isError ? (
            <LoadError
              title="No se ha podido cargar la configuración VeriFacTu"
              error={config.error}
              onRetry={() => void config.refetch()}
            />
          ) : canManage ? (
            <ConfigForm
              key={config.data?.updatedAt ?? 'new'}
              companyId={companyId}
              config={config.data ?? null}
              certificates={certificates.data ?? []}
            />
          ) : (
            <ConfigView config={config.data ?? null} certificates={certificates.data ?? []} />
          )}
        </Card>
        {config.isSuccess ? (
          <Card title="Conexión con la AEAT">
            <ConnectionTest companyId={companyId} config={config.data ?? null} canManage={canManage} />
          </Card>
        ) : null}
        <Card title="Certificados">
          <Flex vertical gap={16}>
            {canManage ? <CertificateUploadForm companyId={companyId} /> : null}
            {certificates.isError ? (
              <LoadError
                title="No se han podido cargar los certificados"
                error={certificates.error}
                onRetry={() => void certificates.refetch()}
              />
            ) : (
              <CertificatesTable
                companyId={companyId}
                certificates={certificates.data ?? []}
                canManage={canManage}
              />
            )}
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
