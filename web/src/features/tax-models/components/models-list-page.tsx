/**
 * /app/tax/models, 'Modelos' (issue 14 item 7, issue 15): the selected company's models of a year that
 * Cuadra computes (the VAT returns 303, 390, 349, 347; the 130 and the withholdings 111, 115, 123,
 * 216), one row per period, stored or still to generate: the stored models (status, result,
 * generated and filed dates, justificante) and the periods its calendar owes that have none yet
 * ('Sin generar'). Filters by model and status in the URL; a row opens the model's page (its boxes,
 * the invoices behind each, the way to file it). 'Generar modelos' for who may generate.
 */
import type { ObligationView } from '@shared/schemas/tax';
import {
  MODEL_STATUSES,
  type ModelResult,
  TAX_MODEL_TYPES,
  type TaxModelType,
  type TaxModelView,
} from '@shared/schemas/tax-models';
import { taxModelNames } from '@shared/schemas/tax-profile';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { ModelStatusTag } from '@web/components/tax-models/model-status-tag';
import { ModelResultView } from '@web/components/tax-models/result-tag';
import { YearSelect } from '@web/components/year-select';
import { useCan } from '@web/lib/access';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { spanishToday } from '@web/lib/spanish-today';
import { useTaxCalendar } from '@web/lib/tax-api';
import { MODEL_STATUS_LABELS, type ModelStatusOrNone, modelPeriodLabel } from '@web/lib/tax-labels';
import { useTaxModels } from '@web/lib/tax-models-api';
import { toast } from '@web/lib/toast';
import { yearFrom } from '@web/lib/years';
import { Button, Card, Flex, Grid, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useGenerateModel } from '../api/generate-model';
import { TaxModelsFrame, useTaxModelsContext } from './tax-page';

export interface ModelListRow {
  modelId: string;
  modelType: TaxModelType;
  year: number;
  period: string;
  status: ModelStatusOrNone;
  result: ModelResult | null;
  generatedAt: string | null;
  submittedAt: string | null;
  reference: string | null;
  /** The obligation's due date, when the calendar has it. */
  dueDate: string | null;
}

/** An obligation without a stored model of this year's list: what its own status says. */
const OBLIGATION_TO_MODEL_STATUS: Record<ObligationView['status'], ModelStatusOrNone> = {
  PENDING: 'NOT_GENERATED',
  OVERDUE: 'NOT_GENERATED',
  MODEL_GENERATED: 'MODEL_GENERATED',
  SUBMITTED: 'SUBMITTED',
  OBLIGATION_GENERATED: 'OBLIGATION_GENERATED',
};

/** A model Cuadra computes (the calendar also owes others: 036, 100, 200…, filed elsewhere). */
const isComputedModel = (m: string): m is TaxModelType => (TAX_MODEL_TYPES as readonly string[]).includes(m);

/** The models in the order of the forms: the VAT returns, then the income-tax ones. */
const modelRank = (m: TaxModelType) => TAX_MODEL_TYPES.indexOf(m);

/** The stored models and the periods the calendar owes without one, in period order. */
export function modelRows(
  models: readonly TaxModelView[],
  obligations: readonly ObligationView[],
  year: number,
) {
  const due = new Map(obligations.map((o) => [o.obligationId, o.dueDate]));
  const rows = new Map<string, ModelListRow>();
  for (const o of obligations) {
    if (o.year !== year || !isComputedModel(o.modelType)) continue;
    rows.set(o.obligationId, {
      modelId: o.obligationId,
      modelType: o.modelType,
      year: o.year,
      period: o.period,
      status: OBLIGATION_TO_MODEL_STATUS[o.status],
      result: null,
      generatedAt: null,
      submittedAt: o.submittedAt,
      reference: null,
      dueDate: o.dueDate,
    });
  }
  for (const m of models) {
    rows.set(m.modelId, {
      modelId: m.modelId,
      modelType: m.modelType,
      year: m.year,
      period: m.period,
      status: m.status,
      result: m.result,
      generatedAt: m.generatedAt,
      submittedAt: m.submittedAt,
      reference: m.reference,
      dueDate: due.get(m.modelId) ?? null,
    });
  }
  // A quarter after its last month; the 202's instalments after the last month they look at (1P March,
  // 2P September, 3P November); the year last.
  const instalment: Record<string, number> = { '1P': 3.5, '2P': 9.5, '3P': 11.5 };
  const periodRank = (p: string) =>
    p === '0A' ? 99 : /T$/.test(p) ? Number(p[0]) * 3 + 0.5 : (instalment[p] ?? Number(p));
  return [...rows.values()].sort(
    (a, b) => modelRank(a.modelType) - modelRank(b.modelType) || periodRank(a.period) - periodRank(b.period),
  );
}

