/**
 * The details of one document (`documents.get`): its file, status, the extraction field by field
 * with confidences, why it was refused or failed, the received invoice it became and the one it
 * repeats (a duplicate is never booked twice).
 */
import { DOCUMENT_STATUS_LABELS, DOCUMENT_TYPE_LABELS } from '@shared/schemas/documents';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Alert, Descriptions, Drawer, Empty, Flex, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useDocument } from '../api/get-document';
import { ORIGIN_LABELS, statusColor } from '../utils/labels';
import { ExtractionView } from './extraction-view';

export function DocumentDrawer({
  documentId,
  companyId,
  onClose,
}: {
  documentId: string | null;
  companyId: string | null;
  onClose: () => void;
}) {
  const doc = useDocument(documentId, companyId);
  return (
    <Drawer
      open={documentId !== null}
      onClose={onClose}
      size="large"
      title="Detalle del documento"
      destroyOnHidden
    >
      {doc.isPending ? (
        <LoadingBlock label="Cargando el documento" />
      ) : doc.isError ? (
        <LoadError title="Error cargando el documento" error={doc.error} onRetry={() => void doc.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'file', label: 'Archivo', children: doc.data.fileName },
              {
                key: 'status',
                label: 'Estado',
                children: (
                  <Tag color={statusColor(doc.data.status)}>{DOCUMENT_STATUS_LABELS[doc.data.status]}</Tag>
                ),
              },
              { key: 'type', label: 'Tipo', children: DOCUMENT_TYPE_LABELS[doc.data.documentType] },
              { key: 'origin', label: 'Origen', children: ORIGIN_LABELS[doc.data.origin] },
              { key: 'created', label: 'Subido', children: formatDateTime(doc.data.createdAt) },
              ...(doc.data.pages
                ? [{ key: 'pages', label: 'Páginas', children: String(doc.data.pages) }]
                : []),
              ...(doc.data.receivedInvoiceId
                ? [
                    {
                      key: 'invoice',
                      label: 'Factura recibida',
                      children: (
                        <Link
                          to={paths.app.invoicing.receivedInvoice(
                            doc.data.receivedInvoiceId,
                            doc.data.companyId,
                          )}
                        >
                          Ver factura recibida
                        </Link>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {doc.data.rejection ? (
            <Alert
              type="error"
              showIcon
              title={`Archivo rechazado (${doc.data.rejection.code})`}
              description={doc.data.rejection.reason}
            />
          ) : null}
          {doc.data.error && !doc.data.rejection ? (
            <Alert type="error" showIcon title={doc.data.error.code} description={doc.data.error.message} />
          ) : null}
          {doc.data.duplicateOf ? (
            <Alert
              type="warning"
              showIcon
              title="Posible duplicado"
              description={
                <span>
                  Esta factura repite una ya registrada (mismo NIF, número y fecha); no se ha contabilizado de
                  nuevo.{' '}
                  <Link
                    to={paths.app.invoicing.receivedInvoice(
                      doc.data.duplicateOf.receivedInvoiceId,
                      doc.data.companyId,
                    )}
                  >
                    Ver la factura original
                  </Link>
                </span>
              }
            />
          ) : null}
          {doc.data.review.status === 'REJECTED' && doc.data.review.reason ? (
            <Alert
              type="error"
              showIcon
              title="Rechazado en la revisión"
              description={doc.data.review.reason}
            />
          ) : null}
          {doc.data.extraction ? (
            <ExtractionView
              extraction={doc.data.extraction}
              notes={doc.data.notes}
              engine={doc.data.engine}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Todavía no hay datos leídos" />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
