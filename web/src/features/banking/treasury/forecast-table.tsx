/**
 * The 13-week forecast as a table with bars drawn in plain CSS (the web has no chart library): per
 * week its opening, inflows, outflows and closing, the closing drawn as a bar (red when negative); a
 * week expands into the lines that make it. The rule is printed under the table.
 */
import { FORECAST_LINE_LABELS, type ForecastWeek, type LiquidityForecast } from '@shared/schemas/treasury';
import { formatCents, formatDate } from '@web/lib/format';
import { Table, type TableColumnsType, Tag, Typography } from 'antd';

function Bar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.max(2, Math.round((Math.abs(value) / max) * 100)) : 0;
  return (
    <div style={{ background: '#f0f0f0', height: 10, width: 160, borderRadius: 2 }}>
      <div
        data-testid="forecast-bar"
        style={{
          width: `${width}%`,
          height: 10,
          borderRadius: 2,
          background: value < 0 ? '#cf1322' : '#1677ff',
        }}
      />
    </div>
  );
}

export function ForecastTable({ forecast }: { forecast: LiquidityForecast }) {
  const max = Math.max(...forecast.weeks.map((w) => Math.abs(w.closingCents)), 1);
  const columns: TableColumnsType<ForecastWeek> = [
    { title: 'Semana', key: 'week', render: (_, w) => `S${w.week} · ${formatDate(w.from)}` },
    {
      title: 'Saldo inicial',
      dataIndex: 'openingCents',
      align: 'right',
      render: (v: number) => formatCents(v),
    },
    { title: 'Entradas', dataIndex: 'inflowsCents', align: 'right', render: (v: number) => formatCents(v) },
    { title: 'Salidas', dataIndex: 'outflowsCents', align: 'right', render: (v: number) => formatCents(v) },
    {
      title: 'Saldo final',
      dataIndex: 'closingCents',
      align: 'right',
      render: (v: number, w) => <span data-testid={`closing-${w.week}`}>{formatCents(v)}</span>,
    },
    { title: '', key: 'bar', render: (_, w) => <Bar value={w.closingCents} max={max} /> },
  ];
  return (
    <>
      <Table<ForecastWeek>
        aria-label="Previsión de 13 semanas"
        rowKey="week"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={forecast.weeks}
        expandable={{
          rowExpandable: (w) => w.lines.length > 0,
          expandedRowRender: (w) => (
            <ul style={{ margin: 0 }}>
              {w.lines.map((l) => (
                <li key={`${l.kind}-${l.date}-${l.documentId ?? l.label}`}>
                  {formatDate(l.date)} · {FORECAST_LINE_LABELS[l.kind]}: {l.label} ·{' '}
                  {formatCents(l.amountCents)}
                  {l.estimated ? (
                    <Tag color="orange" style={{ marginLeft: 8 }}>
                      Estimado
                    </Tag>
                  ) : null}
                </li>
              ))}
            </ul>
          ),
        }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="forecast-rule">
        {forecast.rule}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Cobros vencidos no incluidos: {formatCents(forecast.overdueReceivablesCents)} · Pagos vencidos
        incluidos en la semana 1: {formatCents(forecast.overduePayablesCents)}
      </Typography.Paragraph>
    </>
  );
}
