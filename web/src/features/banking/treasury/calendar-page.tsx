/**
 * /app/banking/treasury/calendar: a month grid (Monday first) with each day's inflows and outflows;
 * clicking a day lists its documents, tax payments and expected recurring invoices.
 */
import type { CalendarDay } from '@shared/schemas/treasury';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { formatCents, formatDate } from '@web/lib/format';
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCalendar } from '../api/treasury';
import { TreasuryNav, treasuryHeader, WithCompany } from './ui';

const WEEKDAYS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

export const shiftMonth = (month: string, offset: number): string => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Monday = 0 … Sunday = 6 of an ISO date. */
const weekdayOf = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;

export function CalendarPage({ initialMonth }: { initialMonth?: string }) {
  return (
    <WithCompany title="Calendario de tesorería">
      {(companyId) => <CalendarContent companyId={companyId} initialMonth={initialMonth} />}
    </WithCompany>
  );
}

function CalendarContent({
  companyId,
  initialMonth,
}: {
  companyId: string;
  initialMonth?: string | undefined;
}) {
  const [month, setMonth] = useState(initialMonth ?? new Date().toISOString().slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const calendar = useCalendar(companyId, month);
  const days = calendar.data?.days ?? [];
  const day = days.find((d) => d.date === selected) ?? null;
  const blanks = days.length > 0 ? weekdayOf(days[0]!.date) : 0;
  return (
    <>
      {treasuryHeader('Calendario de tesorería', 'Cobros, pagos e impuestos previstos por día')}
      <TreasuryNav />
      <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
        <Button onClick={() => setMonth(shiftMonth(month, -1))} aria-label="Mes anterior">
          ‹
        </Button>
        <Typography.Title level={4} style={{ margin: 0, textTransform: 'capitalize' }}>
          {monthLabel(month)}
        </Typography.Title>
        <Button onClick={() => setMonth(shiftMonth(month, 1))} aria-label="Mes siguiente">
          ›
        </Button>
        {calendar.data ? (
          <span>
            Entradas {formatCents(calendar.data.inflowsCents)} · Salidas{' '}
            {formatCents(calendar.data.outflowsCents)}
          </span>
        ) : null}
      </Flex>
      {calendar.isPending ? (
        <LoadingBlock />
      ) : calendar.isError ? (
        <LoadError
          title="No se pudo cargar el calendario"
          error={calendar.error}
          onRetry={() => calendar.refetch()}
        />
      ) : (
        <div
          data-testid="calendar-grid"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4, marginBottom: 16 }}
        >
          {WEEKDAYS.map((w) => (
            <div key={w} style={{ fontWeight: 600, textAlign: 'center' }}>
              {w}
            </div>
          ))}
          {Array.from({ length: blanks }, (_, i) => (
            <div key={`blank-${String(i)}`} />
          ))}
          {days.map((d) => (
            <DayCell
              key={d.date}
              day={d}
              selected={d.date === selected}
              onClick={() => setSelected(d.date)}
            />
          ))}
        </div>
      )}
      {day ? (
        <Card title={`Movimientos previstos el ${formatDate(day.date)}`}>
          <List
            aria-label="Movimientos del día"
            dataSource={day.entries}
            locale={{ emptyText: 'Nada previsto este día' }}
            renderItem={(e) => (
              <List.Item>
                <span>
                  {e.direction === 'RECEIVABLE' ? 'Cobro' : 'Pago'} · {e.label}
                  {e.partyName ? ` · ${e.partyName}` : ''}
                  {e.estimated ? (
                    <Tag color="orange" style={{ marginLeft: 8 }}>
                      Estimado
                    </Tag>
                  ) : null}
                  {e.overdue ? (
                    <Tag color="red" style={{ marginLeft: 8 }}>
                      Vencido
                    </Tag>
                  ) : null}
                </span>
                <strong>{formatCents(e.direction === 'RECEIVABLE' ? e.amountCents : -e.amountCents)}</strong>
              </List.Item>
            )}
          />
        </Card>
      ) : null}
    </>
  );
}

function DayCell({ day, selected, onClick }: { day: CalendarDay; selected: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      data-testid={`day-${day.date}`}
      onClick={onClick}
      style={{
        minHeight: 72,
        textAlign: 'left',
        padding: 6,
        border: selected ? '2px solid #1677ff' : '1px solid #f0f0f0',
        background: '#fff',
        cursor: 'pointer',
      }}
    >
      <div style={{ fontWeight: 600 }}>{Number(day.date.slice(8, 10))}</div>
      {day.inflowsCents > 0 ? <div style={{ color: '#389e0d' }}>+{formatCents(day.inflowsCents)}</div> : null}
      {day.outflowsCents > 0 ? (
        <div style={{ color: '#cf1322' }}>−{formatCents(day.outflowsCents)}</div>
      ) : null}
    </button>
  );
}
