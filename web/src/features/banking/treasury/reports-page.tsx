/**
 * /app/banking/treasury/reports: collection metrics (DSO, collected this month, average collection
 * days, paid on time) and the per-client average delay (weighted by amount) with what is overdue.
 */
import type { ClientDelayRow } from '@shared/schemas/treasury';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { formatCents } from '@web/lib/format';
import { Card, Col, Row, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import { useClientDelay, useCollectionMetrics } from '../api/treasury';
import { TreasuryNav, treasuryHeader, WithCompany } from './ui';

const days = (v: number | null) => (v === null ? '—' : `${v.toLocaleString('es-ES')} días`);

export function ReportsPage() {
  return (
    <WithCompany title="Informes de cobro">
      {(companyId) => <ReportsContent companyId={companyId} />}
    </WithCompany>
  );
}

const columns: TableColumnsType<ClientDelayRow> = [
  { title: 'Cliente', dataIndex: 'partyName' },
  { title: 'NIF', dataIndex: 'partyNif', render: (v: string | null) => v ?? '—' },
  { title: 'Facturas', dataIndex: 'invoices', align: 'right' },
  {
    title: 'Retraso medio',
    dataIndex: 'averageDelayDays',
    align: 'right',
    render: (v: number | null, r) => <span data-testid={`delay-${r.partyKey}`}>{days(v)}</span>,
  },
  { title: 'Cobrado', dataIndex: 'paidCents', align: 'right', render: (v: number) => formatCents(v) },
  {
    title: 'Pendiente',
    dataIndex: 'outstandingCents',
    align: 'right',
    render: (v: number) => formatCents(v),
  },
  { title: 'Vencido', dataIndex: 'overdueCents', align: 'right', render: (v: number) => formatCents(v) },
];

function ReportsContent({ companyId }: { companyId: string }) {
  const metrics = useCollectionMetrics(companyId);
  const delay = useClientDelay(companyId);
  const m = metrics.data;
  return (
    <>
      {treasuryHeader('Informes de cobro', 'Periodo medio de cobro y retraso por cliente')}
      <TreasuryNav />
      {metrics.isPending ? (
        <LoadingBlock />
      ) : metrics.isError ? (
        <LoadError
          title="No se pudieron cargar las métricas"
          error={metrics.error}
          onRetry={() => metrics.refetch()}
        />
      ) : m ? (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={24} md={6}>
            <Card>
              <Statistic title="DSO (días de cobro)" value={days(m.dsoDays)} />
              <Typography.Text type="secondary">
                Pendiente {formatCents(m.receivablesOutstandingCents)} / ventas 90 días{' '}
                {formatCents(m.salesLast90DaysCents)} × 90
              </Typography.Text>
            </Card>
          </Col>
          <Col xs={24} md={6}>
            <Card>
              <Statistic title="Cobrado este mes" value={formatCents(m.collectedThisMonthCents)} />
            </Card>
          </Col>
          <Col xs={24} md={6}>
            <Card>
              <Statistic title="Días medios de cobro" value={days(m.averageCollectionDays)} />
            </Card>
          </Col>
          <Col xs={24} md={6}>
            <Card>
              <Statistic
                title="Cobrado en plazo"
                value={m.paidOnTimeBp === null ? '—' : `${(m.paidOnTimeBp / 100).toLocaleString('es-ES')} %`}
              />
              <Typography.Text type="secondary">
                {m.paidOnTimeCount} en plazo · {m.paidLateCount} con retraso
              </Typography.Text>
            </Card>
          </Col>
        </Row>
      ) : null}
      <Card title="Retraso medio por cliente">
        {delay.isError ? (
          <LoadError
            title="No se pudo cargar el retraso"
            error={delay.error}
            onRetry={() => delay.refetch()}
          />
        ) : (
          <Table<ClientDelayRow>
            aria-label="Retraso medio por cliente"
            rowKey="partyKey"
            size="small"
            loading={delay.isPending}
            columns={columns}
            dataSource={delay.data?.rows ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Retraso medio = media de (fecha de cobro − vencimiento) ponderada por importe; negativo si el
          cliente paga antes del vencimiento.
        </Typography.Paragraph>
      </Card>
    </>
  );
}
