/**
 * One obligation of the calendar: its model, period, filing window, due and domiciliation dates,
 * status and why the profile requires it; 'Marcar como presentada' (a return filed outside Cuadra)
 * or 'Volver a pendiente' for who may change it (useCan('taxObligations.updateStatus')).
 */
import type { ObligationView } from '@shared/schemas/tax';
import { useCan } from '@web/lib/access';
import { formatDate, formatDateTime } from '@web/lib/format';
import { daysText } from '@web/lib/tax-labels';
import { toast } from '@web/lib/toast';
import { Button, Descriptions, Drawer, Flex, Grid, Popconfirm, Typography } from 'antd';
import { useUpdateObligationStatus } from '../api/update-obligation-status';
import { DaysLeft } from './obligation-list';
import { ObligationStatusTag } from './obligation-status-tag';

export function ObligationDrawer({
  obligation,
  companyId,
  onClose,
  onChanged,
}: {
  obligation: ObligationView | null;
  companyId: string;
  onClose: () => void;
  onChanged: (next: ObligationView) => void;
}) {
  const screens = Grid.useBreakpoint();
  const canUpdate = useCan('taxObligations.updateStatus');
  const update = useUpdateObligationStatus(companyId);

  const setStatus = (status: 'SUBMITTED' | 'PENDING', done: string) => {
    if (!obligation) return;
    update.mutate(
      { obligationId: obligation.obligationId, body: { status } },
      {
        onSuccess: (next) => {
          toast.success(done);
          onChanged(next);
        },
        onError: (error) => toast.fromError(error),
      },
    );
  };

  const o = obligation;
  const open = o !== null && (o.status === 'PENDING' || o.status === 'OVERDUE');
  const action =
    o && canUpdate ? (
      open ? (
        <Popconfirm
          title="¿Marcar como presentada?"
          description="Úsalo si la declaración se presentó fuera de Cuadra."
          okText="Marcar"
          cancelText="Cancelar"
          onConfirm={() => setStatus('SUBMITTED', 'Obligación marcada como presentada')}
        >
          <Button type="primary" loading={update.isPending}>
            Marcar como presentada
          </Button>
        </Popconfirm>
      ) : o.status === 'SUBMITTED' ? (
        <Button
          loading={update.isPending}
          onClick={() => setStatus('PENDING', 'Obligación de nuevo pendiente')}
        >
          Volver a pendiente
        </Button>
      ) : null
    ) : null;
  // On a phone the action goes to the foot: beside the title it would squeeze it into three lines.
  const phone = screens.md === false;
  return (
    <Drawer
      title={o ? `Modelo ${o.modelType} · ${o.periodLabel}` : 'Obligación'}
      open={o !== null}
      onClose={onClose}
      size={phone ? '100%' : 560}
      destroyOnHidden
      extra={phone ? null : action}
      footer={phone && action ? action : null}
    >
      {o ? (
        <Flex vertical gap={16}>
          <Typography.Text>{o.modelName}</Typography.Text>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Modelo">{o.modelType}</Descriptions.Item>
            <Descriptions.Item label="Periodo">{o.periodLabel}</Descriptions.Item>
            <Descriptions.Item label="Plazo de presentación">
              Del {formatDate(o.windowStart)} al {formatDate(o.dueDate)}
            </Descriptions.Item>
            <Descriptions.Item label="Vencimiento">{formatDate(o.dueDate)}</Descriptions.Item>
            <Descriptions.Item label="Domiciliación">
              {o.domiciliationDueDate
                ? `Hasta el ${formatDate(o.domiciliationDueDate)}`
                : 'No admite domiciliación'}
            </Descriptions.Item>
            <Descriptions.Item label="Pago domiciliado">
              {o.paidByDomiciliation ? 'Sí, cargo en cuenta el último día del plazo' : 'No'}
            </Descriptions.Item>
            <Descriptions.Item label="Estado">
              <Flex gap={8} align="center" wrap>
                <ObligationStatusTag status={o.status} />
                {o.status === 'OVERDUE' && o.daysOverdue !== undefined ? (
                  <Typography.Text type="danger">Vencida hace {daysText(o.daysOverdue)}</Typography.Text>
                ) : o.status === 'PENDING' ? (
                  <DaysLeft days={o.daysRemaining} />
                ) : null}
              </Flex>
            </Descriptions.Item>
            {o.submittedAt ? (
              <Descriptions.Item label="Presentada el">
                {/^\d{4}-\d{2}-\d{2}$/.test(o.submittedAt)
                  ? formatDate(o.submittedAt)
                  : formatDateTime(o.submittedAt)}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="Motivo">{o.reason}</Descriptions.Item>
            <Descriptions.Item label="Perfil fiscal aplicado">
              Versión desde el {formatDate(o.profileVersion)}
            </Descriptions.Item>
          </Descriptions>
          {o.paidByDomiciliation && o.domiciliationDueDate ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              Con el pago domiciliado, la declaración debe presentarse hasta el{' '}
              {formatDate(o.domiciliationDueDate)}; la AEAT carga el importe el {formatDate(o.dueDate)} (Orden
              EHA/1658/2009).
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
    </Drawer>
  );
}
