/**
 * 'Reglas aprendidas' (issue 19 item 3: rules learned per company, "always this account for this
 * concept"): what the matcher proposes for a movement whose text carries the pattern. Learned from a
 * match with 'Recordar para este concepto', or written here.
 */
import {
  CreateRuleBody,
  type MovementDirection,
  type ReconciliationRule,
  RULE_FIELDS,
  type RuleField,
  ruleFieldLabels,
} from '@shared/schemas/reconciliation';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { useCanCall } from '@web/lib/access';
import { formatDate } from '@web/lib/format';
import { showToast } from '@web/lib/toast';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useCreateRule, useDeleteRule, useRules } from '../api/reconciliation';
import { accountName, COMMON_ACCOUNTS } from './match-math';
import { toastFailure } from './ui';

const DIRECTION_LABELS: Record<MovementDirection, string> = { IN: 'Cobros', OUT: 'Pagos' };

export function RulesCard({ companyId }: { companyId: string }) {
  const rules = useRules(companyId);
  const remove = useDeleteRule(companyId);
  const can = useCanCall();
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<ReconciliationRule> = [
    {
      title: 'Patrón',
      key: 'pattern',
      render: (_, r) => (
        <span>
          «{r.pattern}» <span style={{ opacity: 0.65 }}>en {ruleFieldLabels[r.field].toLowerCase()}</span>
        </span>
      ),
    },
    {
      title: 'Sentido',
      key: 'direction',
      render: (_, r) => (r.direction ? DIRECTION_LABELS[r.direction] : 'Ambos'),
    },
    {
      title: 'Cuenta',
      key: 'account',
      render: (_, r) => `${r.accountCode} · ${r.label || accountName(r.accountCode) || ''}`,
    },
    {
      title: 'Origen',
      key: 'origin',
      render: (_, r) =>
        r.origin === 'LEARNED' ? <Tag color="processing">Aprendida</Tag> : <Tag>Manual</Tag>,
    },
    {
      title: 'Creada',
      key: 'created',
      render: (_, r) => `${formatDate(r.createdAt)}${r.createdBy.name ? ` · ${r.createdBy.name}` : ''}`,
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, r) =>
        can('banking.deleteRule') ? (
          <Popconfirm
            title={`¿Borrar la regla «${r.pattern}»?`}
            description="Los movimientos con ese texto dejarán de proponerse a esa cuenta."
            okText="Borrar"
            cancelText="Cancelar"
            onConfirm={() =>
              remove.mutate(r.ruleId, {
                onSuccess: () => showToast('success', 'Regla borrada'),
                onError: (e) => toastFailure(e, 'Error borrando la regla'),
              })
            }
          >
            <Button size="small" danger aria-label={`Borrar la regla ${r.pattern}`}>
              Borrar
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card
      title="Reglas aprendidas"
      extra={
        can('banking.createRule') ? (
          <Button size="small" onClick={() => setCreating(true)}>
            Nueva regla
          </Button>
        ) : null
      }
    >
      {rules.isPending ? (
        <LoadingBlock label="Cargando las reglas" />
      ) : rules.isError ? (
        <LoadError
          title="Error obteniendo las reglas"
          error={rules.error}
          onRetry={() => void rules.refetch()}
        />
      ) : rules.data.length === 0 ? (
        <EmptyState description="Aún no hay reglas. Al asignar un movimiento a una cuenta, marca «Recordar para este concepto» y la próxima vez se propondrá sola." />
      ) : (
        <Table<ReconciliationRule>
          aria-label="Reglas aprendidas"
          size="small"
          rowKey="ruleId"
          columns={columns}
          dataSource={rules.data}
          pagination={rules.data.length > 20 ? { pageSize: 20 } : false}
        />
      )}
      <NewRuleModal open={creating} companyId={companyId} onClose={() => setCreating(false)} />
    </Card>
  );
}

function NewRuleModal({
  open,
  companyId,
  onClose,
}: {
  open: boolean;
  companyId: string;
  onClose: () => void;
}) {
  const create = useCreateRule(companyId);
  const [pattern, setPattern] = useState('');
  const [field, setField] = useState<RuleField>('DESCRIPTION');
  const [direction, setDirection] = useState<MovementDirection | 'ANY'>('ANY');
  const [accountCode, setAccountCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsed = CreateRuleBody.safeParse({
      pattern,
      field,
      direction: direction === 'ANY' ? undefined : direction,
      accountCode,
      label: accountName(accountCode.trim()) ?? `Cuenta ${accountCode.trim()}`,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Revisa la regla');
      return;
    }
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        showToast('success', 'Regla creada');
        setPattern('');
        setAccountCode('');
        onClose();
      },
      onError: (e) => toastFailure(e, 'Error creando la regla'),
    });
  };

  return (
    <Modal
      open={open}
      title="Nueva regla"
      okText="Crear regla"
      cancelText="Cancelar"
      confirmLoading={create.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label="Texto que contiene el movimiento" htmlFor="recon-rule-pattern">
          <Input
            id="recon-rule-pattern"
            value={pattern}
            onChange={(e) => setPattern(e.target.value)}
            placeholder="TGSS, COMISION MANTENIMIENTO…"
          />
        </Form.Item>
        <Form.Item label="Dónde buscarlo" htmlFor="recon-rule-field">
          <Select
            id="recon-rule-field"
            value={field}
            onChange={setField}
            options={RULE_FIELDS.map((f) => ({ value: f, label: ruleFieldLabels[f] }))}
          />
        </Form.Item>
        <Form.Item label="Sentido" htmlFor="recon-rule-direction">
          <Select
            id="recon-rule-direction"
            value={direction}
            onChange={setDirection}
            options={[
              { value: 'ANY', label: 'Cobros y pagos' },
              { value: 'IN', label: 'Solo cobros' },
              { value: 'OUT', label: 'Solo pagos' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Cuenta contable" htmlFor="recon-rule-account">
          <AutoComplete
            id="recon-rule-account"
            value={accountCode}
            onChange={setAccountCode}
            options={COMMON_ACCOUNTS.map((a) => ({ value: a.code, label: `${a.code} · ${a.name}` }))}
            placeholder="626, 642, 621…"
          />
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
      </Form>
    </Modal>
  );
}
