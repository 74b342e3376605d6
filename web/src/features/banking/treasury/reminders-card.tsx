/**
 * 'Recordatorios de cobro' on the overdue page: the treasury's automatic reminders settings
 * (`treasury.getSettings` / `treasury.updateSettings`, shared/schemas/treasury.ts). The daily schedule
 * (functions/domains/banking/workers/treasury-daily.ts) e-mails each overdue issued invoice's customer
 * once the days after the due date have passed, then again every interval, at most once a day.
 * Opt-in; only whoever may manage banking (banking.manage) can change it, everyone else sees it.
 */
import type { TreasurySettings } from '@shared/schemas/treasury';
import { TreasurySettingsBody } from '@shared/schemas/treasury';
import { LoadError } from '@web/components/load-states';
import { useCan } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { formatDateTime } from '@web/lib/format';
import { Alert, Button, Card, Flex, InputNumber, message, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTreasurySettings, useUpdateTreasurySettings } from '../api/treasury';

export function RemindersCard({ companyId }: { companyId: string }) {
  const settings = useTreasurySettings(companyId);
  return (
    <Card title="Recordatorios de cobro" size="small" style={{ marginTop: 16 }}>
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : settings.isError ? (
        <LoadError
          title="No se pudo cargar la configuración de recordatorios"
          error={settings.error}
          onRetry={() => settings.refetch()}
        />
      ) : (
        <RemindersForm companyId={companyId} settings={settings.data} />
      )}
    </Card>
  );
}

function RemindersForm({ companyId, settings }: { companyId: string; settings: TreasurySettings }) {
  const canManage = useCan('treasury.updateSettings');
  const update = useUpdateTreasurySettings(companyId);
  const [enabled, setEnabled] = useState(settings.remindersEnabled);
  const [delayDays, setDelayDays] = useState<number | null>(settings.reminderDelayDays);
  const [intervalDays, setIntervalDays] = useState<number | null>(settings.reminderIntervalDays);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setEnabled(settings.remindersEnabled);
    setDelayDays(settings.reminderDelayDays);
    setIntervalDays(settings.reminderIntervalDays);
  }, [settings]);

  const save = () => {
    // Both numbers are sent: an emptied field would otherwise silently keep the stored value.
    const parsed =
      delayDays === null || intervalDays === null
        ? null
        : TreasurySettingsBody.safeParse({
            remindersEnabled: enabled,
            reminderDelayDays: delayDays,
            reminderIntervalDays: intervalDays,
          });
    if (!parsed?.success) {
      setProblem(
        'Indica los días: tras el vencimiento de 0 a 365 y entre recordatorios de 1 a 365 (números enteros).',
      );
      return;
    }
    setProblem(null);
    update.mutate(parsed.data, {
      onSuccess: () => void message.success('Recordatorios guardados'),
      onError: (e) => void message.error(errorMessage(e)),
    });
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        Cada día se envía un correo a los clientes con facturas vencidas (si tienen correo electrónico),
        pasados los días indicados tras el vencimiento y de nuevo cada intervalo; nunca más de uno al día por
        factura.
      </Typography.Text>
      <Flex gap={24} wrap align="end">
        <Flex gap={8} align="center">
          <Switch
            aria-label="Enviar recordatorios automáticos por email"
            checked={enabled}
            disabled={!canManage}
            onChange={setEnabled}
          />
          <span>Enviar recordatorios automáticos por email</span>
        </Flex>
        <Flex vertical gap={4}>
          <span>Días tras el vencimiento</span>
          <InputNumber
            aria-label="Días tras el vencimiento"
            min={0}
            max={365}
            precision={0}
            style={{ width: 120 }}
            disabled={!canManage}
            value={delayDays}
            onChange={setDelayDays}
          />
        </Flex>
        <Flex vertical gap={4}>
          <span>Días entre recordatorios</span>
          <InputNumber
            aria-label="Días entre recordatorios"
            min={1}
            max={365}
            precision={0}
            style={{ width: 120 }}
            disabled={!canManage}
            value={intervalDays}
            onChange={setIntervalDays}
          />
        </Flex>
        {canManage ? (
          <Button onClick={save} loading={update.isPending}>
            Guardar
          </Button>
        ) : null}
      </Flex>
      {settings.updatedAt ? (
        <Typography.Text type="secondary" data-testid="reminders-updated-at">
          Última modificación: {formatDateTime(settings.updatedAt)}
        </Typography.Text>
      ) : null}
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
    </Flex>
  );
}
