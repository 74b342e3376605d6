/**
 * /app/banking/treasury/overdue: the overdue issued invoices, oldest first, with the days overdue, the
 * last follow-up note and the reminders sent; 'Añadir nota' and 'Enviar recordatorio' per invoice; the
 * automatic reminders settings ('Recordatorios de cobro') below the list.
 */
import type { OverdueLine } from '@shared/schemas/treasury';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { formatCents, formatDate, formatDateTime } from '@web/lib/format';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  message,
  Statistic,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useCreateNote, useOverdue, useSendReminder } from '../api/treasury';
import { RemindersCard } from './reminders-card';
import { TreasuryNav, treasuryHeader, WithCompany } from './ui';

export function OverduePage() {
  return (
    <WithCompany title="Cobros vencidos">
      {(companyId) => <OverdueContent companyId={companyId} />}
    </WithCompany>
  );
}

function OverdueContent({ companyId }: { companyId: string }) {
  const overdue = useOverdue(companyId);
  const sendReminder = useSendReminder(companyId);
  const can = useCanCall();
  const [noting, setNoting] = useState<OverdueLine | null>(null);
  const remind = (row: OverdueLine) =>
    sendReminder.mutate(row.documentId, {
      onSuccess: (r) => void message.success(`Recordatorio enviado a ${r.to}`),
      onError: (e) => void message.error(errorMessage(e)),
    });
  const columns: TableColumnsType<OverdueLine> = [
    { title: 'Factura', dataIndex: 'number' },
    { title: 'Cliente', dataIndex: 'partyName' },
    { title: 'Vencimiento', dataIndex: 'dueDate', render: (v: string) => formatDate(v) },
    {
      title: 'Días vencida',
      dataIndex: 'daysOverdue',
      align: 'right',
      render: (v: number, r) => <span data-testid={`days-${r.documentId}`}>{v}</span>,
    },
    { title: 'Vencido', dataIndex: 'overdueCents', align: 'right', render: (v: number) => formatCents(v) },
    {
      title: 'Pendiente',
      dataIndex: 'outstandingCents',
      align: 'right',
      render: (v: number) => formatCents(v),
    },
    {
      title: 'Último seguimiento',
      key: 'note',
      render: (_, r) =>
        r.lastNote ? (
          <span>
            {formatDateTime(r.lastNote.createdAt)}: {r.lastNote.note}
            {r.lastNote.nextActionDate ? ` (próxima acción ${formatDate(r.lastNote.nextActionDate)})` : ''}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, r) => (
        <Flex gap={8}>
          {can('treasury.createNote') ? <Button onClick={() => setNoting(r)}>Añadir nota</Button> : null}
          {can('treasury.sendReminder') ? (
            <Button
              onClick={() => remind(r)}
              disabled={!r.partyEmail}
              title={r.partyEmail ? `Enviar a ${r.partyEmail}` : 'El cliente no tiene correo electrónico'}
              loading={sendReminder.isPending && sendReminder.variables === r.documentId}
            >
              Enviar recordatorio
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <>
      {treasuryHeader('Cobros vencidos', 'Facturas emitidas con vencimientos pasados sin cobrar')}
      <TreasuryNav />
      {overdue.isPending ? (
        <LoadingBlock />
      ) : overdue.isError ? (
        <LoadError
          title="No se pudieron cargar los vencidos"
          error={overdue.error}
          onRetry={() => overdue.refetch()}
        />
      ) : (
        <>
          <Flex gap={16} wrap style={{ marginBottom: 16 }}>
            <Card>
              <Statistic title="Total vencido" value={formatCents(overdue.data.totalOverdueCents)} />
            </Card>
            {overdue.data.aging.map((a) => (
              <Card key={a.bucket}>
                <Statistic title={`${a.bucket} días`} value={formatCents(a.amountCents)} />
              </Card>
            ))}
          </Flex>
          {overdue.data.items.length === 0 ? (
            <EmptyState description="No hay cobros vencidos." />
          ) : (
            <Table<OverdueLine>
              aria-label="Cobros vencidos"
              rowKey="documentId"
              size="small"
              columns={columns}
              dataSource={overdue.data.items}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
            />
          )}
        </>
      )}
      <RemindersCard companyId={companyId} />
      <NoteModal companyId={companyId} row={noting} onClose={() => setNoting(null)} />
    </>
  );
}

function NoteModal({
  companyId,
  row,
  onClose,
}: {
  companyId: string;
  row: OverdueLine | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ note: string; nextActionDate?: { format: (f: string) => string } | null }>();
  const create = useCreateNote(companyId);
  const submit = async () => {
    if (!row) return;
    const values = await form.validateFields();
    create.mutate(
      {
        documentKind: row.documentKind,
        documentId: row.documentId,
        note: values.note,
        ...(values.nextActionDate ? { nextActionDate: values.nextActionDate.format('YYYY-MM-DD') } : {}),
      },
      {
        onSuccess: () => {
          void message.success('Nota guardada');
          form.resetFields();
          onClose();
        },
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  };
  return (
    <Modal
      open={row !== null}
      title={row ? `Nota de seguimiento · ${row.number}` : ''}
      okText="Guardar nota"
      cancelText="Cancelar"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="note" label="Nota" rules={[{ required: true, message: 'Escribe la nota.' }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="nextActionDate" label="Próxima acción">
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
