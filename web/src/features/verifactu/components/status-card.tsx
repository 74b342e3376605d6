/**
 * 'Estado VeriFacTu' (spec part 3 §2): mode, environment, certificate with its expiry (a warning
 * under 30 days), or the 'Configurar VeriFacTu' call to action while the company has none.
 */
import type { VerifactuDashboard } from '@shared/schemas/verifactu';
import { formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import { expiryLevel, expiryMessage } from '../utils/certificate-file';
import { ENVIRONMENT_LABELS, MODE_LABELS } from '../utils/labels';
import { LinkButton } from './link-button';
import { ObligationNotice } from './obligation-notice';

export function StatusSummary({
  dashboard,
  companyId,
}: {
  dashboard: VerifactuDashboard;
  companyId: string;
}) {
  const { config, certificate } = dashboard;
  if (!dashboard.configured || !config) {
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text>
          Esta empresa aún no tiene VeriFacTu configurado: elige el modo, el entorno y el certificado para que
          sus facturas se registren y se envíen a la AEAT.
        </Typography.Text>
        <ObligationNotice dashboard={dashboard} />
        <LinkButton type="primary" to={paths.app.companySection(companyId, 'verifactu')}>
          Configurar VeriFacTu
        </LinkButton>
      </Flex>
    );
  }
  const expiry = certificate ? expiryMessage(certificate.daysToExpiry) : null;
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'mode',
            label: 'Modo',
            children: (
              <Tag color={config.mode === 'VERIFACTU' ? 'blue' : 'default'}>{MODE_LABELS[config.mode]}</Tag>
            ),
          },
          {
            key: 'env',
            label: 'Entorno',
            children: (
              <Tag color={config.environment === 'PRODUCTION' ? 'green' : 'orange'}>
                {ENVIRONMENT_LABELS[config.environment]}
              </Tag>
            ),
          },
          {
            key: 'enabled',
            label: 'Envío a la AEAT',
            children: config.enabled ? 'Activado' : 'Desactivado',
          },
          {
            key: 'cert',
            label: 'Certificado',
            children: certificate ? (
              <span>
                {certificate.subject} · válido hasta {formatDate(certificate.validTo)}
              </span>
            ) : (
              'Sin certificado'
            ),
          },
          ...(config.representative
            ? [
                {
                  key: 'rep',
                  label: 'Representante',
                  children: `${config.representative.name} (${config.representative.nif})`,
                },
              ]
            : []),
          {
            key: 'last',
            label: 'Último envío',
            children: dashboard.lastSubmissionAt ? formatDateTime(dashboard.lastSubmissionAt) : '—',
          },
        ]}
      />
      {expiry && certificate ? (
        <Alert
          type={expiryLevel(certificate.daysToExpiry) === 'expired' ? 'error' : 'warning'}
          showIcon
          title={expiry}
        />
      ) : null}
      {config.mode === 'VERIFACTU' && !certificate ? (
        <Alert type="warning" showIcon title="Sin certificado no se pueden enviar los registros a la AEAT." />
      ) : null}
      <ObligationNotice dashboard={dashboard} />
      <div>
        <LinkButton to={paths.app.companySection(companyId, 'verifactu')}>
          Configuración y certificados
        </LinkButton>
      </div>
    </Flex>
  );
}
