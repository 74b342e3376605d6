/**
 * The company's documents (issue 17 item 1): filters kept in the URL (status, type, origin, dates,
 * search), status tags, the reading's confidence, the received invoice each became, and the row
 * actions the caller may take (view, download, reprocess, cancel, delete with confirmation). A row
 * opens its details drawer.
 */
import {
  DOCUMENT_ORIGINS,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type DocumentOrigin,
  type DocumentStatus,
  type DocumentSummary,
  type DocumentType,
} from '@shared/schemas/documents';
import { EmptyState, LoadError } from '@web/components/load-states';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { useUrlListState } from '@web/lib/use-url-list-state';
import { Button, DatePicker, Flex, Input, Popconfirm, Select, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { ACTION_DONE, type DocumentAction, useDocumentAction } from '../api/document-actions';
import { downloadDocument, getDocumentFile } from '../api/get-document-file';
import { DOCUMENTS_PAGE_SIZE, useDocuments } from '../api/list-documents';
import {
  CANCELLABLE,
  confidenceColor,
  meanConfidence,
  ORIGIN_LABELS,
  percent,
  REPROCESSABLE,
  statusColor,
} from '../utils/labels';
import { DocumentDrawer } from './document-drawer';

const pick = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** Opens the file in a new tab (a blob URL of `documents.view`). */
async function viewDocument(doc: DocumentSummary, companyId: string | null) {
  const tab = window.open('', '_blank');
  try {
    const file = await getDocumentFile('view', doc.documentId, companyId, doc.fileName);
    const url = file.kind === 'blob' ? URL.createObjectURL(file.blob) : file.url;
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    showToast('error', errorMessage(error));
  }
}

export function DocumentsList({ companyId, byUrl = false }: { companyId: string; byUrl?: boolean }) {
  const list = useUrlListState(DOCUMENTS_PAGE_SIZE);
  const status = pick(list.param('status'), DOCUMENT_STATUSES);
  const documentType = pick(list.param('type'), DOCUMENT_TYPES);
  const origin = pick(list.param('origin'), DOCUMENT_ORIGINS);
  const from = list.param('from');
  const to = list.param('to');
  const selected = list.param('document') ?? null;
  const docs = useDocuments(
    {
      page: list.page,
      size: list.size,
      status,
      documentType,
      origin,
      from,
      to,
      search: list.search || undefined,
    },
    companyId,
    byUrl,
  );
  const action = useDocumentAction(companyId);
  const can = useCanCall();

  const run = (kind: DocumentAction, doc: DocumentSummary) =>
    action.mutate(
      { action: kind, documentId: doc.documentId },
      {
        onSuccess: () => showToast('success', ACTION_DONE[kind]),
        onError: (e) => showToast('error', errorMessage(e)),
      },
    );

  const open = (documentId: string | null) =>
    list.setParams({ document: documentId ?? undefined }, { keepPage: true });

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap role="search" aria-label="Filtros de documentos">
        <Input.Search
          allowClear
          aria-label="Buscar documentos"
          placeholder="Buscar por archivo, proveedor o número"
          style={{ maxWidth: 320 }}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
        />
        <Select
          allowClear
          aria-label="Estado"
          placeholder="Todos los estados"
          style={{ minWidth: 200 }}
          value={status}
          options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] }))}
          onChange={(value?: DocumentStatus) => list.setParams({ status: value })}
          popupMatchSelectWidth={false}
        />
        <Select
          allowClear
          aria-label="Tipo"
          placeholder="Todos los tipos"
          style={{ minWidth: 160 }}
          value={documentType}
          options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
          onChange={(value?: DocumentType) => list.setParams({ type: value })}
        />
        <Select
          allowClear
          aria-label="Origen"
          placeholder="Todos los orígenes"
          style={{ minWidth: 160 }}
          value={origin}
          options={DOCUMENT_ORIGINS.map((o) => ({ value: o, label: ORIGIN_LABELS[o] }))}
          onChange={(value?: DocumentOrigin) => list.setParams({ origin: value })}
        />
        <DatePicker.RangePicker
          aria-label="Fechas"
          format="DD/MM/YYYY"
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(range) =>
            list.setParams({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
      </Flex>

      {docs.isError ? (
        <LoadError title="Error cargando documentos" error={docs.error} onRetry={() => void docs.refetch()} />
      ) : (
        <Table<DocumentSummary>
          rowKey="documentId"
          size="middle"
          loading={docs.isPending || (docs.isFetching && docs.isPlaceholderData)}
          dataSource={docs.data?.content ?? []}
          locale={{ emptyText: <EmptyState description="No hay datos disponibles" /> }}
          scroll={{ x: 960 }}
          pagination={{
            current: list.page + 1,
            pageSize: list.size,
            total: docs.data?.totalElements ?? 0,
            showSizeChanger: true,
            onChange: (page, size) => list.goToPage(page - 1, size),
          }}
          columns={[
            {
              title: 'Archivo',
              dataIndex: 'fileName',
              render: (name: string, doc) => (
                // A long file name wraps inside its column instead of running over the next one.
                <Button
                  type="link"
                  style={{
                    padding: 0,
                    height: 'auto',
                    whiteSpace: 'normal',
                    overflowWrap: 'anywhere',
                    textAlign: 'left',
                  }}
                  onClick={() => open(doc.documentId)}
                >
                  {name}
                </Button>
              ),
            },
            {
              title: 'Tipo',
              dataIndex: 'documentType',
              render: (t: DocumentType) => DOCUMENT_TYPE_LABELS[t],
            },
            {
              title: 'Estado',
              dataIndex: 'status',
              render: (s: DocumentStatus, doc) => (
                <Flex gap={4} wrap>
                  <Tag color={statusColor(s)}>{DOCUMENT_STATUS_LABELS[s]}</Tag>
                  {doc.review.status === 'PENDING' ? <Tag color="purple">Pendiente de revisión</Tag> : null}
                </Flex>
              ),
            },
            {
              title: 'Confianza',
              key: 'confidence',
              render: (_, doc) => {
                const value = meanConfidence(doc.extraction?.confidence);
                return value === null ? '—' : <Tag color={confidenceColor(value)}>{percent(value)}</Tag>;
              },
            },
            { title: 'Origen', dataIndex: 'origin', render: (o: DocumentOrigin) => ORIGIN_LABELS[o] },
            { title: 'Fecha', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
            {
              title: 'Factura',
              key: 'invoice',
              render: (_, doc) =>
                doc.receivedInvoiceId ? (
                  <Link to={paths.app.invoicing.receivedInvoice(doc.receivedInvoiceId, doc.companyId)}>
                    Ver factura
                  </Link>
                ) : doc.duplicateOf ? (
                  <Link
                    to={paths.app.invoicing.receivedInvoice(doc.duplicateOf.receivedInvoiceId, doc.companyId)}
                  >
                    Duplicado de…
                  </Link>
                ) : (
                  '—'
                ),
            },
            {
              title: 'Acciones',
              key: 'actions',
              fixed: 'right',
              render: (_, doc) => (
                <Flex gap={4} wrap>
                  {can('documents.view') ? (
                    <Button size="small" onClick={() => void viewDocument(doc, companyId)}>
                      Ver
                    </Button>
                  ) : null}
                  {can('documents.download') ? (
                    <Button
                      size="small"
                      onClick={() =>
                        downloadDocument(doc.documentId, companyId, doc.fileName).catch((e: unknown) =>
                          showToast('error', errorMessage(e)),
                        )
                      }
                    >
                      Descargar
                    </Button>
                  ) : null}
                  {can('documents.reprocess') && REPROCESSABLE.includes(doc.status) ? (
                    <Button size="small" onClick={() => run('reprocess', doc)}>
                      Reprocesar
                    </Button>
                  ) : null}
                  {can('documents.cancel') && CANCELLABLE.includes(doc.status) ? (
                    <Popconfirm
                      title="¿Cancelar este documento?"
                      okText="Sí"
                      cancelText="No"
                      onConfirm={() => run('cancel', doc)}
                    >
                      <Button size="small">Cancelar</Button>
                    </Popconfirm>
                  ) : null}
                  {can('documents.delete') ? (
                    <Popconfirm
                      title="¿Eliminar este documento?"
                      description="Esta acción no se puede deshacer."
                      okText="Eliminar"
                      okButtonProps={{ danger: true }}
                      cancelText="No"
                      onConfirm={() => run('delete', doc)}
                    >
                      <Button size="small" danger>
                        Eliminar
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      )}
      <DocumentDrawer documentId={selected} companyId={companyId} onClose={() => open(null)} />
    </Flex>
  );
}
