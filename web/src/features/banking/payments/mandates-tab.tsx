/** 'Mandatos': the SEPA direct-debit mandates, 'Nuevo mandato' and 'Revocar'. */
import type { Mandate, MandateType } from '@shared/schemas/sepa';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { useCan } from '@web/lib/access';
import { formatDate } from '@web/lib/format';
import { showToast } from '@web/lib/toast';
import { Button, Flex, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useMandates, useRevokeMandate } from '../api/payments';
import { MandateModal } from './mandate-modal';
import { formatIban, MandateStatusTag, sequenceLabels, toastFailure } from './ui';

export function MandatesTab({ companyId, defaultType }: { companyId: string; defaultType: MandateType }) {
  const mandates = useMandates(companyId);
  const revoke = useRevokeMandate(companyId);
  const canCreate = useCan('banking.createMandate');
  const canRevoke = useCan('banking.revokeMandate');
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<Mandate> = [
    { title: 'Referencia', dataIndex: 'mandateId', key: 'mandateId' },
    { title: 'Deudor', dataIndex: 'debtorName', key: 'debtorName' },
    { title: 'IBAN', key: 'iban', render: (_, m) => formatIban(m.iban) },
    { title: 'Firma', key: 'signature', render: (_, m) => formatDate(m.signatureDate) },
    { title: 'Esquema', dataIndex: 'scheme', key: 'scheme' },
    {
      title: 'Próximo cobro',
      key: 'next',
      render: (_, m) => (m.nextSequenceType ? sequenceLabels[m.nextSequenceType] : '—'),
    },
    { title: 'Cobros', dataIndex: 'collectionCount', key: 'count', align: 'right' },
    { title: 'Estado', key: 'status', render: (_, m) => <MandateStatusTag status={m.status} /> },
    {
      title: '',
      key: 'actions',
      render: (_, m) =>
        canRevoke && m.status === 'ACTIVE' ? (
          <Popconfirm
            title="¿Revocar el mandato?"
            description="No se podrán emitir más recibos con él."
            okText="Revocar"
            cancelText="Cancelar"
            onConfirm={() =>
              revoke.mutate(m.mandateId, {
                onSuccess: () => showToast('success', 'Mandato revocado'),
                onError: (error) => toastFailure(error, 'Error revocando el mandato'),
              })
            }
          >
            <Button size="small" danger>
              Revocar
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={12}>
      {canCreate ? (
        <Flex justify="end">
          <Button type="primary" onClick={() => setCreating(true)}>
            Nuevo mandato
          </Button>
        </Flex>
      ) : null}
      {mandates.isPending ? (
        <LoadingBlock label="Cargando mandatos" />
      ) : mandates.isError ? (
        <LoadError
          title="Error obteniendo los mandatos"
          error={mandates.error}
          onRetry={() => void mandates.refetch()}
        />
      ) : mandates.data.length === 0 ? (
        <EmptyState description="Aún no hay mandatos. Registra el mandato firmado por el cliente para cobrarle por domiciliación." />
      ) : (
        <Table<Mandate>
          rowKey="mandateId"
          size="small"
          columns={columns}
          dataSource={mandates.data}
          pagination={false}
        />
      )}
      <MandateModal
        open={creating}
        companyId={companyId}
        defaultType={defaultType}
        onClose={() => setCreating(false)}
      />
    </Flex>
  );
}
