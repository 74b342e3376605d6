import { type NotificationCategory, notificationCategoryLabels } from '@shared/schemas/notifications';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { formatDateTime, formatInteger } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { Button, Card, Col, Flex, InputNumber, Popconfirm, Row, Statistic, Tag } from 'antd';
import { useId, useState } from 'react';
import { useCleanupNotifications } from '../api/cleanup';
import { usePendingNotifications } from '../api/get-pending';
import { useNotificationStats } from '../api/get-stats';

const SEVERITY_LABELS: Record<string, { label: string; color: string }> = {
  info: { label: 'Información', color: 'blue' },
  success: { label: 'Correcto', color: 'green' },
  warning: { label: 'Aviso', color: 'gold' },
  error: { label: 'Error', color: 'red' },
};

/** 'Estadísticas': the caller's notifications counted, what is pending, and the cleanup of old read ones. */
export function NotificationStatsPanel({ companyId }: { companyId: string }) {
  const stats = useNotificationStats(companyId);
  const pending = usePendingNotifications(companyId);

  return (
    <Flex vertical gap={16}>
      {stats.isPending ? (
        <LoadingBlock label="Cargando estadísticas" />
      ) : stats.isError ? (
        <LoadError
          title="Error al cargar notificaciones"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title="Total" value={formatInteger(stats.data.total)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Sin leer" value={formatInteger(stats.data.unread)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Leídas" value={formatInteger(stats.data.read)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Últimos 7 días" value={formatInteger(stats.data.last7Days)} />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              <Card size="small" title="Por tipo de aviso">
                <ul aria-label="Por tipo de aviso" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {Object.entries(stats.data.byCategory)
                    .filter(([, n]) => (n ?? 0) > 0)
                    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
                    .map(([category, n]) => (
                      <li key={category}>
                        {notificationCategoryLabels[category as NotificationCategory] ?? category}:{' '}
                        {formatInteger(n ?? 0)}
                      </li>
                    ))}
                </ul>
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card size="small" title="Por importancia">
                <Flex wrap gap={8}>
                  {Object.entries(stats.data.bySeverity)
                    .filter(([, n]) => n > 0)
                    .map(([severity, n]) => (
                      <Tag key={severity} color={SEVERITY_LABELS[severity]?.color}>
                        {SEVERITY_LABELS[severity]?.label ?? severity}: {formatInteger(n)}
                      </Tag>
                    ))}
                </Flex>
              </Card>
            </Col>
          </Row>
        </>
      )}
      <Card size="small" title="Pendientes">
        {pending.isPending ? (
          <LoadingBlock label="Cargando pendientes" />
        ) : pending.isError ? (
          <LoadError
            title="Error al cargar notificaciones"
            error={pending.error}
            onRetry={() => void pending.refetch()}
          />
        ) : (
          <Flex vertical gap={4}>
            <span>Sin leer: {formatInteger(pending.data.unread)}</span>
            {pending.data.nextDigestAt ? (
              <span>
                En el próximo resumen diario ({formatDateTime(pending.data.nextDigestAt)}):{' '}
                {formatInteger(pending.data.awaitingDigest)}
              </span>
            ) : (
              <span>No recibes resumen diario por email.</span>
            )}
          </Flex>
        )}
      </Card>
      <CleanupCard companyId={companyId} />
    </Flex>
  );
}

/** Deletes the caller's read notifications older than N days (unread ones stay), after confirming. */
function CleanupCard({ companyId }: { companyId: string }) {
  const id = useId();
  const [days, setDays] = useState(30);
  const cleanup = useCleanupNotifications(companyId);
  return (
    <Card size="small" title="Limpieza">
      <Flex wrap align="center" gap={8}>
        <label htmlFor={id}>Borrar las notificaciones leídas de más de</label>
        <InputNumber
          id={id}
          min={1}
          max={365}
          precision={0}
          value={days}
          onChange={(value) => setDays(value ?? 30)}
          style={{ width: 90 }}
        />
        <span>días</span>
        <Popconfirm
          title={`Se borrarán las notificaciones leídas de más de ${days} días. Las no leídas se conservan. ¿Continuar?`}
          okText="Borrar"
          cancelText="Cancelar"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            cleanup.mutateAsync({ olderThanDays: days }).then(
              (result) =>
                toast.success(
                  result.deleted === 1
                    ? '1 notificación borrada'
                    : `${formatInteger(result.deleted)} notificaciones borradas`,
                ),
              (error) => toast.fromError(error, { title: 'Error al eliminar notificación' }),
            )
          }
        >
          <Button danger loading={cleanup.isPending}>
            Borrar leídas
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
