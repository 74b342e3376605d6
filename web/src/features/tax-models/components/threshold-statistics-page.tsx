/**
 * /app/tax/threshold-statistics (issue 14 item 7): the year's figures a gestoría watches against
 * their legal thresholds, from the running aggregates: the modelo 347 (whether the company files it,
 * the counterparties above 3.005,06 € with their four quarters, those close to it) and the year's
 * thresholds (large company and SII, simplified invoices, intra-EU operations and the monthly 349).
 * The thresholds come from the invoices' statistics, which a client without invoice permission may
 * not read: then only the 347 is shown.
 */
import type { ThresholdFigure, ThresholdStatisticsView } from '@shared/schemas/tax-aggregates';
import type { Threshold347View } from '@shared/schemas/tax-models';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { YearSelect } from '@web/components/year-select';
import { useCan } from '@web/lib/access';
import { formatCents, formatInteger } from '@web/lib/format';
import { spanishToday } from '@web/lib/spanish-today';
import {
  KEY_347_LABELS,
  THRESHOLD_347_STATUS_COLORS,
  THRESHOLD_347_STATUS_LABELS,
} from '@web/lib/tax-labels';
import { yearFrom } from '@web/lib/years';
import { Card, Col, Flex, Grid, Progress, Row, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useThreshold347 } from '../api/threshold-347';
import { useThresholdStatistics } from '../api/threshold-statistics';
import { ModelsPageHeader, TaxModelsFrame, useTaxModelsContext } from './tax-page';

type Counterparty = Threshold347View['counterparties'][number];

/** The share of the threshold reached, for the bar (display only: the comparison is in céntimos). */
const percentOf = (value: number, threshold: number) => Math.min(100, Math.round((value / threshold) * 100));

function Figure({ figure, extra }: { figure: ThresholdFigure; extra?: string }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text>{figure.label}</Typography.Text>
      <Flex gap={8} align="baseline" wrap>
        <Typography.Text strong style={{ fontSize: 18 }}>
          {formatCents(figure.valueCents)}
        </Typography.Text>
        {figure.thresholdCents !== null ? (
          <Typography.Text type="secondary">de {formatCents(figure.thresholdCents)}</Typography.Text>
        ) : null}
        {extra ? <Typography.Text type="secondary">{extra}</Typography.Text> : null}
        {figure.exceeded ? <Tag color="red">Superado</Tag> : null}
      </Flex>
      {figure.thresholdCents !== null ? (
        <Progress
          percent={percentOf(figure.valueCents, figure.thresholdCents)}
          status={figure.exceeded ? 'exception' : 'normal'}
          showInfo={false}
          size="small"
          aria-label={figure.label}
        />
      ) : null}
    </Flex>
  );
}

function YearThresholds({ stats }: { stats: ThresholdStatisticsView }) {
  const quarter = stats.intraEu.largestQuarter.quarter;
  return (
    <Card title="Umbrales del año" size="small">
      <Flex vertical gap={16}>
        <Figure figure={stats.turnover} />
        <Figure
          figure={stats.modelo347.threshold}
          extra={`${formatInteger(stats.modelo347.threshold.count)} ${
            stats.modelo347.threshold.count === 1 ? 'cliente o proveedor' : 'clientes y proveedores'
          } por encima`}
        />
        <Figure
          figure={stats.simplifiedInvoices}
          extra={`${formatInteger(stats.simplifiedInvoices.count)} ${
            stats.simplifiedInvoices.count === 1 ? 'factura' : 'facturas'
          }`}
        />
        <Figure figure={stats.intraEu.issued} />
        <Figure figure={stats.intraEu.received} />
        <Figure
          figure={stats.intraEu.largestQuarter}
          extra={quarter ? `(${quarter.slice(-1)}.º trimestre)` : undefined}
        />
      </Flex>
    </Card>
  );
}

