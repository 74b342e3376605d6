/**
 * /app/banking/treasury: 'Tesorería' (issue 19 item 4). Cards (saldo en bancos, a cobrar, a pagar,
 * vencido, DSO), the 13-week forecast with its rule, and what falls due this week.
 */
import type { DueDateLine } from '@shared/schemas/treasury';
import { DIRECTION_LABELS } from '@shared/schemas/treasury';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { formatCents, formatDate } from '@web/lib/format';
import { Card, Col, Row, Statistic, Table, type TableColumnsType } from 'antd';
import { useDueThisWeek, useLiquidity, useTreasuryDashboard } from '../api/treasury';
import { ForecastTable } from './forecast-table';
import { TreasuryNav, treasuryHeader, WithCompany } from './ui';

export function TreasuryPage() {
  return (
    <WithCompany title="Tesorería">{(companyId) => <TreasuryContent companyId={companyId} />}</WithCompany>
  );
}

const dueColumns: TableColumnsType<DueDateLine> = [
  { title: 'Vencimiento', dataIndex: 'dueDate', render: (v: string) => formatDate(v) },
  { title: 'Tipo', dataIndex: 'direction', render: (v: DueDateLine['direction']) => DIRECTION_LABELS[v] },
  { title: 'Factura', dataIndex: 'number' },
  { title: 'Cliente / proveedor', dataIndex: 'partyName' },
  { title: 'Importe', dataIndex: 'amountCents', align: 'right', render: (v: number) => formatCents(v) },
];

function TreasuryContent({ companyId }: { companyId: string }) {
  const dashboard = useTreasuryDashboard(companyId);
  const liquidity = useLiquidity(companyId);
  const week = useDueThisWeek(companyId);
  const d = dashboard.data;
  return (
    <>
      {treasuryHeader('Tesorería', 'Posición de caja, cobros y pagos pendientes y previsión a 13 semanas')}
      <TreasuryNav />
      {dashboard.isPending ? (
        <LoadingBlock />
      ) : dashboard.isError ? (
        <LoadError
          title="No se pudo cargar la tesorería"
          error={dashboard.error}
          onRetry={() => dashboard.refetch()}
        />
      ) : d ? (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={24} md={6}>
            <Card>
              <Statistic title="Saldo en bancos" value={formatCents(d.cashCents)} />
            </Card>
          </Col>
          <Col xs={24} md={6}>
            <Card>
              <Statistic title="A cobrar" value={formatCents(d.receivables.outstandingCents)} />
              <div>{d.receivables.count} facturas</div>
            </Card>
          </Col>
          <Col xs={24} md={6}>
            <Card>
              <Statistic title="A pagar" value={formatCents(d.payables.outstandingCents)} />
              <div>{d.payables.count} facturas</div>
            </Card>
          </Col>
          <Col xs={24} md={6}>
            <Card>
              <Statistic
                title="Vencido"
                value={formatCents(d.receivables.overdueCents)}
                valueStyle={{ color: d.receivables.overdueCents > 0 ? '#cf1322' : undefined }}
              />
              <div>
                De cobro ({d.receivables.overdueCount}) · De pago: {formatCents(d.payables.overdueCents)}
              </div>
              <div>DSO: {d.dsoDays === null ? '—' : `${d.dsoDays} días`}</div>
            </Card>
          </Col>
        </Row>
      ) : null}
      <Card title="Previsión de liquidez (13 semanas)" style={{ marginBottom: 16 }}>
        {liquidity.isPending ? (
          <LoadingBlock />
        ) : liquidity.isError ? (
          <LoadError
            title="No se pudo calcular la previsión"
            error={liquidity.error}
            onRetry={() => liquidity.refetch()}
          />
        ) : (
          <ForecastTable forecast={liquidity.data} />
        )}
      </Card>
      <Card title="Vence esta semana">
        <Table<DueDateLine>
          aria-label="Vence esta semana"
          size="small"
          rowKey={(l) => `${l.documentKind}-${l.documentId}-${l.dueDate}`}
          loading={week.isPending}
          columns={dueColumns}
          dataSource={week.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: 'Nada vence esta semana' }}
        />
      </Card>
    </>
  );
}
