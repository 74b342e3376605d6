/**
 * /app/my-tax-documents, the client portal's 'Mis documentos fiscales' (issue 14 item 5; CLIENTE with
 * VIEW_TAX_DOCUMENTS): the VAT models the gestoría published to the company, newest first, each with
 * its model, period, result, when it was filed and its justificante (the AEAT's CSV), and the two
 * downloads: the AEAT file as filed and the PDF summary. Asked only once the profile status says the
 * company has a tax profile (without one there is nothing to publish and the call answers 4xx).
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import type { PublishedModelView } from '@shared/schemas/tax-models';
import { taxModelNames } from '@shared/schemas/tax-profile';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { ModelResultView } from '@web/components/tax-models/result-tag';
import { useCan } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { formatDate } from '@web/lib/format';
import { isNoTaxProfile, useTaxProfileStatus } from '@web/lib/tax-api';
import { modelPeriodLabel, modelTitle } from '@web/lib/tax-labels';
import { useDownloadModelPdf } from '@web/lib/tax-models-api';
import { toast } from '@web/lib/toast';
import { Button, Flex, Grid, Table, type TableColumnsType, Typography } from 'antd';
import { useDownloadPublishedFile } from '../api/download-published-file';
import { usePublishedModels } from '../api/get-published-models';

const WIDE = ['sm' as const];

function Filed({ model }: { model: PublishedModelView }) {
  if (!model.submittedAt) return <Typography.Text type="secondary">Pendiente de presentar</Typography.Text>;
  return <span>{formatDate(model.submittedAt)}</span>;
}

function Receipt({ model }: { model: PublishedModelView }) {
  if (!model.reference) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text
      copyable={{ tooltips: ['Copiar', 'Copiado'] }}
      style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
    >
      {model.reference}
    </Typography.Text>
  );
}

export function MyTaxDocuments({ companyId, companyName }: { companyId: string; companyName: string }) {
  return (
    <>
      <PageHeader title="Mis documentos fiscales" meta={<span>{companyName}</span>} />
      <PublishedModels companyId={companyId} />
    </>
  );
}

function PublishedModels({ companyId }: { companyId: string }) {
  const canRead = useCan('taxAssistant.status');
  const profile = useTaxProfileStatus(companyId, { enabled: canRead });
  const published = usePublishedModels(companyId, { enabled: profile.profileReady });
  const file = useDownloadPublishedFile(companyId);
  const pdf = useDownloadModelPdf(companyId);
  const screens = Grid.useBreakpoint();

  const failed = (what: string) => (error: unknown) =>
    toast.error(errorMessage(error), { title: `No se ha podido descargar ${what}` });
  const downloadFile = (model: PublishedModelView) => file.mutate(model, { onError: failed('el fichero') });
  const downloadPdf = (model: PublishedModelView) => pdf.mutate(model, { onError: failed('el PDF') });

  if (profile.noProfile || isNoTaxProfile(published.error)) {
    return (
      <EmptyState description="No hay datos disponibles">
        <span>La empresa aún no tiene perfil fiscal: tu gestor lo configurará.</span>
      </EmptyState>
    );
  }
  if (profile.isPending || (profile.profileReady && published.isPending)) {
    return <LoadingBlock label="Cargando tus documentos fiscales" />;
  }
  if (published.isError) {
    return (
      <LoadError
        title="No se han podido cargar tus documentos fiscales"
        error={published.error}
        onRetry={() => void published.refetch()}
      />
    );
  }
  const models = published.data ?? [];
  if (models.length === 0) {
    return (
      <EmptyState description="Tu gestor aún no ha publicado ningún modelo. Cuando lo haga, recibirás un aviso y lo verás aquí." />
    );
  }

  const downloads = (model: PublishedModelView) => (
    <Flex gap={8} wrap>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        aria-label={`Descargar el fichero de la AEAT del ${modelTitle(model.modelType, model.period, model.year)}`}
        loading={file.isPending && file.variables?.modelId === model.modelId}
        onClick={() => downloadFile(model)}
      >
        Fichero AEAT
      </Button>
      <Button
        size="small"
        icon={<FilePdfOutlined />}
        aria-label={`Descargar el PDF del ${modelTitle(model.modelType, model.period, model.year)}`}
        loading={pdf.isPending && pdf.variables?.modelId === model.modelId}
        onClick={() => downloadPdf(model)}
      >
        PDF
      </Button>
    </Flex>
  );

  const columns: TableColumnsType<PublishedModelView> = [
    {
      title: 'Documento',
      key: 'summary',
      responsive: ['xs'],
      render: (_, model) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Text strong>{modelTitle(model.modelType, model.period, model.year)}</Typography.Text>
          <ModelResultView result={model.result} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {model.submittedAt ? `Presentado el ${formatDate(model.submittedAt)}` : 'Pendiente de presentar'}
          </Typography.Text>
          {model.reference ? <Receipt model={model} /> : null}
          {downloads(model)}
        </Flex>
      ),
    },
    {
      title: 'Modelo',
      key: 'model',
      responsive: WIDE,
      render: (_, model) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong>Modelo {model.modelType}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {taxModelNames[model.modelType]}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Periodo',
      key: 'period',
      width: 140,
      responsive: WIDE,
      render: (_, model) => modelPeriodLabel(model.modelType, model.period, model.year),
    },
    {
      title: 'Resultado',
      key: 'result',
      width: 190,
      responsive: WIDE,
      render: (_, model) => <ModelResultView result={model.result} />,
    },
    {
      title: 'Presentación',
      key: 'filed',
      width: 130,
      responsive: WIDE,
      render: (_, model) => <Filed model={model} />,
    },
    {
      title: 'Justificante (CSV)',
      key: 'reference',
      width: 200,
      responsive: WIDE,
      render: (_, model) => <Receipt model={model} />,
    },
    {
      title: 'Descargas',
      key: 'downloads',
      width: 220,
      responsive: WIDE,
      render: (_, model) => downloads(model),
    },
  ];

  return (
    <Table<PublishedModelView>
      rowKey="modelId"
      columns={columns}
      dataSource={models}
      loading={published.isFetching}
      scroll={screens.xs ? undefined : { x: 1050 }}
      onRow={(model) => ({ 'aria-label': modelTitle(model.modelType, model.period, model.year) })}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
