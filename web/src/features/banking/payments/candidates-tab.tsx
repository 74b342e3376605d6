/**
 * 'Transferencias a proveedores' and 'Remesas de recibos': the open documents that can be ordered
 * (received invoices with the supplier's IBAN; issued invoices whose customer signed a mandate), the
 * amount of each (the outstanding by default, never more), the account and the date, and 'Generar
 * fichero SEPA', which stores the order and downloads its XML for the bank. Nothing is recorded as
 * paid: the bank movement is reconciled later.
 */
import type { BankAccount } from '@shared/schemas/banking';
import { CreatePaymentOrderBody, type PaymentCandidate, type PaymentOrderKind } from '@shared/schemas/sepa';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { useCan } from '@web/lib/access';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { spanishToday } from '@web/lib/spanish-today';
import { showToast } from '@web/lib/toast';
import {
  Alert,
  Button,
  DatePicker,
  Flex,
  InputNumber,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useCreatePaymentOrder, usePaymentCandidates } from '../api/payments';
import { formatIban, sequenceLabels, suggestedDate, toastFailure } from './ui';

export function CandidatesTab({
  companyId,
  kind,
  accounts,
  defaultAccountId,
}: {
  companyId: string;
  kind: PaymentOrderKind;
  accounts: readonly BankAccount[];
  defaultAccountId: string | null;
}) {
  const candidates = usePaymentCandidates(companyId, kind);
  const create = useCreatePaymentOrder(companyId);
  const canCreate = useCan('banking.createPaymentOrder');
  const [selected, setSelected] = useState<string[]>([]);
  const [amounts, setAmounts] = useState<Record<string, number>>({});
  const [accountId, setAccountId] = useState<string | null>(null);
  const [date, setDate] = useState(() => suggestedDate(kind, spanishToday()));
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (accountId || accounts.length === 0) return;
    setAccountId(
      accounts.some((a) => a.accountId === defaultAccountId)
        ? defaultAccountId
        : (accounts[0]?.accountId ?? null),
    );
  }, [accounts, accountId, defaultAccountId]);

  const rows = candidates.data ?? [];
  const amountOf = (c: PaymentCandidate) => amounts[c.documentId] ?? c.outstandingCents;
  const total = rows.filter((r) => selected.includes(r.documentId)).reduce((sum, r) => sum + amountOf(r), 0);

  const generate = () => {
    const parsed = CreatePaymentOrderBody.safeParse({
      kind,
      accountId,
      executionDate: date,
      items: rows
        .filter((r) => selected.includes(r.documentId))
        .map((r) => ({ documentId: r.documentId, amountCents: amountOf(r) })),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Revisa la selección');
      return;
    }
    const tooMuch = rows.find((r) => selected.includes(r.documentId) && amountOf(r) > r.outstandingCents);
    if (tooMuch) {
      setProblem(
        `El importe de ${tooMuch.number} supera lo pendiente (${formatCents(tooMuch.outstandingCents)}).`,
      );
      return;
    }
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: (order) => {
        showToast('success', `Fichero ${order.fileName} generado: súbelo a la banca online`);
        setSelected([]);
        setAmounts({});
      },
      onError: (error) => toastFailure(error, 'Error generando el fichero SEPA'),
    });
  };

  if (candidates.isPending) return <LoadingBlock label="Cargando documentos pendientes" />;
  if (candidates.isError)
    return (
      <LoadError
        title="Error obteniendo los documentos pendientes"
        error={candidates.error}
        onRetry={() => void candidates.refetch()}
      />
    );
  if (rows.length === 0)
    return (
      <EmptyState
        description={
          kind === 'TRANSFER'
            ? 'No hay facturas recibidas pendientes de pago.'
            : 'No hay facturas pendientes de clientes con mandato SEPA activo.'
        }
      />
    );

  const columns: TableColumnsType<PaymentCandidate> = [
    { title: 'Factura', dataIndex: 'number', key: 'number' },
    { title: kind === 'TRANSFER' ? 'Proveedor' : 'Cliente', dataIndex: 'partyName', key: 'party' },
    {
      title: 'IBAN',
      key: 'iban',
      render: (_, r) =>
        r.blockedReason ? <Tag color="warning">{r.blockedReason}</Tag> : r.iban ? formatIban(r.iban) : '—',
    },
    {
      title: 'Vencimiento',
      key: 'due',
      render: (_, r) => (r.nextDueDate ? formatDate(r.nextDueDate) : '—'),
    },
    {
      title: 'Pendiente',
      key: 'outstanding',
      align: 'right',
      render: (_, r) => (
        <Flex vertical align="end">
          <span>{formatCents(r.outstandingCents)}</span>
          {r.orderedCents > 0 ? (
            <Tooltip title="Incluido en una orden ya generada que aún no se ha conciliado">
              <Tag color="processing">En orden: {formatCents(r.orderedCents)}</Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    ...(kind === 'DIRECT_DEBIT'
      ? [
          {
            title: 'Mandato',
            key: 'mandate',
            render: (_: unknown, r: PaymentCandidate) =>
              r.mandate ? (
                <Flex vertical>
                  <span>{r.mandate.mandateId}</span>
                  <small>
                    {r.mandate.scheme} · {sequenceLabels[r.mandate.sequenceType]}
                  </small>
                </Flex>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    {
      title: 'Importe a ordenar',
      key: 'amount',
      align: 'right',
      render: (_, r) => (
        <InputNumber<number>
          aria-label={`Importe de ${r.number}`}
          min={0.01}
          max={r.outstandingCents / 100}
          step={0.01}
          precision={2}
          decimalSeparator=","
          disabled={!selected.includes(r.documentId)}
          value={amountOf(r) / 100}
          onChange={(v) =>
            setAmounts((prev) => ({
              ...prev,
              [r.documentId]: Math.round((v ?? r.outstandingCents / 100) * 100),
            }))
          }
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Table<PaymentCandidate>
        rowKey="documentId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({
            disabled: r.blockedReason !== null,
            'aria-label': `Seleccionar ${r.number}`,
          }),
        }}
      />
      <Flex gap={16} wrap align="end">
        <Flex vertical gap={4}>
          <span>{kind === 'TRANSFER' ? 'Cuenta de cargo' : 'Cuenta de abono'}</span>
          <Select
            aria-label="Cuenta bancaria"
            style={{ minWidth: 300 }}
            value={accountId ?? undefined}
            onChange={setAccountId}
            placeholder="Elige la cuenta"
            options={accounts.map((a) => ({
              value: a.accountId,
              label: `${a.alias} · ${formatIban(a.iban)}`,
            }))}
          />
        </Flex>
        <Flex vertical gap={4}>
          <span>{kind === 'TRANSFER' ? 'Fecha de ejecución' : 'Fecha de cobro'}</span>
          <DatePicker
            aria-label={kind === 'TRANSFER' ? 'Fecha de ejecución' : 'Fecha de cobro'}
            format={DATE_FORMAT}
            allowClear={false}
            value={dayjs(date)}
            onChange={(v) => v && setDate(v.format('YYYY-MM-DD'))}
          />
        </Flex>
        <span>
          {selected.length} seleccionadas · Total <strong>{formatCents(total)}</strong>
        </span>
        {canCreate ? (
          <Button
            type="primary"
            onClick={generate}
            loading={create.isPending}
            disabled={selected.length === 0}
          >
            Generar fichero SEPA
          </Button>
        ) : null}
      </Flex>
      {kind === 'DIRECT_DEBIT' ? (
        <Alert
          type="info"
          showIcon
          title="El primer cobro de cada mandato sale como FRST y los siguientes como RCUR. La fecha de cobro debe dejar al menos un día hábil SEPA al banco del deudor."
        />
      ) : null}
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
    </Flex>
  );
}
