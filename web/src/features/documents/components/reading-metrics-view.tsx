/**
 * Accuracy you can see (issue 17 item 6): accuracy overall, per field, per source and per engine
 * (fields approved unchanged / fields reviewed), documents and pages, and the cost per page by
 * engine (thousandths of a US cent, shown in USD). Used by /app/documents/ai-metrics and the admin
 * AI metrics page.
 */
import type { AccuracyFigure, AccuracyReport, UsageReport } from '@shared/schemas/ai-metrics';
import { EXTRACTION_FIELDS, type ReadingEngine } from '@shared/schemas/documents';
import { formatInteger } from '@web/lib/format';
import { Card, Col, Flex, Progress, Row, Statistic, Table } from 'antd';
import { ENGINE_LABELS, FIELD_LABELS, percent, SOURCE_LABELS } from '../utils/labels';

/** 1000 millicents = 1 US cent: `12.345 $` style, four decimals under a cent. */
export function formatUsd(millicents: number): string {
  const dollars = millicents / 100_000;
  const digits = millicents !== 0 && Math.abs(millicents) < 1000 ? 4 : 2;
  return `${dollars.toLocaleString('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits })} US$`;
}

const accuracyColumns = (label: string) => [
  { title: label, dataIndex: 'name' },
  {
    title: 'Revisados',
    dataIndex: 'reviewed',
    align: 'right' as const,
    render: (n: number) => formatInteger(n),
  },
  {
    title: 'Sin corregir',
    dataIndex: 'unchanged',
    align: 'right' as const,
    render: (n: number) => formatInteger(n),
  },
  {
    title: 'Precisión',
    dataIndex: 'accuracy',
    width: 220,
    render: (a: number | null) =>
      a === null ? (
        '—'
      ) : (
        <Progress
          percent={Math.round(a * 100)}
          size="small"
          status={a >= 0.8 ? 'success' : a >= 0.6 ? 'normal' : 'exception'}
        />
      ),
  },
];

const rows = <K extends string>(figures: Partial<Record<K, AccuracyFigure>>, label: (key: K) => string) =>
  (Object.entries(figures) as [K, AccuracyFigure][]).map(([key, f]) => ({ key, name: label(key), ...f }));

export function ReadingMetricsView({ usage, accuracy }: { usage: UsageReport; accuracy: AccuracyReport }) {
  const engines = Object.entries(usage.byEngine) as [
    ReadingEngine,
    NonNullable<UsageReport['byEngine'][ReadingEngine]>,
  ][];
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {[
          ['Precisión global', percent(accuracy.overall.accuracy)],
          ['Revisiones', formatInteger(accuracy.reviews)],
          ['Documentos leídos', formatInteger(usage.documentsRead)],
          ['Páginas', formatInteger(usage.pages)],
          ['Errores de lectura', percent(usage.failureRate)],
          ['Coste', formatUsd(usage.costMillicents)],
        ].map(([title, value]) => (
          <Col key={title} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title={title} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="Precisión por campo">
        <Table
          size="small"
          pagination={false}
          columns={accuracyColumns('Campo')}
          dataSource={EXTRACTION_FIELDS.map((field) => ({
            key: field,
            name: FIELD_LABELS[field],
            ...accuracy.byField[field],
          }))}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="Precisión por fuente">
            <Table
              size="small"
              pagination={false}
              columns={accuracyColumns('Fuente')}
              dataSource={rows(accuracy.bySource, (k) => SOURCE_LABELS[k])}
              locale={{ emptyText: 'No hay datos disponibles' }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Precisión por motor">
            <Table
              size="small"
              pagination={false}
              columns={accuracyColumns('Motor')}
              dataSource={rows(accuracy.byEngine, (k) => ENGINE_LABELS[k])}
              locale={{ emptyText: 'No hay datos disponibles' }}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="Uso y coste por motor">
        <Table
          size="small"
          pagination={false}
          rowKey="engine"
          locale={{ emptyText: 'No hay datos disponibles' }}
          dataSource={engines.map(([engine, u]) => ({ engine, ...u }))}
          columns={[
            { title: 'Motor', dataIndex: 'engine', render: (e: ReadingEngine) => ENGINE_LABELS[e] },
            {
              title: 'Documentos',
              dataIndex: 'documents',
              align: 'right',
              render: (n: number) => formatInteger(n),
            },
            { title: 'Páginas', dataIndex: 'pages', align: 'right', render: (n: number) => formatInteger(n) },
            {
              title: 'Coste por página',
              dataIndex: 'costPerPageMillicents',
              align: 'right',
              render: (m: number) => formatUsd(m),
            },
            {
              title: 'Coste',
              dataIndex: 'costMillicents',
              align: 'right',
              render: (m: number) => formatUsd(m),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
