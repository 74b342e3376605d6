/**
 * /app/tax/pending-confirmation (issue 14 item 7): the company's generated models not yet filed,
 * waiting for the person to review them ('Revisar' opens the model), approve them ('Aprobar', for who
 * may) and file them. Each with its result, when it was generated and how many issues it has.
 */
import type { TaxModelView } from '@shared/schemas/tax-models';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError } from '@web/components/load-states';
import { ModelStatusTag } from '@web/components/tax-models/model-status-tag';
import { ModelResultView } from '@web/components/tax-models/result-tag';
import { useCan } from '@web/lib/access';
import { formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { modelTitle } from '@web/lib/tax-labels';
import { toast } from '@web/lib/toast';
import { Button, Card, Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useApproveModel } from '../api/approve-model';
import { usePendingConfirmation } from '../api/pending-confirmation';
import { ModelsPageHeader, TaxModelsFrame, useTaxModelsContext } from './tax-page';

const errorsOf = (m: TaxModelView) => m.issues.filter((i) => i.severity === 'ERROR').length;
const warningsOf = (m: TaxModelView) => m.issues.filter((i) => i.severity === 'WARNING').length;

function IssueCount({ m }: { m: TaxModelView }) {
  const errors = errorsOf(m);
  const warnings = warningsOf(m);
  if (errors + warnings === 0) return <Tag color="green">Sin incidencias</Tag>;
  return (
    <Flex gap={4} wrap>
      {errors > 0 ? <Tag color="red">{errors === 1 ? '1 error' : `${errors} errores`}</Tag> : null}
      {warnings > 0 ? <Tag color="gold">{warnings === 1 ? '1 aviso' : `${warnings} avisos`}</Tag> : null}
    </Flex>
  );
}

export function PendingConfirmationPage() {
  const context = useTaxModelsContext();
  const pending = usePendingConfirmation(context.companyId, { enabled: context.ready });
  const header = <ModelsPageHeader title="Pendientes de confirmar" />;
  return (
    <TaxModelsFrame
      context={context}
      header={header}
      noCompanyText="Selecciona una empresa para ver sus modelos pendientes."
      errors={[pending.error]}
    >
      {(companyId) =>
        pending.isError ? (
          <LoadError
            title="Error cargando los modelos pendientes"
            error={pending.error}
            onRetry={() => void pending.refetch()}
          />
        ) : (
          <PendingTable
            companyId={companyId}
            rows={pending.data?.content ?? []}
            loading={pending.isPending}
          />
        )
      }
    </TaxModelsFrame>
  );
}

function PendingTable({
  companyId,
  rows,
  loading,
}: {
  companyId: string;
  rows: TaxModelView[];
  loading: boolean;
}) {
  const screens = Grid.useBreakpoint();
  const canApprove = useCan('taxModels.approve');
  const approve = useApproveModel(companyId);

  const actions = (m: TaxModelView) => (
    <Flex gap={4} wrap>
      <LinkButton size="small" to={paths.app.tax.modelPreview(m.modelId)}>
        Revisar
      </LinkButton>
      {canApprove && !m.approvedAt ? (
        <Button
          size="small"
          type="primary"
          loading={approve.isPending && approve.variables?.modelId === m.modelId}
          onClick={() =>
            approve.mutate(
              { modelType: m.modelType, modelId: m.modelId },
              {
                onSuccess: () => toast.success(`${modelTitle(m.modelType, m.period, m.year)} aprobado`),
                onError: (error) => toast.fromError(error),
              },
            )
          }
        >
          Aprobar
        </Button>
      ) : null}
    </Flex>
  );
  const title = (m: TaxModelView) => (
    <Link to={paths.app.tax.modelPreview(m.modelId)}>{modelTitle(m.modelType, m.period, m.year)}</Link>
  );

  const columns: TableColumnsType<TaxModelView> = [
    {
      title: 'Modelo',
      key: 'summary',
      responsive: ['xs'],
      render: (_, m) => (
        <Flex vertical gap={4}>
          {title(m)}
          <ModelResultView result={m.result} />
          <Flex gap={4} wrap>
            <ModelStatusTag status={m.status} />
            {m.approvedAt ? <Tag color="green">Aprobado</Tag> : null}
          </Flex>
          <IssueCount m={m} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Generado el {formatDate(m.generatedAt)}
          </Typography.Text>
          {actions(m)}
        </Flex>
      ),
    },
    { title: 'Modelo', key: 'model', width: 230, responsive: ['sm'], render: (_, m) => title(m) },
    {
      title: 'Resultado',
      key: 'result',
      width: 260,
      responsive: ['sm'],
      render: (_, m) => <ModelResultView result={m.result} />,
    },
    {
      title: 'Estado',
      key: 'status',
      width: 170,
      responsive: ['sm'],
      render: (_, m) => (
        <Flex gap={4} wrap>
          <ModelStatusTag status={m.status} />
          {m.approvedAt ? <Tag color="green">Aprobado</Tag> : null}
        </Flex>
      ),
    },
    {
      title: 'Incidencias',
      key: 'issues',
      width: 170,
      responsive: ['sm'],
      render: (_, m) => <IssueCount m={m} />,
    },
    {
      title: 'Generado',
      key: 'generated',
      width: 150,
      responsive: ['sm'],
      render: (_, m) => formatDateTime(m.generatedAt),
    },
    { title: 'Acciones', key: 'actions', width: 190, responsive: ['sm'], render: (_, m) => actions(m) },
  ];

  return (
    <Card>
      <Table<TaxModelView>
        rowKey="modelId"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={screens.xs ? undefined : { x: 1170 }}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: <EmptyState description="No hay modelos generados pendientes de presentar." /> }}
        onRow={(m) => ({ 'aria-label': modelTitle(m.modelType, m.period, m.year) })}
      />
    </Card>
  );
}
