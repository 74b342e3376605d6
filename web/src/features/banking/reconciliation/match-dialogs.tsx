/**
 * The two questions a manual match may ask. When the movements and the documents do not square:
 * why (Comisión bancaria 626, Pago parcial, Redondeo 659/759, Otro) and to which account the gap is
 * posted on approval. When a movement has no document: which account it goes to (626, 642, 621…),
 * and whether to remember it for that concept (a learned rule).
 */
import {
  DIFFERENCE_REASONS,
  type DifferenceReason,
  differenceReasonLabels,
  type MatchDifferenceInput,
  type MovementDirection,
  ReconAccountCode,
  type SessionMovement,
} from '@shared/schemas/reconciliation';
import { formatCents } from '@web/lib/format';
import { Alert, AutoComplete, Checkbox, Descriptions, Flex, Form, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import {
  accountName,
  COMMON_ACCOUNTS,
  differenceIsLoss,
  partialPaymentAllowed,
  type SelectionTotals,
  suggestedDifferenceAccount,
} from './match-math';

const accountOptions = COMMON_ACCOUNTS.map((a) => ({ value: a.code, label: `${a.code} · ${a.name}` }));

function AccountInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={onChange}
      options={accountOptions}
      placeholder="626, 642, 621…"
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
    />
  );
}

export function DifferenceModal({
  open,
  totals,
  direction,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  totals: SelectionTotals;
  direction: MovementDirection;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (difference: MatchDifferenceInput) => void;
}) {
  const diff = totals.differenceCents;
  const [reason, setReason] = useState<DifferenceReason>('BANK_FEE');
  const [accountCode, setAccountCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setReason('BANK_FEE');
    setAccountCode(suggestedDifferenceAccount('BANK_FEE', direction, diff) ?? '');
    setProblem(null);
  }, [open, direction, diff]);

  const choose = (next: DifferenceReason) => {
    setReason(next);
    setAccountCode(suggestedDifferenceAccount(next, direction, diff) ?? '');
    setProblem(null);
  };

  const confirm = () => {
    if (reason === 'PARTIAL_PAYMENT') {
      onConfirm({ reason });
      return;
    }
    const code = ReconAccountCode.safeParse(accountCode);
    if (!code.success) {
      setProblem(code.error.issues[0]?.message ?? 'Indica la cuenta contable');
      return;
    }
    onConfirm({ reason, accountCode: code.data });
  };

  const loss = differenceIsLoss(direction, diff);
  return (
    <Modal
      open={open}
      title="Los importes no cuadran"
      okText="Conciliar"
      cancelText="Cancelar"
      confirmLoading={busy}
      onOk={confirm}
      onCancel={onCancel}
    >
      <Flex vertical gap={12}>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Movimientos">{formatCents(totals.movementsCents)}</Descriptions.Item>
          <Descriptions.Item label="Documentos">{formatCents(totals.itemsCents)}</Descriptions.Item>
          <Descriptions.Item label="Diferencia">
            <strong>{formatCents(diff)}</strong> ({loss ? 'gasto' : 'ingreso'})
          </Descriptions.Item>
        </Descriptions>
        <Form layout="vertical">
          <Form.Item label="Motivo de la diferencia">
            <Radio.Group
              aria-label="Motivo de la diferencia"
              value={reason}
              onChange={(e) => choose(e.target.value as DifferenceReason)}
            >
              <Flex vertical gap={4}>
                {DIFFERENCE_REASONS.map((r) => (
                  <Radio key={r} value={r} disabled={r === 'PARTIAL_PAYMENT' && !partialPaymentAllowed(diff)}>
                    {differenceReasonLabels[r]}
                    {r === 'BANK_FEE' ? ' (626)' : ''}
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          {reason === 'PARTIAL_PAYMENT' ? (
            <Alert
              type="info"
              showIcon
              title={`Se registra lo recibido; quedan ${formatCents(-diff)} pendientes en el último documento.`}
            />
          ) : (
            <Form.Item
              label="Cuenta de la diferencia"
              htmlFor="recon-difference-account"
              extra={
                accountName(accountCode.trim())
                  ? `${accountName(accountCode.trim())}: se contabiliza al aprobar, contra la cuenta del banco.`
                  : 'Se contabiliza al aprobar, contra la cuenta del banco.'
              }
            >
              <AccountInput id="recon-difference-account" value={accountCode} onChange={setAccountCode} />
            </Form.Item>
          )}
          {problem ? <Alert type="error" showIcon title={problem} /> : null}
        </Form>
      </Flex>
    </Modal>
  );
}

export interface AssignAccountInput {
  accountCode: string;
  remember: boolean;
}

export function AssignAccountModal({
  movements,
  totalCents,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The movements to assign; the dialog is open while there are some. */
  movements: readonly SessionMovement[];
  totalCents: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (input: AssignAccountInput) => void;
}) {
  const open = movements.length > 0;
  const [accountCode, setAccountCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const single = movements.length === 1 ? movements[0] : undefined;

  useEffect(() => {
    if (!open) return;
    setAccountCode('');
    setRemember(false);
    setProblem(null);
  }, [open]);

  const confirm = () => {
    const code = ReconAccountCode.safeParse(accountCode);
    if (!code.success) {
      setProblem(code.error.issues[0]?.message ?? 'Indica la cuenta contable');
      return;
    }
    onConfirm({ accountCode: code.data, remember: single !== undefined && remember });
  };

  return (
    <Modal
      open={open}
      title="Asignar a cuenta"
      okText="Asignar"
      cancelText="Cancelar"
      confirmLoading={busy}
      onOk={confirm}
      onCancel={onCancel}
    >
      <Form layout="vertical">
        <p>
          {single
            ? `${single.description} · ${formatCents(single.amountCents)}`
            : `${movements.length} movimientos · ${formatCents(totalCents)}`}
        </p>
        <Form.Item
          label="Cuenta contable"
          htmlFor="recon-assign-account"
          extra={
            accountName(accountCode.trim()) ??
            'Código del PGC o subcuenta. Se contabiliza al aprobar, contra la cuenta del banco.'
          }
        >
          <AccountInput id="recon-assign-account" value={accountCode} onChange={setAccountCode} />
        </Form.Item>
        {single ? (
          <Form.Item
            extra={`La próxima vez se propondrá esta cuenta para los movimientos con «${
              single.counterpartyName ?? single.description
            }».`}
          >
            <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)}>
              Recordar para este concepto
            </Checkbox>
          </Form.Item>
        ) : null}
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
      </Form>
    </Modal>
  );
}
