import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { WidgetCard } from '@web/components/widget-card';
import { useCan } from '@web/lib/access';
import { ALERTS_SHOWN } from '@web/lib/dashboard-thresholds';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { Badge, Button, Flex } from 'antd';
import { Link } from 'react-router-dom';
import { useDocumentAlerts } from '../api/get-document-alerts';
import type { DocumentAlert } from '../types';

const STATUS_BADGE: Record<DocumentAlert['status'], 'success' | 'warning' | 'error' | 'processing'> = {
  success: 'success',
  warning: 'warning',
  error: 'error',
  info: 'processing',
};

/**
 * 'Alertas de documentos' (spec part 3 §2, §3 Document alert): the latest thing that happened to
 * the company's documents — the widget asks for 5 (§7). Shown to whoever may read documents.
 */
export function DocumentAlertsWidget({ companyId }: { companyId: string }) {
  const allowed = useCan('documents.alerts');
  const alerts = useDocumentAlerts(companyId, ALERTS_SHOWN, allowed);
  if (!allowed) return null;

  const refresh = () =>
    void alerts.refetch().then((result) => {
      // A failed refresh of alerts already shown keeps them and says so.
      if (result.isError && result.data) toast.error('Error actualizando alertas de documentos');
    });

  return (
    <WidgetCard
      title="Alertas de documentos"
      loading={alerts.isPending}
      error={alerts.isError && !alerts.data}
      onRetry={() => void alerts.refetch()}
      empty={(alerts.data?.length ?? 0) === 0}
      errorMessage="Error cargando alertas de documentos"
      extra={
        <Flex gap={8} align="center">
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined />}
            aria-label="Actualizar alertas de documentos"
            loading={alerts.isFetching && !alerts.isPending}
            onClick={refresh}
          />
          <Link to={paths.app.documents}>Ver todos</Link>
        </Flex>
      }
    >
      <ul aria-label="Alertas de documentos" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {(alerts.data ?? []).slice(0, ALERTS_SHOWN).map((alert) => (
          <li key={alert.id} style={{ padding: '6px 0' }}>
            <Flex gap={8} align="baseline">
              <Badge status={STATUS_BADGE[alert.status]} />
              <Flex vertical style={{ minWidth: 0 }}>
                <strong>{alert.title}</strong>
                <span style={{ opacity: 0.8 }}>{alert.message}</span>
                <span style={{ opacity: 0.6, fontSize: 12 }}>
                  {[
                    alert.category,
                    alert.invoiceNumber ? `Factura ${alert.invoiceNumber}` : null,
                    alert.confidence !== null ? `Confianza ${Math.round(alert.confidence * 100)} %` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span style={{ opacity: 0.6, fontSize: 12 }} title={formatDateTime(alert.timestamp)}>
                  {formatRelativeTime(alert.timestamp)}
                </span>
              </Flex>
            </Flex>
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}
