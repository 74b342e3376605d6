/**
 * /app/tax/history, 'Historial' (issue 14 item 4): the company's filings with the AEAT, newest first:
 * the model and period, its result, how it was filed (certificate or colaborador social), its state,
 * the justificante's CSV, the AEAT's errors of a rejected one; the file as filed, the AEAT's
 * justificante (PDF) when it gave one, and 'Reintentar' for one that failed or got no answer (spec
 * part 2 §4: 'Reintento iniciado'). State and model filters and paging in the URL. On a phone one
 * column sums each filing up.
 */
import type { SubmissionDetail } from '@shared/schemas/tax-filing';
import {
  SUBMISSION_STATES,
  type SubmissionState,
  TAX_MODEL_TYPES,
  type TaxModelType,
} from '@shared/schemas/tax-models';
import { EmptyState, LoadError } from '@web/components/load-states';
import { ModelResultView } from '@web/components/tax-models/result-tag';
import { useCanCall } from '@web/lib/access';
import { formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import {
  modelTitle,
  SUBMISSION_MODE_LABELS,
  SUBMISSION_STATE_COLORS,
  SUBMISSION_STATE_LABELS,
} from '@web/lib/tax-labels';
import { toast } from '@web/lib/toast';
import { PAGE_SIZES, useUrlListState } from '@web/lib/use-url-list-state';
import {
  Button,
  Card,
  Flex,
  Grid,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type SubmissionFileKind, useDownloadSubmissionFile } from '../api/download-submission-file';
import { SUBMISSIONS_PAGE_SIZE, useSubmissions } from '../api/get-submissions';
import { useRetrySubmission } from '../api/retry-submission';
import { ModelsPageHeader, TaxModelsFrame, useTaxModelsContext } from './tax-page';

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

function StateTag({ s }: { s: SubmissionDetail }) {
  return (
    <Tag color={SUBMISSION_STATE_COLORS[s.state]} style={{ marginInlineEnd: 0 }}>
      {SUBMISSION_STATE_LABELS[s.state]}
    </Tag>
  );
}

function Errors({ s }: { s: SubmissionDetail }) {
  return (
    <Flex vertical gap={2}>
      {s.errors.map((e) => (
        <Typography.Text key={`${e.code}-${e.message}`} type="danger" style={{ fontSize: 12 }}>
          {e.message}
        </Typography.Text>
      ))}
      {s.ambiguous ? (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          La AEAT no respondió al último intento: al reintentar se comprueba primero si la recibió.
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function Csv({ s }: { s: SubmissionDetail }) {
  if (!s.csv) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text copyable={{ text: s.csv, tooltips: ['Copiar CSV', 'Copiado'] }} style={{ fontSize: 13 }}>
      {s.csv}
    </Typography.Text>
  );
}

export function SubmissionHistoryPage() {
  const context = useTaxModelsContext();
  const list = useUrlListState(SUBMISSIONS_PAGE_SIZE);
  const state = oneOf<SubmissionState>(SUBMISSION_STATES, list.param('state'));
  const modelType = oneOf<TaxModelType>(TAX_MODEL_TYPES, list.param('model'));
  const submissions = useSubmissions(
    context.companyId,
    { page: list.page, size: list.size, state, modelType },
    { enabled: context.ready },
  );
  const header = <ModelsPageHeader title="Historial de presentaciones" />;
  return (
    <TaxModelsFrame
      context={context}
      header={header}
      noCompanyText="Selecciona una empresa para ver sus presentaciones."
      errors={[submissions.error]}
    >
      {(companyId) => (
        <Card>
          <Flex vertical gap={12}>
            <Flex gap={8} wrap>
              <Select
                aria-label="Estado"
                value={state ?? ''}
                style={{ minWidth: 180 }}
                options={[
                  { value: '', label: 'Todos los estados' },
                  ...SUBMISSION_STATES.map((s) => ({ value: s, label: SUBMISSION_STATE_LABELS[s] })),
                ]}
                onChange={(next: string) => list.setParams({ state: next || undefined })}
              />
              <Select
                aria-label="Modelo"
                value={modelType ?? ''}
                style={{ minWidth: 180 }}
                options={[
                  { value: '', label: 'Todos los modelos' },
                  ...TAX_MODEL_TYPES.map((m) => ({ value: m, label: `Modelo ${m}` })),
                ]}
                onChange={(next: string) => list.setParams({ model: next || undefined })}
              />
            </Flex>
            {submissions.isError ? (
              <LoadError
                title="Error cargando el historial de presentaciones"
                error={submissions.error}
                onRetry={() => void submissions.refetch()}
              />
            ) : (
              <HistoryTable
                companyId={companyId}
                rows={submissions.data?.content ?? []}
                loading={submissions.isPending || submissions.isFetching}
                total={submissions.data?.totalElements ?? 0}
                page={list.page}
                size={list.size}
                onPage={list.goToPage}
              />
            )}
          </Flex>
        </Card>
      )}
    </TaxModelsFrame>
  );
}

function HistoryTable({
  companyId,
  rows,
  loading,
  total,
  page,
  size,
  onPage,
}: {
  companyId: string;
  rows: SubmissionDetail[];
  loading: boolean;
  total: number;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
}) {
  const screens = Grid.useBreakpoint();
  const can = useCanCall();
  const file = useDownloadSubmissionFile(companyId);
  const retry = useRetrySubmission(companyId);
  const [busy, setBusy] = useState<string | null>(null);

  const run = (key: string, work: () => Promise<unknown>, done?: string) => () => {
    setBusy(key);
    work()
      .then(() => {
        if (done) toast.success(done);
      })
      .catch((error: unknown) => toast.fromError(error))
      .finally(() => setBusy(null));
  };
  const download = (s: SubmissionDetail, kind: SubmissionFileKind) =>
    run(`${kind}:${s.submissionId}`, () => file.mutateAsync({ submission: s, kind }));

  const actions = (s: SubmissionDetail) => (
    <Flex gap={4} wrap>
      {can('taxSubmissions.file') ? (
        <Button size="small" loading={busy === `file:${s.submissionId}`} onClick={download(s, 'file')}>
          Fichero
        </Button>
      ) : null}
      {s.hasReceipt && can('taxSubmissions.file') ? (
        <Button
          size="small"
          loading={busy === `justificante:${s.submissionId}`}
          onClick={download(s, 'justificante')}
        >
          Justificante
        </Button>
      ) : null}
      {s.retryable && can('taxSubmissions.retry') ? (
        <Popconfirm
          title="¿Reintentar la presentación?"
          description="Se vuelve a enviar el modelo a la AEAT."
          okText="Sí, reintentar"
          cancelText="Cancelar"
          onConfirm={run(
            `retry:${s.submissionId}`,
            () => retry.mutateAsync(s.submissionId),
            'Reintento iniciado',
          )}
        >
          <Button size="small" type="primary" loading={busy === `retry:${s.submissionId}`}>
            Reintentar
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );

  const modelLink = (s: SubmissionDetail) => (
    <Link to={paths.app.tax.modelPreview(s.modelId)}>{modelTitle(s.modelType, s.period, s.year)}</Link>
  );

  const columns: TableColumnsType<SubmissionDetail> = [
    {
      title: 'Presentación',
      key: 'summary',
      responsive: ['xs'],
      render: (_, s) => (
        <Flex vertical gap={4}>
          {modelLink(s)}
          {s.result ? <ModelResultView result={s.result} /> : null}
          <Flex gap={8} align="center" wrap>
            <StateTag s={s} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(s.createdAt)}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {SUBMISSION_MODE_LABELS[s.mode]}
          </Typography.Text>
          {s.csv ? <Csv s={s} /> : null}
          <Errors s={s} />
          {actions(s)}
        </Flex>
      ),
    },
    {
      title: 'Modelo',
      key: 'model',
      width: 240,
      responsive: ['sm'],
      render: (_, s) => (
        <Flex vertical gap={2}>
          {modelLink(s)}
          {s.result ? <ModelResultView result={s.result} /> : null}
        </Flex>
      ),
    },
    {
      title: 'Fecha',
      key: 'date',
      width: 150,
      responsive: ['sm'],
      render: (_, s) => formatDateTime(s.presentedAt ?? s.createdAt),
    },
    {
      title: 'Modo',
      key: 'mode',
      width: 190,
      responsive: ['sm'],
      render: (_, s) => SUBMISSION_MODE_LABELS[s.mode],
    },
    {
      title: 'Estado',
      key: 'state',
      width: 240,
      responsive: ['sm'],
      render: (_, s) => (
        <Flex vertical gap={4}>
          <StateTag s={s} />
          <Errors s={s} />
          {s.attempts > 1 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.attempts} intentos
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: 'CSV', key: 'csv', width: 200, responsive: ['sm'], render: (_, s) => <Csv s={s} /> },
    { title: 'Acciones', key: 'actions', width: 260, responsive: ['sm'], render: (_, s) => actions(s) },
  ];

  return (
    <Table<SubmissionDetail>
      rowKey="submissionId"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={screens.xs ? undefined : { x: 1280 }}
      locale={{
        emptyText: <EmptyState description="Todavía no se ha presentado ningún modelo a la AEAT." />,
      }}
      onRow={(s) => ({
        'aria-label': `${modelTitle(s.modelType, s.period, s.year)} · ${formatDateTime(s.createdAt)}`,
      })}
      pagination={{
        current: page + 1,
        pageSize: size,
        total,
        pageSizeOptions: [...PAGE_SIZES],
        showSizeChanger: total > size,
        onChange: (next, nextSize) => onPage(next - 1, nextSize),
        hideOnSinglePage: true,
      }}
    />
  );
}
