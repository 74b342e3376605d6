/**
 * /app/companies/:companyId/sii: the company's SII configuration, the connection test and the
 * certificates it may choose from (uploaded in the company's certificates, shared with
 * VeriFacTu). Who may write the company's tax settings (owner, gestor) edits; a CLIENTE with
 * VIEW_TAX_DOCUMENTS reads.
 */
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '@web/components/link-button';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { companyMembershipQueryOptions } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { Alert, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useCertificates } from '../api/get-certificates';
import { useSiiConfig } from '../api/get-config';
import { useCanInCompany } from '../hooks/use-can-in-company';
import { certificateLabel, SiiConfigForm, SiiConfigView, SiiConnectionTestPanel } from './config-form';

export function CompanySii({ companyId }: { companyId: string }) {
  const membership = useQuery(companyMembershipQueryOptions(companyId));
  const config = useSiiConfig(companyId);
  const certificates = useCertificates(companyId);
  const canEdit = useCanInCompany('sii.updateConfig', companyId);
  const canTest = useCanInCompany('sii.testConnection', companyId);
  const name = membership.data?.name;
  const siiEnabled = membership.data?.siiEnabled;

  return (
    <>
      <PageHeader
        title="Configuración SII"
        back={{ to: paths.app.company(companyId), label: name ?? 'Empresa' }}
        meta={name ? <span>{name}</span> : null}
        actions={siiEnabled ? <LinkButton to={paths.app.tax.sii}>Estado SII</LinkButton> : null}
      />
      <Flex vertical gap={16}>
        {siiEnabled === false ? (
          <Alert
            type="warning"
            showIcon
            title="Esta empresa no tiene activado el SII"
            description={
              <span>
                Actívalo en su{' '}
                <Link to={paths.app.companyConfiguration(companyId, 'fiscal')}>perfil fiscal</Link> (grandes
                empresas, REDEME, grupos de IVA u opción voluntaria). Puedes dejar la configuración preparada.
              </span>
            }
          />
        ) : null}
        <Card title="Configuración">
          {config.isPending || certificates.isPending || membership.isPending ? (
            <LoadingBlock label="Cargando la configuración SII" />
          ) : config.isError ? (
            <LoadError
              title="No se ha podido cargar la configuración SII"
              error={config.error}
              onRetry={() => void config.refetch()}
            />
          ) : canEdit ? (
            <SiiConfigForm
              key={config.data?.updatedAt ?? 'new'}
              companyId={companyId}
              config={config.data ?? null}
              certificates={certificates.data ?? []}
            />
          ) : (
            <SiiConfigView config={config.data ?? null} certificates={certificates.data ?? []} />
          )}
        </Card>
        {config.isSuccess ? (
          <Card title="Conexión con la AEAT">
            <SiiConnectionTestPanel companyId={companyId} config={config.data ?? null} canTest={canTest} />
          </Card>
        ) : null}
        <Card
          title="Certificados"
          extra={
            canEdit ? (
              <Link to={paths.app.companySection(companyId, 'verifactu')}>
                Subir o gestionar certificados
              </Link>
            ) : null
          }
        >
          {certificates.isError ? (
            <LoadError
              title="No se han podido cargar los certificados"
              error={certificates.error}
              onRetry={() => void certificates.refetch()}
            />
          ) : certificates.data?.length ? (
            <Flex vertical gap={4}>
              {certificates.data.map((c) => (
                <Typography.Text key={c.certificateId} type={c.status === 'VALID' ? undefined : 'secondary'}>
                  {certificateLabel(c)}
                  {c.status !== 'VALID' ? ' (no válido)' : ''}
                </Typography.Text>
              ))}
            </Flex>
          ) : certificates.isPending ? null : (
            <Typography.Text type="secondary">
              La empresa no tiene certificados. Sin certificado no se pueden enviar los libros a la AEAT.
            </Typography.Text>
          )}
        </Card>
      </Flex>
    </>
  );
}
