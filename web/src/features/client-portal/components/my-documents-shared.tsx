/**
 * 'Compartidos por tu gestoría' (issue 21 item 2; spec part 3 §3 Client portal): what the gestoría
 * shared with the client, with the spec's filters (status, documentType, requiresApproval, dates,
 * search). 'Ver' always; 'Descargar' only when the share allows it (hidden otherwise); 'Aprobar'
 * with comments while an approval is pending. A pushed `document_shared` notification refreshes it.
 */
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '@shared/schemas/documents';
import type { Notification } from '@shared/schemas/notifications';
import { SHARE_STATUS_LABELS, type SharedDocument } from '@shared/schemas/sharing';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState, LoadError } from '@web/components/load-states';
import { sharedDocumentColumns } from '@web/components/shared-document-columns';
import { usePushMessages } from '@web/lib/push-messages';
import { toastError } from '@web/lib/toast';
import { Button, DatePicker, Flex, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  downloadShared,
  fetchSharedView,
  SHARED_PAGE_SIZE,
  type SharedFilters,
  sharedDocumentsKey,
  useApproveShared,
  useSharedDocuments,
} from '../api/get-shared-documents';

/** 'Solo consulta' in 'Estado' when the share does not allow downloading. */
const shareColumns = sharedDocumentColumns({
  afterStatus: (s) => (s.permissions.download ? null : <Tag>Solo consulta</Tag>),
});

