/**
 * /app/document-reviews (issue 17 item 5; spec part 3 §7 advisor reviews): the statistics, the
 * pending documents (tabs Pendientes / Urgentes, urgent first), and a review panel per document.
 */
import type { PendingReview } from '@shared/schemas/document-reviews';
import { DOCUMENT_STATUS_LABELS, DOCUMENT_TYPE_LABELS } from '@shared/schemas/documents';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { formatDateTime, formatInteger } from '@web/lib/format';
import { useUrlListState } from '@web/lib/use-url-list-state';
import { Button, Card, Col, Drawer, Row, Statistic, Table, Tabs, Tag } from 'antd';
import { useDocument } from '../api/get-document';
import { type ReviewTab, useReviewStatistics, useReviews } from '../api/get-reviews';
import { ORIGIN_LABELS, percent, statusColor } from '../utils/labels';
import { ReviewPanel } from './review-panel';

export function ReviewsPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Revisión de documentos" />
        <EmptyState description="Selecciona una empresa para revisar sus documentos." />
      </>
    );
  }
  return <ReviewsContent companyId={companyId} />;
}

function ReviewStats({ companyId }: { companyId: string }) {
  const stats = useReviewStatistics(companyId);
  if (stats.isPending) return <LoadingBlock label="Cargando estadísticas" />;
  if (stats.isError)
    return (
      <LoadError
        title="Error cargando estadísticas"
        error={stats.error}
        onRetry={() => void stats.refetch()}
      />
    );
  const s = stats.data;
  return (
    <Row gutter={[16, 16]}>
      {[
        ['Pendientes', formatInteger(s.pending)],
        ['Urgentes', formatInteger(s.urgent)],
        ['Aprobados hoy', formatInteger(s.approvedToday)],
        ['Rechazados hoy', formatInteger(s.rejectedToday)],
        ['Revisados este mes', formatInteger(s.reviewedThisMonth)],
        ['Precisión de la lectura', percent(s.accuracy)],
        [
          'Horas hasta revisión',
          s.averageHoursToReview === null ? '—' : s.averageHoursToReview.toFixed(1).replace('.', ','),
        ],
      ].map(([title, value]) => (
        <Col key={title} xs={12} md={6} xl={3}>
          <Card size="small">
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function ReviewsContent({ companyId }: { companyId: string }) {
  const list = useUrlListState(20);
  const tab: ReviewTab = list.param('tab') === 'urgent' ? 'urgent' : 'pending';
  const selected = list.param('document') ?? null;
  const reviews = useReviews(tab, list.page, list.size, companyId);
  const doc = useDocument(selected, companyId);
  const open = (documentId: string | null) =>
    list.setParams({ document: documentId ?? undefined }, { keepPage: true });

  return (
    <>
      <PageHeader
        title="Revisión de documentos"
        meta={<span>Lo leído de cada documento, para aprobarlo o corregirlo</span>}
      />
      <ReviewStats companyId={companyId} />
      <Tabs
        style={{ marginTop: 16 }}
        activeKey={tab}
        onChange={(key) => list.setParams({ tab: key === 'urgent' ? 'urgent' : undefined })}
        items={[
          { key: 'pending', label: 'Pendientes' },
          { key: 'urgent', label: 'Urgentes' },
        ]}
      />
      {reviews.isError ? (
        <LoadError
          title="Error cargando revisiones"
          error={reviews.error}
          onRetry={() => void reviews.refetch()}
        />
      ) : (
        <Table<PendingReview>
          rowKey="documentId"
          loading={reviews.isPending}
          dataSource={reviews.data?.content ?? []}
          locale={{ emptyText: <EmptyState description="No hay datos disponibles" /> }}
          pagination={{
            current: list.page + 1,
            pageSize: list.size,
            total: reviews.data?.totalElements ?? 0,
            onChange: (page, size) => list.goToPage(page - 1, size),
          }}
          columns={[
            {
              title: 'Archivo',
              dataIndex: 'fileName',
              render: (name: string, row) => (
                <>
                  {name} {row.review.urgent ? <Tag color="red">Urgente</Tag> : null}
                  {row.priority === 'HIGH' ? <Tag color="volcano">Prioridad alta</Tag> : null}
                </>
              ),
            },
            {
              title: 'Tipo',
              dataIndex: 'documentType',
              render: (t: PendingReview['documentType']) => DOCUMENT_TYPE_LABELS[t],
            },
            {
              title: 'Estado',
              dataIndex: 'status',
              render: (s: PendingReview['status']) => (
                <Tag color={statusColor(s)}>{DOCUMENT_STATUS_LABELS[s]}</Tag>
              ),
            },
            {
              title: 'Origen',
              dataIndex: 'origin',
              render: (o: PendingReview['origin']) => ORIGIN_LABELS[o],
            },
            { title: 'Recibido', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
            {
              title: 'Espera',
              dataIndex: 'waitingHours',
              render: (h: number) => (h < 24 ? `${Math.round(h)} h` : `${Math.floor(h / 24)} d`),
            },
            {
              title: '',
              key: 'review',
              render: (_, row) => (
                <Button size="small" type="primary" onClick={() => open(row.documentId)}>
                  Revisar
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer
        open={selected !== null}
        onClose={() => open(null)}
        size={1200}
        title={doc.data ? `Revisar ${doc.data.fileName}` : 'Revisar documento'}
        destroyOnHidden
      >
        {doc.isPending ? (
          <LoadingBlock label="Cargando el documento" />
        ) : doc.isError ? (
          <LoadError
            title="Error cargando el documento"
            error={doc.error}
            onRetry={() => void doc.refetch()}
          />
        ) : (
          <ReviewPanel key={doc.data.documentId} doc={doc.data} onDone={() => open(null)} />
        )}
      </Drawer>
    </>
  );
}
