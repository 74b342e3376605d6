/**
 * A session's header: account, period, status and counts, and its lifecycle (shared/schemas/
 * reconciliation.ts): 'Completar' (leaving the unmatched movements pending, after saying so),
 * 'Aprobar' (banking.manage only: settles the documents and posts differences and assignments),
 * 'Cancelar sesión' (after a confirmation; the movements are released).
 */
import type { ReconciliationSession } from '@shared/schemas/reconciliation';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { formatCents, formatDateTime, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Card, Flex, Input, Modal, Popconfirm, Statistic } from 'antd';
import { useState } from 'react';
import { type SessionCommand, useSessionCommand } from '../api/reconciliation';
import { formatIban, periodLabel, SessionStatusTag, toastFailure } from './ui';

export function SessionHeader({ companyId, session }: { companyId: string; session: ReconciliationSession }) {
  const can = useCanCall();
  const command = useSessionCommand(session.sessionId, companyId);
  const [completing, setCompleting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const { stats, status } = session;
  const pending = stats.movementCount - stats.matchedCount;
  const open = status === 'IN_PROGRESS' || status === 'COMPLETED';

  const run = (c: SessionCommand, done: string, fallback: string, after?: () => void) =>
    command.mutate(c, {
      onSuccess: () => {
        showToast('success', done);
        after?.();
      },
      onError: (e) => toastFailure(e, fallback),
    });

  const actions = (
    <>
      {status === 'IN_PROGRESS' && can('banking.completeSession') ? (
        <Button onClick={() => setCompleting(true)}>Completar</Button>
      ) : null}
      {(status === 'COMPLETED' || (status === 'APPROVED' && session.approvalError)) &&
      can('banking.approveSession') ? (
        <Popconfirm
          title="¿Aprobar la conciliación?"
          description={`Se registrarán los cobros y pagos en las facturas y se contabilizarán las diferencias y asignaciones contra la ${session.accountingAccountCode}.`}
          okText="Aprobar"
          cancelText="Volver"
          onConfirm={() =>
            run({ kind: 'approve' }, 'Conciliación aprobada', 'Error aprobando la conciliación')
          }
        >
          <Button type="primary" loading={command.isPending && command.variables?.kind === 'approve'}>
            {session.approvalError ? 'Aprobar de nuevo' : 'Aprobar'}
          </Button>
        </Popconfirm>
      ) : null}
      {open && can('banking.cancelSession') ? (
        <Button danger onClick={() => setCancelling(true)}>
          Cancelar sesión
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader
        title={`Conciliación · ${session.accountAlias}`}
        back={{ to: paths.app.banking.reconciliation, label: 'Conciliación bancaria' }}
        meta={
          <>
            <SessionStatusTag status={status} />
            <span>{formatIban(session.iban)}</span>
            <span>·</span>
            <span>Periodo {periodLabel(session.fromDate, session.toDate)}</span>
            <span>·</span>
            <span>Cuenta contable {session.accountingAccountCode}</span>
          </>
        }
        actions={actions}
      />
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        {session.approvalError ? <Alert type="error" showIcon title={session.approvalError} /> : null}
        {status === 'CANCELLED' ? (
          <Alert
            type="info"
            showIcon
            title={`Sesión cancelada${session.cancelledAt ? ` el ${formatDateTime(session.cancelledAt)}` : ''}${
              session.cancelledBy?.name ? ` por ${session.cancelledBy.name}` : ''
            }`}
            description={session.cancelReason ?? undefined}
          />
        ) : null}
        {status === 'APPROVED' && !session.approvalError ? (
          <Alert
            type="success"
            showIcon
            title={`Aprobada${session.approvedAt ? ` el ${formatDateTime(session.approvedAt)}` : ''}${
              session.approvedBy?.name ? ` por ${session.approvedBy.name}` : ''
            }`}
          />
        ) : null}
        <Card size="small">
          <Flex gap={32} wrap>
            <Statistic title="Movimientos" value={formatInteger(stats.movementCount)} />
            <Statistic title="Conciliados" value={formatInteger(stats.matchedCount)} />
            <Statistic title="Pendientes" value={formatInteger(pending)} />
            <Statistic title="Con propuesta" value={formatInteger(stats.proposedCount)} />
            <Statistic title="Cobros" value={formatCents(stats.inCents)} />
            <Statistic title="Pagos" value={formatCents(stats.outCents)} />
          </Flex>
        </Card>
      </Flex>
      <Modal
        open={completing}
        title="Completar la sesión"
        okText={pending > 0 ? 'Completar dejando pendientes' : 'Completar'}
        cancelText="Volver"
        confirmLoading={command.isPending}
        onCancel={() => setCompleting(false)}
        onOk={() =>
          run(
            { kind: 'complete', body: pending > 0 ? { leaveUnmatched: true } : {} },
            'Sesión completada',
            'Error completando la sesión',
            () => setCompleting(false),
          )
        }
      >
        {pending > 0 ? (
          <p>
            {pending === 1
              ? 'Queda 1 movimiento sin conciliar: quedará pendiente para una próxima sesión.'
              : `Quedan ${formatInteger(pending)} movimientos sin conciliar: quedarán pendientes para una próxima sesión.`}
          </p>
        ) : (
          <p>Todos los movimientos están conciliados.</p>
        )}
        <p>Después, un responsable la aprueba: entonces se liquidan las facturas y se contabiliza.</p>
      </Modal>
      <Modal
        open={cancelling}
        title="Cancelar la sesión"
        okText="Cancelar sesión"
        okButtonProps={{ danger: true }}
        cancelText="Volver"
        confirmLoading={command.isPending}
        onCancel={() => setCancelling(false)}
        onOk={() =>
          run(
            { kind: 'cancel', body: reason.trim() ? { reason: reason.trim() } : {} },
            'Sesión cancelada',
            'Error cancelando la sesión',
            () => setCancelling(false),
          )
        }
      >
        <p>Se deshacen sus conciliaciones y los movimientos vuelven a estar pendientes.</p>
        <Input.TextArea
          aria-label="Motivo de la cancelación"
          placeholder="Motivo (opcional)"
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
