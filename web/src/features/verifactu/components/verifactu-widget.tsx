/**
 * The dashboard's VeriFacTu widget (spec part 3 §2, §8): the warnings 'VeriFacTu no configurado'
 * (medium) and '{n} envíos VeriFacTu con errores' (high), the state by status or the 'Configurar
 * VeriFacTu' prompt, and the usage meter. Companies in the SII are outside VeriFacTu (RD
 * 1007/2023 art. 3): no widget. A user without VIEW_TAX_DOCUMENTS (403) does not see it either.
 *
 * No antd Typography here or in the usage meter: it reaches TextArea, and TextArea reachable from
 * the dashboard splits antd's input chunk that the login page loads (+1.3 kB gzip on its budget).
 */
import { SUBMISSION_STATUSES } from '@shared/schemas/verifactu';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { isApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Card, Flex, Space, Tag } from 'antd';
import { useVerifactuDashboard } from '../api/get-dashboard';
import {
  ENVIRONMENT_LABELS,
  MODE_LABELS,
  SUBMISSION_STATUS_COLORS,
  SUBMISSION_STATUS_LABELS,
} from '../utils/labels';
import { verifactuWarnings } from '../utils/warnings';
import { LinkButton } from './link-button';
import { UsageMeter } from './usage-meter';
import { VerifactuWarnings } from './warnings';

export function VerifactuWidget({ company }: { company: { companyId: string; siiEnabled?: boolean } }) {
  const query = useVerifactuDashboard(company.siiEnabled ? null : company.companyId);
  if (company.siiEnabled) return null;
  if (query.isError && isApiError(query.error) && query.error.status === 403) return null;
  const dashboard = query.data;
  return (
    <Card
      title="Estado VeriFacTu"
      aria-label="Estado VeriFacTu"
      extra={dashboard?.configured ? <LinkButton to={paths.app.verifactu}>Ver VeriFacTu</LinkButton> : null}
    >
      {query.isPending ? (
        <LoadingBlock label="Cargando el estado VeriFacTu" />
      ) : query.isError || !dashboard ? (
        <LoadError
          title="No se ha podido cargar el estado VeriFacTu"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Flex vertical gap={12}>
          <VerifactuWarnings warnings={verifactuWarnings(dashboard)} />
          {dashboard.configured && dashboard.config ? (
            <>
              <Space wrap>
                <Tag color="blue">{MODE_LABELS[dashboard.config.mode]}</Tag>
                <Tag>{ENVIRONMENT_LABELS[dashboard.config.environment]}</Tag>
              </Space>
              <Space wrap aria-label="Envíos por estado">
                {SUBMISSION_STATUSES.map((s) => (
                  <Tag key={s} color={SUBMISSION_STATUS_COLORS[s]}>
                    {SUBMISSION_STATUS_LABELS[s]}: {dashboard.counts?.[s] ?? 0}
                  </Tag>
                ))}
              </Space>
              <UsageMeter usage={dashboard.usage} />
            </>
          ) : (
            <Flex vertical gap={8} align="flex-start">
              <span>Configura VeriFacTu para registrar y enviar las facturas a la AEAT.</span>
              <LinkButton type="primary" to={paths.app.companySection(company.companyId, 'verifactu')}>
                Configurar VeriFacTu
              </LinkButton>
            </Flex>
          )}
        </Flex>
      )}
    </Card>
  );
}
