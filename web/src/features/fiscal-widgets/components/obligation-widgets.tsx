/**
 * The dashboard's obligation widgets (spec part 3; part 2 §9): the open obligations of the next 30
 * days with the days left in colour (red at 7 or fewer, yellow at 30 or fewer) and the overdue ones
 * with the days since their due date. Each links to the calendar's list filtered the same way.
 */
import type { OverdueObligation, UpcomingObligation } from '@shared/schemas/tax';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Flex, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { daysText } from '../utils/labels';
import { DaysLeft } from './days-left';
import { WidgetCard, type WidgetQuery } from './widget-card';

/** Rows per widget; the calendar lists them all. */
export const WIDGET_ROWS = 5;

export function UpcomingObligationsWidget({ query }: { query: WidgetQuery<UpcomingObligation[]> }) {
  return (
    <WidgetCard
      title="Próximas obligaciones"
      extra={<Link to={paths.app.tax.calendarFiltered('pending')}>Ver calendario</Link>}
      query={query}
      errorTitle="Error cargando obligaciones próximas"
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => (
        <ObligationRows
          label="Próximas obligaciones"
          rows={rows}
          aside={(o) => <DaysLeft days={o.daysRemaining} />}
        />
      )}
    </WidgetCard>
  );
}

export function OverdueObligationsWidget({ query }: { query: WidgetQuery<OverdueObligation[]> }) {
  return (
    <WidgetCard
      title="Obligaciones vencidas"
      extra={<Link to={paths.app.tax.calendarFiltered('overdue')}>Ver todas</Link>}
      query={query}
      errorTitle="Error cargando obligaciones vencidas"
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => (
        <ObligationRows
          label="Obligaciones vencidas"
          rows={rows}
          aside={(o) => <Tag color="red">Vencida hace {daysText(o.daysOverdue)}</Tag>}
        />
      )}
    </WidgetCard>
  );
}

function ObligationRows<T extends UpcomingObligation>({
  label,
  rows,
  aside,
}: {
  label: string;
  rows: T[];
  aside: (o: T) => ReactNode;
}) {
  const shown = [...rows].sort((a, b) => a.dueDate.localeCompare(b.dueDate)).slice(0, WIDGET_ROWS);
  return (
    <Flex vertical role="list" aria-label={label}>
      {shown.map((o) => (
        <Flex
          key={`${o.companyId}-${o.id}`}
          role="listitem"
          justify="space-between"
          align="center"
          gap={8}
          wrap
          style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
        >
          <Flex vertical style={{ minWidth: 0, flex: '1 1 180px' }}>
            <strong>
              Modelo {o.modelType} · {o.periodLabel}
            </strong>
            <span style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 13 }}>{o.modelName}</span>
            <span style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 12 }}>
              Vence el {formatDate(o.dueDate)}
              {o.paidByDomiciliation && o.domiciliationDueDate
                ? ` · domiciliación hasta el ${formatDate(o.domiciliationDueDate)}`
                : ''}
            </span>
          </Flex>
          {aside(o)}
        </Flex>
      ))}
      {rows.length > shown.length ? (
        <span style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 12, paddingTop: 8 }}>
          y {rows.length - shown.length} más
        </span>
      ) : null}
    </Flex>
  );
}
