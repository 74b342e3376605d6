/**
 * /app/tax/sii/:submissionId: one SOAP exchange with the AEAT (issue 16 item 7): book, communication
 * type (A0 alta, A1 modificación, baja, consulta), state, CSV, dates; its records with the AEAT's
 * code and text per record (RespuestaLinea); and the archived request and response, to read or to
 * download exactly as they were sent and received.
 */
import type { SiiSubmission } from '@shared/schemas/sii';
import { CompanyFromUrlGate } from '@web/components/company-from-url-gate';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { isApiError } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import {
  SII_BOOK_LABELS,
  SII_ENVIRONMENT_LABELS,
  SII_OPERATION_LABELS,
  siiPeriodLabel,
} from '@web/lib/sii-labels';
import { Alert, Card, Descriptions, Flex, Table, Typography } from 'antd';
import { useSiiSubmission } from '../api/get-submission';
import { invoiceIdOf, siiDocumentPath } from '../utils/entries';
import { SiiStatusTag, SubmissionStatusTag } from './status-tags';
import { ArchivedMessages } from './xml-viewer';

type RecordRow = SiiSubmission['records'][number];

/** A link naming the submission's company (`?company=`) selects that company first. */
export function SubmissionDetail({ submissionId }: { submissionId: string }) {
  return (
    <CompanyFromUrlGate refusedTitle="Este envío es de una empresa a la que no tienes acceso.">
      <SubmissionDetailContent submissionId={submissionId} />
    </CompanyFromUrlGate>
  );
}

function SubmissionDetailContent({ submissionId }: { submissionId: string }) {
  const companyId = useCompanyId();
  const query = useSiiSubmission(submissionId, companyId);
  const back = { to: paths.app.tax.sii, label: 'SII' };

  if (query.isPending) return <LoadingBlock label="Cargando el envío" />;
  if (query.isError || !query.data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader title="Envío al SII" back={back} />
        {missing ? (
          <Alert type="warning" showIcon title="Este envío no existe o no es de la empresa seleccionada." />
        ) : (
          <LoadError
            title="No se ha podido cargar el envío"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  }
  const s = query.data;
  return (
    <>
      <PageHeader
        title={`Envío al SII · ${s.book} · ${SII_OPERATION_LABELS[s.operation] ?? s.operation}`}
        back={back}
        meta={<SubmissionStatusTag status={s.status} />}
      />
      <Flex vertical gap={16}>
        {s.error ? (
          <Alert
            type="error"
            showIcon
            title={`Error técnico${s.error.code ? ` (${s.error.code})` : ''}`}
            description={s.error.message}
          />
        ) : null}
        <Card size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'book', label: 'Libro', children: `${s.book} · ${SII_BOOK_LABELS[s.book] ?? s.book}` },
              {
                key: 'op',
                label: 'Operación',
                children: SII_OPERATION_LABELS[s.operation] ?? s.operation,
              },
              { key: 'status', label: 'Estado', children: <SubmissionStatusTag status={s.status} /> },
              { key: 'aeat', label: 'Estado AEAT', children: s.aeatState ?? 'Sin respuesta' },
              { key: 'csv', label: 'CSV', children: s.csv ?? '—' },
              {
                key: 'env',
                label: 'Entorno',
                children: SII_ENVIRONMENT_LABELS[s.environment] ?? s.environment,
              },
              { key: 'sent', label: 'Enviado', children: formatDateTime(s.sentAt) },
              {
                key: 'answered',
                label: 'Respondido',
                children: s.answeredAt ? formatDateTime(s.answeredAt) : '—',
              },
              { key: 'periods', label: 'Periodo', children: s.periods.map(siiPeriodLabel).join(', ') || '—' },
              {
                key: 'counts',
                label: 'Registros',
                children: `${s.recordCount} · ${s.acceptedCount} aceptados · ${s.acceptedWithErrorsCount} con errores · ${s.rejectedCount} rechazados`,
              },
            ]}
          />
        </Card>
        <Card title="Registros" size="small">
          <RecordsTable submission={s} companyId={companyId} />
        </Card>
        <Card title="Mensajes archivados" size="small">
          <ArchivedMessages submission={s} companyId={companyId} />
        </Card>
      </Flex>
    </>
  );
}

function RecordsTable({ submission, companyId }: { submission: SiiSubmission; companyId: string | null }) {
  return (
    <Table<RecordRow>
      rowKey="entryId"
      size="small"
      dataSource={submission.records}
      scroll={{ x: 'max-content' }}
      pagination={submission.records.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: 'No hay datos disponibles' }}
      columns={[
        {
          title: 'Documento',
          key: 'document',
          render: (_, r) => (
            <a
              href={siiDocumentPath(submission.book, invoiceIdOf(r.documentId), companyId)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {r.documentNumber}
            </a>
          ),
        },
        { title: 'Estado', key: 'status', render: (_, r) => <SiiStatusTag status={r.status} /> },
        { title: 'Código', dataIndex: 'code', render: (v: string | null) => v ?? '—' },
        {
          title: 'Respuesta de la AEAT',
          dataIndex: 'message',
          render: (v: string | null) => (v ? <Typography.Text>{v}</Typography.Text> : '—'),
        },
      ]}
    />
  );
}
