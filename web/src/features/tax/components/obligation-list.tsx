/**
 * The dashboard's lists of obligations: the next 30 days ('Error cargando obligaciones próximas')
 * and the overdue ones ('Error cargando obligaciones vencidas'), each with loading, empty and
 * error states (spec part 3 widgets).
 */
import type { OverdueObligation, UpcomingObligation } from '@shared/schemas/tax';
import { EmptyState, LoadError } from '@web/components/load-states';
import { formatDate } from '@web/lib/format';
import { daysLeftTone, TONE_COLORS } from '@web/lib/tax-api';
import { daysText } from '@web/lib/tax-labels';
import { Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Shown per list; the full list is the calendar's. */
export const DASHBOARD_LIST_SIZE = 8;

interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function UpcomingObligationList({ query }: { query: ListQuery<UpcomingObligation> }) {
  return (
    <ObligationList
      query={query}
      errorTitle="Error cargando obligaciones próximas"
      render={(o) => {
        const tone = daysLeftTone(o.daysRemaining);
        return (
          <Tag color={tone === 'danger' ? 'red' : tone === 'warning' ? 'gold' : 'green'}>
            {o.daysRemaining === 0 ? 'Hoy' : `Quedan ${daysText(o.daysRemaining)}`}
          </Tag>
        );
      }}
    />
  );
}

export function OverdueObligationList({ query }: { query: ListQuery<OverdueObligation> }) {
  return (
    <ObligationList
      query={query}
      errorTitle="Error cargando obligaciones vencidas"
      render={(o) => <Tag color="red">Vencida hace {daysText(o.daysOverdue)}</Tag>}
    />
  );
}

function ObligationList<T extends UpcomingObligation>({
  query,
  errorTitle,
  render,
}: {
  query: ListQuery<T>;
  errorTitle: string;
  render: (o: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError || !query.data) {
    return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) return <EmptyState description="No hay datos disponibles" />;
  const rows = [...query.data]
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
    .slice(0, DASHBOARD_LIST_SIZE);
  return (
    <Flex vertical gap={0} role="list">
      {rows.map((o) => (
        <Flex
          key={`${o.companyId}-${o.id}`}
          role="listitem"
          justify="space-between"
          align="center"
          gap={8}
          wrap
          style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
        >
          <Flex vertical style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Typography.Text strong>
              Modelo {o.modelType} · {o.periodLabel}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {o.modelName}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Vence el {formatDate(o.dueDate)}
              {o.paidByDomiciliation && o.domiciliationDueDate
                ? ` · domiciliado: presentar hasta el ${formatDate(o.domiciliationDueDate)}`
                : ''}
            </Typography.Text>
          </Flex>
          {render(o)}
        </Flex>
      ))}
    </Flex>
  );
}

/** The days-left text in its colour (red at 7 or less, yellow at 30 or less). */
export function DaysLeft({ days }: { days: number }) {
  const tone = daysLeftTone(days);
  return (
    <span style={{ color: tone ? TONE_COLORS[tone] : undefined, fontWeight: 600 }} data-tone={tone ?? 'none'}>
      {days === 0 ? 'Vence hoy' : days < 0 ? `Vencida hace ${daysText(-days)}` : `Quedan ${daysText(days)}`}
    </span>
  );
}
