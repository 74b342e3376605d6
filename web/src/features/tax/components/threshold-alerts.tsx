/**
 * Threshold alerts: the invoices' running totals against the thresholds that change what the
 * company files (gran empresa, monthly 349, modelo 347), from `taxThresholds.alerts`.
 */
import type { ThresholdAlert } from '@shared/schemas/tax';
import { LoadError } from '@web/components/load-states';
import { formatCents } from '@web/lib/format';
import { PRIORITY_COLORS, PRIORITY_LABELS, THRESHOLD_LABELS } from '@web/lib/tax-labels';
import { Flex, Skeleton, Tag, Typography } from 'antd';
import type { ThresholdAlertsView } from '../api/get-threshold-alerts';

interface Query {
  data: ThresholdAlertsView | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function ThresholdAlerts({ query }: { query: Query }) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError || !query.data) {
    return (
      <LoadError
        title="Error cargando alertas de umbrales"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { alerts, year } = query.data;
  if (alerts.length === 0) {
    return (
      <Typography.Text type="secondary">
        Ningún umbral fiscal superado ni cerca de superarse en {year}.
      </Typography.Text>
    );
  }
  return (
    <Flex vertical role="list" aria-label="Alertas de umbrales">
      {alerts.map((alert) => (
        <ThresholdRow key={`${alert.code}-${alert.model ?? ''}`} alert={alert} />
      ))}
    </Flex>
  );
}

function ThresholdRow({ alert }: { alert: ThresholdAlert }) {
  return (
    <Flex
      role="listitem"
      vertical
      gap={2}
      style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <Flex gap={8} align="center" wrap>
        <Tag color={PRIORITY_COLORS[alert.priority]}>{PRIORITY_LABELS[alert.priority]}</Tag>
        <Typography.Text strong>{alert.title}</Typography.Text>
        {alert.model ? <Tag>Modelo {alert.model}</Tag> : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {alert.message}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {THRESHOLD_LABELS[alert.code]} · Importe: {formatCents(alert.valueCents)}
        {alert.thresholdCents !== null ? ` · Umbral: ${formatCents(alert.thresholdCents)}` : ''}
      </Typography.Text>
    </Flex>
  );
}