function Modelo347({ view }: { view: Threshold347View }) {
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<Counterparty> = [
    {
      title: 'Cliente o proveedor',
      key: 'name',
      render: (_, c) => (
        <Flex vertical gap={2}>
          <span>{c.name || c.counterpartyKey}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {KEY_347_LABELS[c.key]}
          </Typography.Text>
          {screens.sm ? null : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Trimestres: {c.quarterAmountsCents.map((q) => formatCents(q)).join(' · ')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Importe anual',
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_, c) => <strong style={{ whiteSpace: 'nowrap' }}>{formatCents(c.amountCents)}</strong>,
    },
    ...[0, 1, 2, 3].map((q) => ({
      title: `${q + 1}T`,
      key: `q${q}`,
      align: 'right' as const,
      width: 120,
      responsive: ['sm' as const],
      render: (_: unknown, c: Counterparty) => formatCents(c.quarterAmountsCents[q] ?? 0),
    })),
  ];
  return (
    <Card
      title="Modelo 347: operaciones con terceras personas"
      size="small"
      extra={
        <Tag color={THRESHOLD_347_STATUS_COLORS[view.status]}>{THRESHOLD_347_STATUS_LABELS[view.status]}</Tag>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Se declaran los clientes y proveedores con los que las operaciones del año superan{' '}
          {formatCents(view.thresholdCents)} (IVA incluido).
        </Typography.Text>
        <Table<Counterparty>
          rowKey={(c) => `${c.counterpartyKey}:${c.key}`}
          size="small"
          columns={columns}
          dataSource={view.counterparties}
          scroll={screens.xs ? undefined : { x: 820 }}
          pagination={view.counterparties.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          locale={{ emptyText: <EmptyState description="Ningún cliente ni proveedor supera el umbral." /> }}
          onRow={(c) => ({ 'aria-label': `${c.name || c.counterpartyKey} · ${KEY_347_LABELS[c.key]}` })}
        />
        {view.nearThreshold.length > 0 ? (
          <Flex vertical gap={4}>
            <Typography.Text strong>Cerca del umbral (más del 80 %)</Typography.Text>
            {view.nearThreshold.map((c) => (
              <Typography.Text key={`${c.counterpartyKey}:${c.key}`}>
                {c.name || c.counterpartyKey} · {KEY_347_LABELS[c.key]}: {formatCents(c.amountCents)}
              </Typography.Text>
            ))}
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

export function ThresholdStatisticsPage() {
  const context = useTaxModelsContext();
  const [searchParams, setSearchParams] = useSearchParams();
  const thisYear = Number(spanishToday().slice(0, 4));
  const year = yearFrom(searchParams.get('year'), thisYear);
  const canReadStatistics = useCan('invoices.thresholdStatistics');
  const threshold347 = useThreshold347(context.companyId, year, { enabled: context.ready });
  const statistics = useThresholdStatistics(context.companyId, year, {
    enabled: context.ready && canReadStatistics,
  });
  const header = (
    <ModelsPageHeader
      title="Umbrales y estadísticas"
      actions={
        <YearSelect
          thisYear={thisYear}
          value={year}
          onChange={(next) =>
            setSearchParams(
              (previous) => {
                const params = new URLSearchParams(previous);
                params.set('year', String(next));
                return params;
              },
              { replace: true },
            )
          }
        />
      }
    />
  );
  return (
    <TaxModelsFrame
      context={context}
      header={header}
      noCompanyText="Selecciona una empresa para ver sus umbrales."
      errors={[threshold347.error]}
    >
      {() => (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            {threshold347.isPending ? (
              <LoadingBlock label="Cargando el modelo 347" />
            ) : threshold347.isError ? (
              <LoadError
                title="Error cargando el modelo 347"
                error={threshold347.error}
                onRetry={() => void threshold347.refetch()}
              />
            ) : (
              <Modelo347 view={threshold347.data} />
            )}
          </Col>
          {canReadStatistics ? (
            <Col xs={24} xl={10}>
              {statistics.isPending ? (
                <LoadingBlock label="Cargando los umbrales del año" />
              ) : statistics.isError ? (
                <LoadError
                  title="Error cargando los umbrales del año"
                  error={statistics.error}
                  onRetry={() => void statistics.refetch()}
                />
              ) : (
                <YearThresholds stats={statistics.data} />
              )}
            </Col>
          ) : null}
        </Row>
      )}
    </TaxModelsFrame>
  );
}
