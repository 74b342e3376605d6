/**
 * The company's documents shared with its clients (issue 21 item 2), for the company documents
 * page: 'Compartir documento' (the share modal) and the list of shares with their permissions,
 * expiry, approval and use, each with 'Revocar acceso'. Also `ShareDocumentButton`, the 'Compartir'
 * action of one document for a documents list that offers row actions.
 */
import {
  SHARE_STATUS_LABELS,
  SHARE_STATUSES,
  type SharedDocument,
  type ShareStatus,
} from '@shared/schemas/sharing';
import { EmptyState, LoadError } from '@web/components/load-states';
import { sharedDocumentColumns } from '@web/components/shared-document-columns';
import { useCan } from '@web/lib/access';
import { formatInteger } from '@web/lib/format';
import { toast, toastError } from '@web/lib/toast';
import { Button, Card, Flex, Popconfirm, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { COMPANY_SHARES_PAGE_SIZE, useCompanyShares, useRevokeShare } from '../api/shares';
import { ShareDocumentModal } from './share-document-modal';

const shareColumns = sharedDocumentColumns();

export function CompanyShares({ companyId }: { companyId: string }) {
  const canShare = useCan('sharedDocuments.share');
  const canList = useCan('sharedDocuments.listByCompany');
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<ShareStatus | undefined>();
  const [sharing, setSharing] = useState(false);
  const shares = useCompanyShares(companyId, page, status);
  const revoke = useRevokeShare(companyId);
  if (!canList) return null;
  return (
    <Card
      title="Documentos compartidos con clientes"
      extra={
        canShare ? (
          <Button type="primary" onClick={() => setSharing(true)}>
            Compartir documento
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={12}>
        <Select
          allowClear
          aria-label="Estado del acceso"
          placeholder="Todos los estados"
          style={{ maxWidth: 220 }}
          value={status}
          options={SHARE_STATUSES.map((s) => ({ value: s, label: SHARE_STATUS_LABELS[s] }))}
          onChange={(s?: ShareStatus) => {
            setStatus(s);
            setPage(0);
          }}
        />
        {shares.isError ? (
          <LoadError
            title="Error cargando los documentos compartidos"
            error={shares.error}
            onRetry={() => void shares.refetch()}
          />
        ) : (
          <Table<SharedDocument>
            rowKey="id"
            size="small"
            loading={shares.isPending}
            dataSource={shares.data?.content ?? []}
            locale={{
              emptyText: <EmptyState description="Aún no has compartido documentos con tus clientes" />,
            }}
            pagination={{
              current: page + 1,
              pageSize: COMPANY_SHARES_PAGE_SIZE,
              total: shares.data?.totalElements ?? 0,
              showSizeChanger: false,
              onChange: (p) => setPage(p - 1),
            }}
            columns={[
              { title: 'Documento', dataIndex: 'name' },
              {
                title: 'Cliente',
                key: 'client',
                render: (_, s) => (
                  <Flex vertical>
                    <span>{s.clientName}</span>
                    <Typography.Text type="secondary">{s.clientEmail}</Typography.Text>
                  </Flex>
                ),
              },
              shareColumns.sharedAt,
              {
                title: 'Permisos',
                key: 'permissions',
                render: (_, s) => (s.permissions.download ? 'Ver y descargar' : 'Solo consulta'),
              },
              shareColumns.expiresAt,
              shareColumns.status,
              {
                title: 'Uso',
                key: 'use',
                render: (_, s) =>
                  s.lastViewedAt
                    ? `${formatInteger(s.viewCount)} vistas, ${formatInteger(s.downloadCount)} descargas`
                    : 'Sin abrir',
              },
              {
                title: 'Acciones',
                key: 'actions',
                render: (_, s) =>
                  s.status === 'REVOKED' || !canShare ? null : (
                    <Popconfirm
                      title="¿Revocar el acceso de este cliente al documento?"
                      okText="Revocar acceso"
                      cancelText="Cancelar"
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        revoke.mutateAsync(s.id).then(
                          () => toast.success('Acceso revocado'),
                          (e: unknown) => {
                            toastError(e);
                          },
                        )
                      }
                    >
                      <Button size="small" danger>
                        Revocar acceso
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]}
          />
        )}
      </Flex>
      {sharing ? (
        <ShareDocumentModal
          companyId={companyId}
          clients={shares.data?.clients ?? []}
          onClose={() => setSharing(false)}
        />
      ) : null}
    </Card>
  );
}

/** 'Compartir' for one document (a documents list's row action). */
export function ShareDocumentButton({
  companyId,
  document,
}: {
  companyId: string;
  document: { documentId: string; fileName: string };
}) {
  const canShare = useCan('sharedDocuments.share');
  const [open, setOpen] = useState(false);
  const overview = useCompanyShares(companyId, 0);
  if (!canShare) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Compartir
      </Button>
      {open ? (
        <ShareDocumentModal
          companyId={companyId}
          clients={overview.data?.clients ?? []}
          document={document}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
