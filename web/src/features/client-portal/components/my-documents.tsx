/**
 * /app/my-documents (the client portal): what the gestoría shared with the client (issue 21 item 2,
 * 'Compartidos por tu gestoría': every client) and what the client uploaded (issue 17 item 7, with
 * UPLOAD_DOCUMENTS), with each upload's status and why one was refused, and the counts
 * (`clientDocuments.list`, `.statistics`).
 */
import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPE_LABELS,
  type DocumentStatus,
  type DocumentSummary,
} from '@shared/schemas/documents';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { formatDateTime, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Card, Col, Flex, Row, Select, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MY_DOCUMENTS_PAGE_SIZE, useMyDocumentStatistics, useMyDocuments } from '../api/get-my-documents';
import { SharedWithMe } from './my-documents-shared';

const REVIEW_LABELS = {
  PENDING: 'En revisión',
  APPROVED: 'Revisado',
  REJECTED: 'Rechazado por tu gestor',
} as const;

export function MyDocuments() {
  const companyId = useCompanyId();
  const canUpload = useCan('clientDocuments.upload');
  const canList = useCan('clientDocuments.list');
  return (
    <>
      <PageHeader
        title="Mis documentos"
        actions={
          canUpload ? (
            <LinkButton type="primary" to={paths.app.client.documentUpload}>
              Subir documentos
            </LinkButton>
          ) : null
        }
      />
      {!companyId ? (
        <EmptyState description="Selecciona una empresa para ver tus documentos." />
      ) : (
        <Flex vertical gap={24}>
          <section>
            <Typography.Title level={4}>Compartidos por tu gestoría</Typography.Title>
            <SharedWithMe companyId={companyId} />
          </section>
          {canList ? (
            <section>
              <Typography.Title level={4}>Mis subidas</Typography.Title>
              <MyUploads companyId={companyId} />
            </section>
          ) : null}
        </Flex>
      )}
    </>
  );
}

/** What the client uploaded (issue 17 item 7). */
function MyUploads({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<DocumentStatus | undefined>();
  const docs = useMyDocuments(companyId, page, status);
  const stats = useMyDocumentStatistics(companyId);
  return (
    <Flex vertical gap={16}>
      {stats.data ? (
        <Row gutter={[16, 16]}>
          {[
            ['Subidos', stats.data.total],
            ['En proceso', stats.data.processing],
            ['En revisión', stats.data.pendingReview],
            ['Completados', stats.data.completed],
            ['Con error', stats.data.failed],
          ].map(([title, value]) => (
            <Col key={String(title)} xs={12} md={8} xl={4}>
              <Card size="small">
                <Statistic title={title} value={formatInteger(Number(value))} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
      <Select
        allowClear
        aria-label="Estado"
        placeholder="Todos los estados"
        style={{ maxWidth: 240 }}
        value={status}
        options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] }))}
        onChange={(s?: DocumentStatus) => {
          setStatus(s);
          setPage(0);
        }}
      />
      {docs.isError ? (
        <LoadError
          title="Error cargando tus documentos"
          error={docs.error}
          onRetry={() => void docs.refetch()}
        />
      ) : (
        <Table<DocumentSummary>
          rowKey="documentId"
          loading={docs.isPending}
          dataSource={docs.data?.content ?? []}
          locale={{ emptyText: <EmptyState description="No hay datos disponibles" /> }}
          pagination={{
            current: page + 1,
            pageSize: MY_DOCUMENTS_PAGE_SIZE,
            total: docs.data?.totalElements ?? 0,
            showSizeChanger: false,
            onChange: (p) => setPage(p - 1),
          }}
          columns={[
            { title: 'Archivo', dataIndex: 'fileName' },
            {
              title: 'Tipo',
              dataIndex: 'documentType',
              render: (t: DocumentSummary['documentType']) => DOCUMENT_TYPE_LABELS[t],
            },
            { title: 'Subido', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
            {
              title: 'Estado',
              dataIndex: 'status',
              render: (s: DocumentStatus, d) => (
                <Flex vertical gap={2}>
                  <Flex gap={4} wrap>
                    <Tag>{DOCUMENT_STATUS_LABELS[s]}</Tag>
                    {d.review.status !== 'NOT_REQUIRED' ? (
                      <Tag color="purple">{REVIEW_LABELS[d.review.status]}</Tag>
                    ) : null}
                  </Flex>
                  {d.rejection ? <Typography.Text type="danger">{d.rejection.reason}</Typography.Text> : null}
                  {d.review.status === 'REJECTED' && d.review.reason ? (
                    <Typography.Text type="danger">{d.review.reason}</Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
