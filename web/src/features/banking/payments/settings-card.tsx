/**
 * 'Identificador de acreedor' (AEB 19-14): ES + check digits + the 3-character suffix + the NIF,
 * computed by the server; the suffix, the default account and the default mandate type are editable by
 * whoever may manage banking. Payment reminders are the treasury's settings (the overdue page).
 */
import type { BankAccount } from '@shared/schemas/banking';
import type { BankingSettings, MandateType } from '@shared/schemas/sepa';
import { UpdateBankingSettingsBody } from '@shared/schemas/sepa';
import { useCan } from '@web/lib/access';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Card, Descriptions, Flex, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useUpdateBankingSettings } from '../api/payments';
import { formatIban, toastFailure } from './ui';

export function SettingsCard({
  companyId,
  settings,
  accounts,
}: {
  companyId: string;
  settings: BankingSettings;
  accounts: readonly BankAccount[];
}) {
  const canManage = useCan('banking.updateSettings');
  const update = useUpdateBankingSettings(companyId);
  const [suffix, setSuffix] = useState(settings.creditorIdSuffix);
  const [accountId, setAccountId] = useState<string | null>(settings.defaultAccountId);
  const [mandateType, setMandateType] = useState<MandateType>(settings.defaultSequenceType);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setSuffix(settings.creditorIdSuffix);
    setAccountId(settings.defaultAccountId);
    setMandateType(settings.defaultSequenceType);
  }, [settings]);

  const save = () => {
    const parsed = UpdateBankingSettingsBody.safeParse({
      creditorIdSuffix: suffix,
      defaultAccountId: accountId,
      defaultSequenceType: mandateType,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Revisa los datos');
      return;
    }
    setProblem(null);
    update.mutate(parsed.data, {
      onSuccess: () => showToast('success', 'Configuración guardada'),
      onError: (error) => toastFailure(error, 'Error guardando la configuración'),
    });
  };

  return (
    <Card title="Identificador de acreedor SEPA" size="small">
      <Flex vertical gap={12}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="Identificador de acreedor">
            {settings.creditorIdentifier ? (
              <Typography.Text strong copyable data-testid="creditor-identifier">
                {settings.creditorIdentifier}
              </Typography.Text>
            ) : (
              <Typography.Text type="warning">Falta el NIF de la empresa</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Empresa">{settings.companyName}</Descriptions.Item>
          <Descriptions.Item label="NIF">{settings.companyNif ?? '—'}</Descriptions.Item>
        </Descriptions>
        <Flex gap={16} wrap align="end">
          <Flex vertical gap={4}>
            <span>Sufijo</span>
            <Input
              aria-label="Sufijo del identificador"
              value={suffix}
              maxLength={3}
              style={{ width: 90 }}
              disabled={!canManage}
              onChange={(e) => setSuffix(e.target.value.toUpperCase())}
            />
          </Flex>
          <Flex vertical gap={4}>
            <span>Cuenta por defecto</span>
            <Select
              aria-label="Cuenta por defecto"
              style={{ minWidth: 280 }}
              allowClear
              disabled={!canManage}
              value={accountId ?? undefined}
              onChange={(v) => setAccountId(v ?? null)}
              placeholder="Sin cuenta por defecto"
              options={accounts.map((a) => ({
                value: a.accountId,
                label: `${a.alias} · ${formatIban(a.iban)}`,
              }))}
            />
          </Flex>
          <Flex vertical gap={4}>
            <span>Tipo de mandato por defecto</span>
            <Select
              aria-label="Tipo de mandato por defecto"
              style={{ width: 200 }}
              disabled={!canManage}
              value={mandateType}
              onChange={setMandateType}
              options={[
                { value: 'RCUR', label: 'Recurrente' },
                { value: 'OOFF', label: 'Un solo cobro' },
              ]}
            />
          </Flex>
          {canManage ? (
            <Button onClick={save} loading={update.isPending}>
              Guardar
            </Button>
          ) : null}
        </Flex>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
      </Flex>
    </Card>
  );
}
