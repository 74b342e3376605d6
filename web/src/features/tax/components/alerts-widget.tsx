/**
 * The dashboard's fiscal alerts (spec part 3): the open ones sorted critical, high, medium, low,
 * only the first 5, with a link to all of them ('Alertas fiscales' tab).
 */
import type { FiscalAlert } from '@shared/schemas/tax';
import { EmptyState, LoadError } from '@web/components/load-states';
import { formatDate } from '@web/lib/format';
import { topFiscalAlerts } from '@web/lib/tax-api';
import { PRIORITY_COLORS, PRIORITY_LABELS } from '@web/lib/tax-labels';
import { Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';

interface Query {
  data: FiscalAlert[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function AlertsWidget({ query, onShowAll }: { query: Query; onShowAll: () => void }) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError || !query.data) {
    return (
      <LoadError
        title="Error cargando alertas fiscales"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const shown = topFiscalAlerts(query.data);
  return (
    <Flex vertical gap={8}>
      {shown.length === 0 ? (
        <EmptyState description="No hay datos disponibles" />
      ) : (
        <Flex vertical role="list" aria-label="Alertas fiscales principales">
          {shown.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </Flex>
      )}
      <Button type="link" onClick={onShowAll} style={{ alignSelf: 'flex-start', padding: 0 }}>
        Ver todas las alertas{query.data.length > shown.length ? ` (${query.data.length})` : ''}
      </Button>
    </Flex>
  );
}

function AlertRow({ alert }: { alert: FiscalAlert }) {
  return (
    <Flex
      role="listitem"
      vertical
      gap={2}
      style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <Flex gap={8} align="center" wrap>
        <Tag color={PRIORITY_COLORS[alert.priority]}>{PRIORITY_LABELS[alert.priority]}</Tag>
        <Link to={alert.actionUrl}>
          <Typography.Text strong>{alert.title}</Typography.Text>
        </Link>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {alert.message}
      </Typography.Text>
      {alert.dueDate ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Fecha límite: {formatDate(alert.dueDate)}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
