/** /app/banking/security/metrics: connections by status, sync outcomes of the window, how old each sync is. */
import type { Psd2ConnectionStatus, SecurityConnectionMetric } from '@shared/schemas/psd2';
import { formatDateTime } from '@web/lib/format';
import { Card, Flex, Statistic, Table, type TableColumnsType } from 'antd';
import { useSecurityMetrics } from '../api/psd2';
import { ConnectionStatusTag, connectionStatusLabels } from '../psd2/ui';
import { Loaded, SecurityFrame } from './ui';

const hours = (h: number | null) => (h === null ? 'Nunca' : `${String(h).replace('.', ',')} h`);

const columns: TableColumnsType<SecurityConnectionMetric> = [
  { title: 'Banco', dataIndex: 'institutionName' },
  { title: 'Estado', key: 'status', render: (_, c) => <ConnectionStatusTag status={c.status} /> },
  { title: 'Días de consentimiento', dataIndex: 'daysLeft', align: 'right' },
  {
    title: 'Última sincronización',
    key: 'last',
    render: (_, c) => (c.lastSyncAt ? formatDateTime(c.lastSyncAt) : '—'),
  },
  { title: 'Antigüedad (correcta)', key: 'age', align: 'right', render: (_, c) => hours(c.lastSyncAgeHours) },
  { title: 'Correctas', dataIndex: 'syncOk', align: 'right' },
  { title: 'Fallidas', dataIndex: 'syncFailed', align: 'right' },
];

export function SecurityMetricsPage() {
  return (
    <SecurityFrame
      title="Métricas de seguridad"
      meta={<span>Sincronizaciones y estado de los consentimientos.</span>}
    >
      {(companyId) => <MetricsContent companyId={companyId} />}
    </SecurityFrame>
  );
}

function MetricsContent({ companyId }: { companyId: string }) {
  const metrics = useSecurityMetrics(companyId);
  return (
    <Loaded query={metrics} label="Cargando las métricas" errorTitle="Error obteniendo las métricas">
      {(m) => (
        <Flex vertical gap={16}>
          <Card title={`Sincronizaciones de los últimos ${m.windowDays} días`} aria-label="Sincronizaciones">
            <Flex gap={32} wrap>
              <Statistic title="Correctas" value={m.syncs.ok} />
              <Statistic title="Fallidas" value={m.syncs.failed} />
              <Statistic title="Movimientos nuevos" value={m.syncs.movementsCreated} />
              <Statistic title="Última" value={m.lastSyncAt ? formatDateTime(m.lastSyncAt) : 'Nunca'} />
              <Statistic title="Más antigua (activas)" value={hours(m.oldestSyncAgeHours)} />
            </Flex>
          </Card>
          <Card title="Conexiones por estado" aria-label="Conexiones por estado">
            <Flex gap={32} wrap>
              {(Object.keys(m.connectionsByStatus) as Psd2ConnectionStatus[]).map((s) => (
                <Statistic key={s} title={connectionStatusLabels[s]} value={m.connectionsByStatus[s]} />
              ))}
            </Flex>
          </Card>
          <Table
            rowKey="connectionId"
            columns={columns}
            dataSource={m.connections}
            pagination={false}
            scroll={{ x: true }}
          />
        </Flex>
      )}
    </Loaded>
  );
}
