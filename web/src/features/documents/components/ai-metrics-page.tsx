/** /app/documents/ai-metrics: the selected company's reading accuracy and cost (`documents.aiMetrics`). */
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { DatePicker, Flex } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAiMetrics } from '../api/get-ai-metrics';
import { ReadingMetricsView } from './reading-metrics-view';

export function AiMetricsPage() {
  const companyId = useCompanyId();
  const [period, setPeriod] = useState<{ fromDate?: string; toDate?: string }>({});
  const metrics = useAiMetrics(period, companyId);
  return (
    <>
      <PageHeader
        title="Precisión de la lectura"
        back={{ to: paths.app.documents, label: 'Documentos' }}
        meta={
          <span>Campos aprobados sin cambios frente a corregidos en las revisiones, y coste por página</span>
        }
        actions={
          <DatePicker.RangePicker
            aria-label="Periodo"
            format="DD/MM/YYYY"
            value={period.fromDate && period.toDate ? [dayjs(period.fromDate), dayjs(period.toDate)] : null}
            onChange={(range) =>
              setPeriod({
                fromDate: range?.[0]?.format('YYYY-MM-DD'),
                toDate: range?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
        }
      />
      {!companyId ? (
        <EmptyState description="Selecciona una empresa para ver sus métricas." />
      ) : metrics.isPending ? (
        <LoadingBlock label="Cargando métricas" />
      ) : metrics.isError ? (
        <LoadError
          title="Error cargando métricas"
          error={metrics.error}
          onRetry={() => void metrics.refetch()}
        />
      ) : (
        <Flex vertical gap={16}>
          {metrics.data.accuracy.reviews === 0 && metrics.data.usage.documentsRead === 0 ? (
            <EmptyState description="No hay datos disponibles" />
          ) : (
            <ReadingMetricsView usage={metrics.data.usage} accuracy={metrics.data.accuracy} />
          )}
        </Flex>
      )}
    </>
  );
}
