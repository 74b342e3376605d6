/** The OCR statistics cards of /app/documents (`documents.ocrStatistics`, period MONTH by default). */
import { OCR_STATISTICS_PERIODS } from '@shared/schemas/documents';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { formatInteger } from '@web/lib/format';
import { Card, Col, Row, Select, Statistic } from 'antd';
import { useState } from 'react';
import { type OcrPeriod, useOcrStatistics } from '../api/get-ocr-statistics';
import { percent } from '../utils/labels';

export const PERIOD_LABELS: Readonly<Record<OcrPeriod, string>> = {
  DAY: 'Hoy',
  WEEK: 'Esta semana',
  MONTH: 'Este mes',
  QUARTER: 'Este trimestre',
  YEAR: 'Este año',
};

export function OcrStatCards({ companyId }: { companyId: string }) {
  const [period, setPeriod] = useState<OcrPeriod>('MONTH');
  const stats = useOcrStatistics(period, companyId);
  return (
    <Card
      size="small"
      title="Estadísticas de lectura"
      extra={
        <Select
          aria-label="Periodo de las estadísticas"
          value={period}
          style={{ minWidth: 160 }}
          options={OCR_STATISTICS_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          onChange={(value: OcrPeriod) => setPeriod(value)}
        />
      }
    >
      {stats.isPending ? (
        <LoadingBlock label="Cargando estadísticas" />
      ) : stats.isError ? (
        <LoadError
          title="Error cargando estadísticas"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <Row gutter={[16, 16]}>
          {[
            ['Documentos', formatInteger(stats.data.totalDocuments)],
            ['Facturas creadas', formatInteger(stats.data.invoicesCreated)],
            ['Incompletas', formatInteger(stats.data.incomplete)],
            ['Duplicadas', formatInteger(stats.data.duplicates)],
            ['Con error', formatInteger(stats.data.failed)],
            ['Rechazados', formatInteger(stats.data.rejected)],
            ['Confianza media', percent(stats.data.averageConfidence)],
            ['Sin intervención', percent(stats.data.straightThroughRate)],
            ['Páginas', formatInteger(stats.data.pages)],
            [
              'Tiempo medio',
              stats.data.averageProcessingMs === null
                ? '—'
                : `${(stats.data.averageProcessingMs / 1000).toFixed(1).replace('.', ',')} s`,
            ],
          ].map(([title, value]) => (
            <Col key={title} xs={12} md={6} xl={4}>
              <Statistic title={title} value={value} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
