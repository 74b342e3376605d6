/**
 * Every fiscal alert of the company ('Alertas fiscales' tab): filtered by priority and status,
 * 20 a page, with the workflow of spec part 2 §3 — acknowledge ('Marcar revisada'), then resolve —
 * offered to who may do it (useCan).
 */
import type { AlertPriority } from '@shared/fiscal/fiscal-alerts';
import { ALERT_STATUSES, type AlertStatus, type FiscalAlert } from '@shared/schemas/tax';
import { LoadError } from '@web/components/load-states';
import { useCan } from '@web/lib/access';
import { formatDate } from '@web/lib/format';
import { FISCAL_ALERTS_PAGE_SIZE, useFiscalAlerts } from '@web/lib/tax-api';
import {
  ALERT_STATUS_COLORS,
  ALERT_STATUS_LABELS,
  ALERT_TYPE_LABELS,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
} from '@web/lib/tax-labels';
import { toast } from '@web/lib/toast';
import { Button, Flex, Grid, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAcknowledgeFiscalAlert } from '../api/acknowledge-alert';
import { useResolveFiscalAlert } from '../api/resolve-alert';

const PRIORITIES: AlertPriority[] = ['critical', 'high', 'medium', 'low'];

export function AlertsList({
  companyId,
  enabled = true,
}: {
  companyId: string;
  /** False until the company is known to have a tax profile (the list answers TAX_021 without one). */
  enabled?: boolean;
}) {
  const [priority, setPriority] = useState<AlertPriority | undefined>();
  const [status, setStatus] = useState<AlertStatus | undefined>();
  const [page, setPage] = useState(0);
  const query = useFiscalAlerts(
    companyId,
    { page, size: FISCAL_ALERTS_PAGE_SIZE, priority, status },
    { enabled },
  );
  const canAcknowledge = useCan('taxAlerts.acknowledge');
  const canResolve = useCan('taxAlerts.resolve');
  const acknowledge = useAcknowledgeFiscalAlert(companyId);
  const resolve = useResolveFiscalAlert(companyId);
  const busy = acknowledge.isPending || resolve.isPending;
  const screens = Grid.useBreakpoint();

  const act = (action: typeof acknowledge | typeof resolve, alert: FiscalAlert, done: string) =>
    action.mutate(alert.id, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.fromError(error),
    });

  const actions = (alert: FiscalAlert) =>
    canAcknowledge || canResolve ? (
      <Flex gap={4} wrap>
        {canAcknowledge && alert.status === 'ACTIVE' ? (
          <Button
            size="small"
            disabled={busy}
            onClick={() => act(acknowledge, alert, 'Alerta marcada como revisada')}
          >
            Marcar revisada
          </Button>
        ) : null}
        {canResolve && alert.status !== 'RESOLVED' ? (
          <Button
            size="small"
            type="primary"
            disabled={busy}
            onClick={() => act(resolve, alert, 'Alerta resuelta')}
          >
            Resolver
          </Button>
        ) : null}
      </Flex>
    ) : null;

  const columns: TableColumnsType<FiscalAlert> = [
    {
      // On a phone: one column with everything, so the table fits the screen.
      title: 'Alerta',
      key: 'summary',
      responsive: ['xs'],
      render: (_, alert) => (
        <Flex vertical gap={4}>
          <Flex gap={4} wrap>
            <Tag color={PRIORITY_COLORS[alert.priority]}>{PRIORITY_LABELS[alert.priority]}</Tag>
            <Tag color={ALERT_STATUS_COLORS[alert.status]}>{ALERT_STATUS_LABELS[alert.status]}</Tag>
          </Flex>
          <AlertText alert={alert} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {ALERT_TYPE_LABELS[alert.type]}
            {alert.dueDate ? ` · Fecha límite: ${formatDate(alert.dueDate)}` : ''}
          </Typography.Text>
          {actions(alert)}
        </Flex>
      ),
    },
    {
      title: 'Prioridad',
      dataIndex: 'priority',
      width: 100,
      responsive: ['sm'],
      render: (p: AlertPriority) => <Tag color={PRIORITY_COLORS[p]}>{PRIORITY_LABELS[p]}</Tag>,
    },
    {
      title: 'Alerta',
      key: 'alert',
      responsive: ['sm'],
      render: (_, alert) => <AlertText alert={alert} />,
    },
    {
      title: 'Tipo',
      dataIndex: 'type',
      width: 120,
      responsive: ['sm'],
      render: (t: FiscalAlert['type']) => ALERT_TYPE_LABELS[t],
    },
    {
      title: 'Fecha límite',
      dataIndex: 'dueDate',
      width: 120,
      responsive: ['sm'],
      render: (d: string | null) => (d ? formatDate(d) : '—'),
    },
    {
      title: 'Estado',
      dataIndex: 'status',
      width: 100,
      responsive: ['sm'],
      render: (s: AlertStatus) => <Tag color={ALERT_STATUS_COLORS[s]}>{ALERT_STATUS_LABELS[s]}</Tag>,
    },
  ];
  if (canAcknowledge || canResolve) {
    columns.push({
      title: 'Acciones',
      key: 'actions',
      width: 170,
      responsive: ['sm'],
      render: (_, alert) => actions(alert),
    });
  }

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Select
          aria-label="Prioridad"
          placeholder="Prioridad"
          allowClear
          style={{ minWidth: 160 }}
          value={priority}
          onChange={(value?: AlertPriority) => {
            setPriority(value);
            setPage(0);
          }}
          options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        />
        <Select
          aria-label="Estado"
          placeholder="Estado"
          allowClear
          style={{ minWidth: 160 }}
          value={status}
          onChange={(value?: AlertStatus) => {
            setStatus(value);
            setPage(0);
          }}
          options={ALERT_STATUSES.map((s) => ({ value: s, label: ALERT_STATUS_LABELS[s] }))}
        />
      </Flex>
      {query.isError ? (
        <LoadError
          title="Error cargando alertas fiscales"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Table<FiscalAlert>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.content ?? []}
          // Pending also while not yet asked (the profile status is on its way).
          loading={query.isPending || query.isFetching}
          // The columns' widths; on a phone the one summary column needs no sideways scroll.
          scroll={screens.xs ? undefined : { x: 860 }}
          locale={{ emptyText: 'No hay datos disponibles' }}
          pagination={{
            current: (query.data?.page ?? page) + 1,
            pageSize: FISCAL_ALERTS_PAGE_SIZE,
            total: query.data?.totalElements ?? 0,
            showSizeChanger: false,
            onChange: (next) => setPage(next - 1),
          }}
        />
      )}
    </Flex>
  );
}

function AlertText({ alert }: { alert: FiscalAlert }) {
  return (
    <Flex vertical gap={2}>
      <Link to={alert.actionUrl}>
        <Typography.Text strong>{alert.title}</Typography.Text>
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {alert.message}
      </Typography.Text>
    </Flex>
  );
}
