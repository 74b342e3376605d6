/**
 * 'Nueva conciliación': a bank account and a date range (at most 366 days, StartSessionBody). The
 * range starts the day after the account was last reconciled through, else on the first day of the
 * previous month, and ends today (Europe/Madrid) or a year later, whichever comes first. One open
 * session per account: the server says so.
 */
import { type ReconciliationSummary, StartSessionBody } from '@shared/schemas/reconciliation';
import { DATE_FORMAT } from '@web/lib/format';
import { spanishToday } from '@web/lib/spanish-today';
import { showToast } from '@web/lib/toast';
import { Alert, DatePicker, Form, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionIdOf, useStartSession } from '../api/reconciliation';
import { formatIban, sessionPath, toastFailure } from './ui';

type SummaryAccount = ReconciliationSummary['accounts'][number];

export function defaultRange(account: SummaryAccount | undefined, today: string): [string, string] {
  const from = account?.reconciledThrough
    ? dayjs(account.reconciledThrough).add(1, 'day').format('YYYY-MM-DD')
    : dayjs(today).subtract(1, 'month').startOf('month').format('YYYY-MM-DD');
  if (from > today) return [today, today];
  // A session covers at most 366 days: a long-unreconciled account goes a year at a time, oldest first.
  const yearLater = dayjs(from).add(365, 'day').format('YYYY-MM-DD');
  return [from, yearLater < today ? yearLater : today];
}

export function NewSessionModal({
  open,
  companyId,
  accounts,
  initialAccountId,
  onClose,
}: {
  open: boolean;
  companyId: string;
  accounts: readonly SummaryAccount[];
  initialAccountId: string | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const start = useStartSession(companyId);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [range, setRange] = useState<[string, string] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // Each opening starts from the account asked for (a row's 'Conciliar') or the first one.
  useEffect(() => {
    if (!open) return;
    const id = initialAccountId ?? accounts[0]?.accountId ?? null;
    setAccountId(id);
    setRange(
      defaultRange(
        accounts.find((a) => a.accountId === id),
        spanishToday(),
      ),
    );
    setProblem(null);
  }, [open, initialAccountId, accounts]);

  const pick = (id: string) => {
    setAccountId(id);
    setRange(
      defaultRange(
        accounts.find((a) => a.accountId === id),
        spanishToday(),
      ),
    );
  };

  const submit = () => {
    const parsed = StartSessionBody.safeParse({ accountId, fromDate: range?.[0], toDate: range?.[1] });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Revisa la cuenta y el periodo');
      return;
    }
    setProblem(null);
    start.mutate(parsed.data, {
      onSuccess: (result) => {
        showToast('success', 'Conciliación iniciada');
        onClose();
        navigate(sessionPath(sessionIdOf(result)));
      },
      onError: (error) => toastFailure(error, 'Error iniciando la conciliación'),
    });
  };

  return (
    <Modal
      open={open}
      title="Nueva conciliación"
      okText="Empezar"
      cancelText="Cancelar"
      confirmLoading={start.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Cuenta bancaria" htmlFor="recon-new-account">
          <Select
            id="recon-new-account"
            aria-label="Cuenta bancaria"
            value={accountId ?? undefined}
            onChange={pick}
            options={accounts.map((a) => ({
              value: a.accountId,
              label: `${a.alias} · ${formatIban(a.iban)}`,
            }))}
            placeholder="Elige la cuenta"
          />
        </Form.Item>
        <Form.Item
          label="Periodo"
          extra="Se concilian los movimientos pendientes con fecha de operación en el periodo (máximo un año)."
        >
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            aria-label="Periodo"
            placeholder={['Desde', 'Hasta']}
            value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
            onChange={(value) =>
              setRange(
                value?.[0] && value[1]
                  ? [value[0].format('YYYY-MM-DD'), value[1].format('YYYY-MM-DD')]
                  : null,
              )
            }
          />
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
      </Form>
    </Modal>
  );
}
