/**
 * The dashboard's fiscal alerts (spec part 3; part 2 §9): the open ones sorted critical, high,
 * medium, low, only the first 5, and 'Ver todas' leading to every alert on the tax dashboard.
 */
import type { FiscalAlert } from '@shared/schemas/tax';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { topFiscalAlerts } from '@web/lib/tax-api';
import { PRIORITY_COLORS, PRIORITY_LABELS } from '@web/lib/tax-labels';
import { Flex, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { WidgetCard, type WidgetQuery } from './widget-card';

export function FiscalAlertsWidget({ query }: { query: WidgetQuery<FiscalAlert[]> }) {
  return (
    <WidgetCard
      title="Alertas fiscales"
      extra={<Link to={paths.app.tax.alerts}>Ver todas</Link>}
      query={query}
      errorTitle="Error cargando alertas fiscales"
      isEmpty={(alerts) => alerts.length === 0}
    >
      {(alerts) => (
        <Flex vertical role="list" aria-label="Alertas fiscales principales">
          {topFiscalAlerts(alerts).map((alert) => (
            <Flex
              key={alert.id}
              role="listitem"
              vertical
              gap={2}
              style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
            >
              <Flex gap={8} align="center" wrap>
                <Tag color={PRIORITY_COLORS[alert.priority]}>{PRIORITY_LABELS[alert.priority]}</Tag>
                <Link to={alert.actionUrl}>
                  <strong>{alert.title}</strong>
                </Link>
              </Flex>
              <span style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 13 }}>{alert.message}</span>
              {alert.dueDate ? (
                <span style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 12 }}>
                  Fecha límite: {formatDate(alert.dueDate)}
                </span>
              ) : null}
            </Flex>
          ))}
        </Flex>
      )}
    </WidgetCard>
  );
}
