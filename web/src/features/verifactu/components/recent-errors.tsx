import type { VerifactuSubmission } from '@shared/schemas/verifactu';
import { errorMessage } from '@web/lib/api-error';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useResubmit } from '../api/resubmit';
import { canResubmit } from '../utils/actions';
import { ResubmitDialog } from './resubmit-dialog';
import { SubmissionStatusTag } from './status-tag';

/** The latest rejected records with 'Reintentar' (a new record as it is) and 'Corregir'. */
export function RecentErrors({
  errors,
  companyId,
  canManage,
}: {
  errors: VerifactuSubmission[];
  companyId: string;
  canManage: boolean;
}) {
  const resubmit = useResubmit(companyId);
  const [correcting, setCorrecting] = useState<VerifactuSubmission | null>(null);
  return (
    <>
      <Table<VerifactuSubmission>
        rowKey="recordId"
        size="small"
        pagination={false}
        dataSource={errors}
        scroll={{ x: true }}
        locale={{ emptyText: 'No hay envíos con errores.' }}
        columns={[
          {
            title: 'Factura',
            key: 'invoice',
            render: (_, s) => <Link to={paths.app.invoicing.invoice(s.invoiceId)}>{s.invoiceNumber}</Link>,
          },
          { title: 'Fecha', dataIndex: 'invoiceDate', render: (v: string) => formatDate(v) },
          {
            title: 'Importe',
            dataIndex: 'totalCents',
            align: 'right',
            render: (v: number) => formatCents(v),
          },
          { title: 'Estado', key: 'status', render: (_, s) => <SubmissionStatusTag status={s.status} /> },
          {
            title: 'Respuesta de la AEAT',
            key: 'aeat',
            render: (_, s) =>
              s.aeatMessage ? (
                <Typography.Text>
                  {s.aeatCode ? <strong>{s.aeatCode}: </strong> : null}
                  {s.aeatMessage}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          ...(canManage
            ? [
                {
                  title: 'Acciones',
                  key: 'actions',
                  render: (_: unknown, s: VerifactuSubmission) =>
                    canResubmit(s) ? (
                      <Flex gap={4} wrap>
                        <Button
                          size="small"
                          loading={resubmit.isPending && resubmit.variables?.submissionId === s.recordId}
                          onClick={() =>
                            resubmit.mutate(
                              { submissionId: s.recordId, body: {} },
                              {
                                onSuccess: () => showToast('success', 'Reintento iniciado'),
                                onError: (e) => showToast('error', errorMessage(e)),
                              },
                            )
                          }
                        >
                          Reintentar
                        </Button>
                        <Button size="small" onClick={() => setCorrecting(s)}>
                          Corregir
                        </Button>
                      </Flex>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {correcting ? (
        <ResubmitDialog submission={correcting} companyId={companyId} onClose={() => setCorrecting(null)} />
      ) : null}
    </>
  );
}