/** The file shown inside the page: a PDF in a frame, an image as an image. */
function SharedViewer({
  companyId,
  share,
  onClose,
}: {
  companyId: string;
  share: SharedDocument;
  onClose: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    let alive = true;
    fetchSharedView(companyId, share).then(
      (d) => {
        if (!alive || d.kind !== 'file') return;
        href = URL.createObjectURL(d.blob);
        setUrl(href);
      },
      (e: unknown) => {
        if (alive) setFailed(e instanceof Error ? e.message : 'No se ha podido abrir el documento');
      },
    );
    return () => {
      alive = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [companyId, share]);
  const isImage = (share.contentType ?? '').startsWith('image/');
  return (
    <Modal open title={share.name} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      {failed ? (
        <Typography.Text type="danger">{failed}</Typography.Text>
      ) : !url ? (
        <Typography.Text type="secondary">Cargando documento...</Typography.Text>
      ) : isImage ? (
        <img src={url} alt={share.name} style={{ maxWidth: '100%' }} />
      ) : (
        <iframe title={share.name} src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
      )}
    </Modal>
  );
}

function ApproveModal({
  companyId,
  share,
  onClose,
}: {
  companyId: string;
  share: SharedDocument;
  onClose: () => void;
}) {
  const [comments, setComments] = useState('');
  const approve = useApproveShared(companyId);
  const answer = (approved: boolean) =>
    approve.mutate(
      { shareId: share.id, body: { approved, ...(comments.trim() ? { comments: comments.trim() } : {}) } },
      { onSuccess: onClose, onError: (e) => toastError(e) },
    );
  return (
    <Modal
      open
      title={`Aprobar "${share.name}"`}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={() => answer(false)} loading={approve.isPending} danger>
            No aprobar
          </Button>
          <Button type="primary" onClick={() => answer(true)} loading={approve.isPending}>
            Aprobar
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={8}>
        {share.message ? <Typography.Paragraph>{share.message}</Typography.Paragraph> : null}
        <Input.TextArea
          aria-label="Comentarios"
          placeholder="Comentarios (opcional)"
          maxLength={1000}
          rows={3}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
        />
      </Flex>
    </Modal>
  );
}

export function SharedWithMe({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(0);
  const [filters, setFilters] = useState<SharedFilters>({});
  const [viewing, setViewing] = useState<SharedDocument | null>(null);
  const [approving, setApproving] = useState<SharedDocument | null>(null);
  const shared = useSharedDocuments(companyId, page, filters);
  // A `document_shared` notification links here with `?shared=<id>`: that row is marked.
  const [params] = useSearchParams();
  const highlighted = params.get('shared');
  const queryClient = useQueryClient();
  usePushMessages<{ type: 'notification'; notification: Notification }>('notification', (m) => {
    if (m.notification?.type === 'document_shared')
      void queryClient.invalidateQueries({ queryKey: sharedDocumentsKey(companyId) });
  });
  const filter = (next: SharedFilters) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
  };
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          aria-label="Buscar"
          placeholder="Buscar por nombre"
          style={{ maxWidth: 240 }}
          onSearch={(v) => filter({ search: v.trim() || undefined })}
        />
        <Select
          allowClear
          aria-label="Estado"
          placeholder="Todos los estados"
          style={{ width: 180 }}
          value={filters.status}
          options={(['ACTIVE', 'EXPIRED'] as const).map((s) => ({ value: s, label: SHARE_STATUS_LABELS[s] }))}
          onChange={(status?: 'ACTIVE' | 'EXPIRED') => filter({ status })}
        />
        <Select
          allowClear
          aria-label="Tipo de documento"
          placeholder="Todos los tipos"
          style={{ width: 200 }}
          value={filters.documentType}
          options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
          onChange={(documentType?: DocumentType) => filter({ documentType })}
        />
        <Select
          allowClear
          aria-label="Requiere aprobación"
          placeholder="Aprobación: todos"
          style={{ width: 200 }}
          value={filters.requiresApproval === undefined ? undefined : String(filters.requiresApproval)}
          options={[
            { value: 'true', label: 'Requiere aprobación' },
            { value: 'false', label: 'Sin aprobación' },
          ]}
          onChange={(v?: string) => filter({ requiresApproval: v === undefined ? undefined : v === 'true' })}
        />
        <DatePicker.RangePicker
          aria-label="Fechas"
          format="DD/MM/YYYY"
          placeholder={['Desde', 'Hasta']}
          onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
            filter({
              dateFrom: range?.[0]?.format('YYYY-MM-DD') ?? undefined,
              dateTo: range?.[1]?.format('YYYY-MM-DD') ?? undefined,
            })
          }
        />
      </Flex>
      {shared.isError ? (
        <LoadError
          title="Error cargando los documentos compartidos"
          error={shared.error}
          onRetry={() => void shared.refetch()}
        />
      ) : (
        <Table<SharedDocument>
          rowKey="id"
          rowClassName={(s) => (s.id === highlighted ? 'ant-table-row-selected' : '')}
          loading={shared.isPending}
          dataSource={shared.data?.content ?? []}
          locale={{
            emptyText: <EmptyState description="Tu gestoría aún no ha compartido documentos contigo" />,
          }}
          pagination={{
            current: page + 1,
            pageSize: SHARED_PAGE_SIZE,
            total: shared.data?.totalElements ?? 0,
            showSizeChanger: false,
            onChange: (p) => setPage(p - 1),
          }}
          columns={[
            {
              title: 'Documento',
              dataIndex: 'name',
              render: (name: string, s) => (
                <Flex vertical gap={2}>
                  <Typography.Text strong>{name}</Typography.Text>
                  {s.message ? <Typography.Text type="secondary">{s.message}</Typography.Text> : null}
                </Flex>
              ),
            },
            { title: 'Tipo', dataIndex: 'type', render: (t: DocumentType) => DOCUMENT_TYPE_LABELS[t] },
            shareColumns.sharedAt,
            shareColumns.expiresAt,
            shareColumns.status,
            {
              title: 'Acciones',
              key: 'actions',
              render: (_, s) =>
                s.status !== 'ACTIVE' ? null : (
                  <Space wrap>
                    <Button size="small" onClick={() => setViewing(s)}>
                      Ver
                    </Button>
                    {s.permissions.download ? (
                      <Button
                        size="small"
                        onClick={() => downloadShared(companyId, s).catch((e: unknown) => toastError(e))}
                      >
                        Descargar
                      </Button>
                    ) : null}
                    {s.requiresApproval && s.approval?.status === 'PENDING' ? (
                      <Button size="small" type="primary" onClick={() => setApproving(s)}>
                        Aprobar
                      </Button>
                    ) : null}
                  </Space>
                ),
            },
          ]}
        />
      )}
      {viewing ? (
        <SharedViewer companyId={companyId} share={viewing} onClose={() => setViewing(null)} />
      ) : null}
      {approving ? (
        <ApproveModal companyId={companyId} share={approving} onClose={() => setApproving(null)} />
      ) : null}
    </Flex>
  );
}
