/**
 * /app/admin/smart-inbox/ai-metrics (ADMIN; issue 17 item 6): the reading metrics of every company
 * (global accuracy and usage, top companies, costs, alerts, precision per field, the cache of
 * already-read files) and one company's monthly limits.
 */
import { READING_LIMIT_TYPES, type ReadingLimitType } from '@shared/schemas/ai-metrics';
import { EXTRACTION_FIELDS } from '@shared/schemas/documents';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { errorMessage } from '@web/lib/api-error';
import { formatInteger } from '@web/lib/format';
import { showToast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Input,
  InputNumber,
  Row,
  Select,
  Statistic,
  Table,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  type AdminPeriod,
  useAlerts,
  useCache,
  useCompanyLimits,
  useCosts,
  useGlobalMetrics,
  usePrecision,
  useSetLimit,
  useTopCompanies,
} from '../api/get-admin-metrics';
import { FIELD_LABELS, percent } from '../utils/labels';
import { formatUsd, ReadingMetricsView } from './reading-metrics-view';

const LIMIT_LABELS: Record<ReadingLimitType, string> = {
  PAGES_PER_MONTH: 'Páginas al mes',
  DOCUMENTS_PER_MONTH: 'Documentos al mes',
};

export function AdminAiMetricsPage() {
  const [period, setPeriod] = useState<AdminPeriod>({});
  const global = useGlobalMetrics(period);
  const top = useTopCompanies(period);
  const costs = useCosts(period);
  const alerts = useAlerts(period);
  const precision = usePrecision(period);
  const cache = useCache(period);
  return (
    <>
      <PageHeader
        title="Métricas de IA"
        meta={<span>Lectura de documentos de todas las empresas: precisión, uso y coste</span>}
        actions={
          <DatePicker.RangePicker
            aria-label="Periodo"
            format="DD/MM/YYYY"
            value={period.fromDate && period.toDate ? [dayjs(period.fromDate), dayjs(period.toDate)] : null}
            onChange={(r) =>
              setPeriod({ fromDate: r?.[0]?.format('YYYY-MM-DD'), toDate: r?.[1]?.format('YYYY-MM-DD') })
            }
          />
        }
      />
      <Flex vertical gap={16}>
        {alerts.data?.alerts.map((a) => (
          <Alert
            key={`${a.kind}-${a.companyId ?? 'all'}`}
            type={a.severity === 'ERROR' ? 'error' : 'warning'}
            showIcon
            title={a.message}
          />
        ))}
        {global.isPending ? (
          <LoadingBlock label="Cargando métricas" />
        ) : global.isError ? (
          <LoadError
            title="Error cargando métricas"
            error={global.error}
            onRetry={() => void global.refetch()}
          />
        ) : (
          <ReadingMetricsView usage={global.data.usage} accuracy={global.data.accuracy} />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card size="small" title="Empresas con más uso">
              <Table
                size="small"
                rowKey="companyId"
                pagination={false}
                loading={top.isPending}
                dataSource={top.data?.companies ?? []}
                locale={{ emptyText: 'No hay datos disponibles' }}
                columns={[
                  { title: 'Empresa', dataIndex: 'name', render: (n: string | null, r) => n ?? r.companyId },
                  {
                    title: 'Documentos',
                    dataIndex: 'documents',
                    align: 'right',
                    render: (n: number) => formatInteger(n),
                  },
                  {
                    title: 'Páginas',
                    dataIndex: 'pages',
                    align: 'right',
                    render: (n: number) => formatInteger(n),
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
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="Costes y caché">
              <Row gutter={[16, 16]}>
                <Col span={12}>
                  <Statistic
                    title="Coste del periodo"
                    value={costs.data ? formatUsd(costs.data.totalMillicents) : '—'}
                  />
                </Col>
                <Col span={12}>
                  <Statistic title="Aciertos de caché" value={percent(cache.data?.hitRate)} />
                </Col>
                <Col span={12}>
                  <Statistic title="Páginas ahorradas" value={formatInteger(cache.data?.pagesSaved ?? 0)} />
                </Col>
                <Col span={12}>
                  <Statistic
                    title="Coste ahorrado"
                    value={cache.data ? formatUsd(cache.data.costSavedMillicents) : '—'}
                  />
                </Col>
              </Row>
            </Card>
          </Col>
        </Row>
        <Card size="small" title="Precisión y exhaustividad por campo">
          <Table
            size="small"
            pagination={false}
            loading={precision.isPending}
            dataSource={
              precision.data
                ? EXTRACTION_FIELDS.map((f) => ({
                    key: f,
                    field: FIELD_LABELS[f],
                    ...precision.data.byField[f],
                  }))
                : []
            }
            locale={{ emptyText: 'No hay datos disponibles' }}
            columns={[
              { title: 'Campo', dataIndex: 'field' },
              { title: 'Precisión', dataIndex: 'precision', render: (v: number | null) => percent(v) },
              { title: 'Exhaustividad', dataIndex: 'recall', render: (v: number | null) => percent(v) },
              { title: 'Correctos', dataIndex: 'truePositives', align: 'right' },
              { title: 'Corregidos', dataIndex: 'falsePositives', align: 'right' },
              { title: 'No leídos', dataIndex: 'falseNegatives', align: 'right' },
            ]}
          />
        </Card>
        <CompanyLimits />
      </Flex>
    </>
  );
}

function CompanyLimits() {
  const [companyId, setCompanyId] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const limits = useCompanyLimits(target);
  const setLimit = useSetLimit();
  const [type, setType] = useState<ReadingLimitType>('PAGES_PER_MONTH');
  const [value, setValue] = useState<number | null>(null);
  return (
    <Card size="small" title="Límites de una empresa">
      <Flex vertical gap={12}>
        <Flex gap={8}>
          <Input
            aria-label="Id de la empresa"
            placeholder="Id de la empresa"
            style={{ maxWidth: 320 }}
            value={companyId}
            onChange={(e) => setCompanyId(e.target.value)}
          />
          <Button disabled={!companyId.trim()} onClick={() => setTarget(companyId.trim())}>
            Ver límites
          </Button>
        </Flex>
        {target && limits.isError ? (
          <LoadError
            title="Error cargando límites"
            error={limits.error}
            onRetry={() => void limits.refetch()}
          />
        ) : null}
        {target && limits.data ? (
          <>
            <Table
              size="small"
              rowKey="type"
              pagination={false}
              dataSource={limits.data.limits}
              columns={[
                { title: 'Límite', dataIndex: 'type', render: (t: ReadingLimitType) => LIMIT_LABELS[t] },
                {
                  title: 'Máximo',
                  dataIndex: 'limit',
                  render: (l: number | null) => (l === null ? 'Sin límite' : formatInteger(l)),
                },
                { title: 'Usado este mes', dataIndex: 'used', render: (n: number) => formatInteger(n) },
                { title: 'Superado', dataIndex: 'exceeded', render: (e: boolean) => (e ? 'Sí' : 'No') },
              ]}
            />
            <Flex gap={8} wrap>
              <Select
                aria-label="Tipo de límite"
                value={type}
                options={READING_LIMIT_TYPES.map((t) => ({ value: t, label: LIMIT_LABELS[t] }))}
                onChange={(t: ReadingLimitType) => setType(t)}
              />
              <InputNumber
                aria-label="Nuevo límite"
                min={0}
                placeholder="Vacío: sin límite"
                value={value}
                onChange={(v) => setValue(v)}
              />
              <Button
                type="primary"
                loading={setLimit.isPending}
                onClick={() =>
                  setLimit.mutate(
                    { targetCompanyId: target, type, limit: value },
                    {
                      onSuccess: () => showToast('success', 'Límite guardado'),
                      onError: (e) => showToast('error', errorMessage(e)),
                    },
                  )
                }
              >
                Guardar límite
              </Button>
            </Flex>
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