const STATUS_FILTERS: ModelStatusOrNone[] = ['NOT_GENERATED', ...MODEL_STATUSES];
const WIDE = ['sm'] as const;
const NARROW = ['xs'] as const;

const columnsWith = (actions: (r: ModelListRow) => ReactNode): TableColumnsType<ModelListRow> => [
  {
    title: 'Modelo',
    key: 'summary',
    responsive: [...NARROW],
    render: (_, r) => (
      <Flex vertical gap={4}>
        <Typography.Text strong>
          Modelo {r.modelType} · {modelPeriodLabel(r.modelType, r.period, r.year)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {taxModelNames[r.modelType]}
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          <ModelStatusTag status={r.status} />
          {r.result ? <ModelResultView result={r.result} /> : null}
        </Flex>
        {r.dueDate && r.status !== 'SUBMITTED' ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Vence el {formatDate(r.dueDate)}
          </Typography.Text>
        ) : null}
        {actions(r)}
      </Flex>
    ),
  },
  {
    title: 'Modelo',
    key: 'model',
    width: 280,
    responsive: [...WIDE],
    render: (_, r) => (
      <Flex gap={8} align="baseline">
        <Tag style={{ marginInlineEnd: 0 }}>{r.modelType}</Tag>
        <span>{taxModelNames[r.modelType]}</span>
      </Flex>
    ),
  },
  {
    title: 'Periodo',
    key: 'period',
    width: 140,
    responsive: [...WIDE],
    render: (_, r) => modelPeriodLabel(r.modelType, r.period, r.year),
  },
  {
    title: 'Estado',
    key: 'status',
    width: 150,
    responsive: [...WIDE],
    render: (_, r) => <ModelStatusTag status={r.status} />,
  },
  {
    title: 'Resultado',
    key: 'result',
    width: 260,
    responsive: [...WIDE],
    render: (_, r) => (r.result ? <ModelResultView result={r.result} /> : '—'),
  },
  {
    title: 'Vencimiento',
    key: 'due',
    width: 120,
    responsive: [...WIDE],
    render: (_, r) => (r.dueDate ? formatDate(r.dueDate) : '—'),
  },
  {
    title: 'Presentación',
    key: 'submitted',
    width: 200,
    responsive: [...WIDE],
    render: (_, r) =>
      r.submittedAt ? (
        <Flex vertical>
          <span>{formatDate(r.submittedAt)}</span>
          {r.reference ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Justificante {r.reference}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : (
        '—'
      ),
  },
  { title: 'Acciones', key: 'actions', width: 190, responsive: [...WIDE], render: (_, r) => actions(r) },
];

export function ModelsListPage() {
  const context = useTaxModelsContext();
  const company = useSelectedCompany();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const thisYear = Number(spanishToday().slice(0, 4));
  const year = yearFrom(searchParams.get('year'), thisYear);
  const rawModel = searchParams.get('model') ?? '';
  const modelType = isComputedModel(rawModel) ? rawModel : undefined;
  const rawStatus = searchParams.get('status') ?? '';
  const status = (STATUS_FILTERS as string[]).includes(rawStatus)
    ? (rawStatus as ModelStatusOrNone)
    : undefined;
  const canGenerate = useCan('taxModels.generate');
  const canReadCalendar = useCan('taxCalendar.get');

  const { companyId, ready } = context;
  const models = useTaxModels(companyId, { year, modelType, size: 100 }, { enabled: ready });
  const generate = useGenerateModel(companyId ?? '');
  const actions = (r: ModelListRow) => (
    // A click here is not the row's click (which opens the model).
    <Flex gap={4} wrap onClick={(event) => event.stopPropagation()}>
      <LinkButton size="small" to={paths.app.tax.modelPreview(r.modelId)}>
        {r.status === 'NOT_GENERATED' ? 'Vista previa' : 'Abrir'}
      </LinkButton>
      {r.status === 'NOT_GENERATED' && canGenerate ? (
        <Button
          size="small"
          type="primary"
          loading={
            generate.isPending &&
            generate.variables?.period === r.period &&
            generate.variables.modelType === r.modelType
          }
          onClick={() =>
            generate.mutate(
              { modelType: r.modelType, year: r.year, period: r.period },
              {
                onSuccess: () =>
                  toast.success(
                    `Modelo ${r.modelType} · ${modelPeriodLabel(r.modelType, r.period, r.year)} generado`,
                  ),
                onError: (error) => toast.fromError(error),
              },
            )
          }
        >
          Generar
        </Button>
      ) : null}
    </Flex>
  );
  const columns = columnsWith(actions);
  const calendar = useTaxCalendar(companyId, year, { enabled: ready && canReadCalendar });

  const setParam = (key: string, value: string | undefined) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const header = (
    <PageHeader
      title="Modelos"
      meta={company ? <span>{company.name}</span> : null}
      actions={
        <>
          <YearSelect thisYear={thisYear} value={year} onChange={(next) => setParam('year', String(next))} />
          {canGenerate && companyId ? (
            <LinkButton type="primary" to={`${paths.app.tax.generateModels}?year=${year}`}>
              Generar modelos
            </LinkButton>
          ) : null}
        </>
      }
    />
  );

  return (
    <TaxModelsFrame
      context={context}
      header={header}
      noCompanyText="Selecciona una empresa para ver sus modelos."
      errors={[models.error, calendar.error]}
    >
      {() => {
        if (models.isError) {
          return (
            <LoadError
              title="Error cargando los modelos"
              error={models.error}
              onRetry={() => void models.refetch()}
            />
          );
        }
        const all = modelRows(
          models.data?.content ?? [],
          (calendar.data?.obligations ?? []).filter((o) => !modelType || o.modelType === modelType),
          year,
        );
        const rows = status ? all.filter((r) => r.status === status) : all;
        return (
          <Card>
            <Flex vertical gap={12}>
              <Flex gap={8} wrap>
                <Link to={paths.app.tax.pendingConfirmation}>Pendientes de confirmar</Link>
                <Typography.Text type="secondary">·</Typography.Text>
                <Link to={paths.app.tax.history}>Historial de presentaciones</Link>
                <Typography.Text type="secondary">·</Typography.Text>
                <Link to={paths.app.tax.thresholdStatistics}>Umbrales y estadísticas</Link>
              </Flex>
              <Flex gap={8} wrap>
                <Select
                  aria-label="Modelo"
                  value={modelType ?? ''}
                  style={{ minWidth: 200 }}
                  options={[
                    { value: '', label: 'Todos los modelos' },
                    ...TAX_MODEL_TYPES.map((m) => ({
                      value: m,
                      label: `Modelo ${m}`,
                      title: taxModelNames[m],
                    })),
                  ]}
                  onChange={(next: string) => setParam('model', next || undefined)}
                />
                <Select
                  aria-label="Estado"
                  value={status ?? ''}
                  style={{ minWidth: 200 }}
                  options={[
                    { value: '', label: 'Todos los estados' },
                    ...STATUS_FILTERS.map((s) => ({ value: s, label: MODEL_STATUS_LABELS[s] })),
                  ]}
                  onChange={(next: string) => setParam('status', next || undefined)}
                />
              </Flex>
              {calendar.isError ? (
                <Typography.Text type="warning">
                  No se han podido cargar las obligaciones del año: se muestran solo los modelos generados.
                </Typography.Text>
              ) : null}
              <Table<ModelListRow>
                rowKey="modelId"
                size="middle"
                columns={columns}
                dataSource={rows}
                loading={models.isPending || models.isFetching || calendar.isFetching}
                scroll={screens.xs ? undefined : { x: 1340 }}
                pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
                locale={{
                  emptyText: (
                    <EmptyState
                      description={
                        all.length === 0
                          ? `No hay modelos de ${year} para esta empresa.`
                          : 'Ningún modelo cumple los filtros.'
                      }
                    />
                  ),
                }}
                onRow={(r) => ({
                  onClick: () => navigate(paths.app.tax.modelPreview(r.modelId)),
                  onKeyDown: (event) => {
                    if (event.key === 'Enter') navigate(paths.app.tax.modelPreview(r.modelId));
                  },
                  tabIndex: 0,
                  style: { cursor: 'pointer' },
                  'aria-label': `Modelo ${r.modelType} · ${modelPeriodLabel(r.modelType, r.period, r.year)}`,
                })}
              />
            </Flex>
          </Card>
        );
      }}
    </TaxModelsFrame>
  );
}
