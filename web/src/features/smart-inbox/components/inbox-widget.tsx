/**
 * The smart inbox widget (spec part 3 "Smart inbox" widget data, §9): system status, pending
 * emails and invoices, last sync, the 5 latest activities; 'not configured' with advice to contact
 * support when its status is ERROR or absent.
 */
import type { InboxWidget as InboxWidgetData } from '@shared/schemas/inbox';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { formatInteger, formatRelativeTime } from '@web/lib/format';
import { Alert, Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useInboxWidget } from '../api/get-inbox-data';
import { SystemStatusTag } from './status-tags';

const ACTIVITY_LABELS: Record<InboxWidgetData['recentActivity'][number]['type'], string> = {
  EMAIL_RECEIVED: 'Correo recibido',
  INVOICE_PROCESSED: 'Factura procesada',
  INVOICE_APPROVED: 'Factura aprobada',
  ERROR: 'Error',
};

export const NOT_CONFIGURED = 'Buzón inteligente no configurado';
export const CONTACT_SUPPORT = 'Contacta con soporte para activarlo o revisar su configuración.';

export function InboxWidget({ companyId }: { companyId: string }) {
  const widget = useInboxWidget(companyId);
  if (widget.isPending) return <LoadingBlock label="Cargando el buzón" />;
  if (widget.isError)
    return (
      <LoadError title="Error cargando el buzón" error={widget.error} onRetry={() => void widget.refetch()} />
    );
  const w = widget.data;
  if (!w?.systemStatus || w.systemStatus === 'ERROR' || !w.configured) {
    return <Alert type="warning" showIcon title={NOT_CONFIGURED} description={CONTACT_SUPPORT} />;
  }
  return (
    <Card size="small" title="Estado del buzón" extra={<SystemStatusTag status={w.systemStatus} />}>
      <Row gutter={[16, 16]}>
        <Col xs={8}>
          <Statistic title="Correos pendientes" value={formatInteger(w.pendingEmails)} />
        </Col>
        <Col xs={8}>
          <Statistic title="Facturas pendientes" value={formatInteger(w.pendingInvoices)} />
        </Col>
        <Col xs={8}>
          <Statistic
            title="Última sincronización"
            value={w.lastSyncAt ? formatRelativeTime(w.lastSyncAt) : '—'}
          />
        </Col>
      </Row>
      {w.recentActivity.length === 0 ? (
        <EmptyState description="No hay datos disponibles" />
      ) : (
        <Flex vertical gap={4} style={{ marginTop: 12 }}>
          <Typography.Text strong>Actividad reciente</Typography.Text>
          {w.recentActivity.slice(0, 5).map((a) => (
            <Flex key={a.id} justify="space-between" gap={8}>
              <span>
                <Typography.Text>{ACTIVITY_LABELS[a.type] ?? a.type}</Typography.Text>{' '}
                <Typography.Text type="secondary">{a.description}</Typography.Text>
              </span>
              <Typography.Text type="secondary">{formatRelativeTime(a.timestamp)}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
