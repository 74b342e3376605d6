/**
 * /app/banking/accounts/:accountId: one account — its IBAN, bank and last balance — and its movements
 * by booking date (newest first), filtered by dates, direction, reconciliation status and text, with
 * the concept's label (AEB Norma 43 Annex 2) and the reconciliation status of each.
 */
import { type BankMovement, MOVEMENT_STATUSES, type MovementStatus } from '@shared/schemas/banking';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { type MovementFilters, useBankAccount, useMovements } from '../api/accounts';
import { Amount, FeedTags, formatIban, MovementStatusTag, movementStatusLabels } from './ui';

export function BankAccountDetailPage() {
  const companyId = useCompanyId();
  const { accountId = '' } = useParams();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Cuenta bancaria" />
        <NoCompanySelected description="Selecciona una empresa para ver sus cuentas bancarias." />
      </>
    );
  }
  return <DetailContent companyId={companyId} accountId={accountId} />;
}

const columns: TableColumnsType<BankMovement> = [
  {
    title: 'Fecha',
    key: 'date',
    render: (_, m) => (
      <Flex vertical>
        <span>{formatDate(m.bookingDate)}</span>
        {m.valueDate !== m.bookingDate ? (
          <Typography.Text type="secondary">Valor {formatDate(m.valueDate)}</Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Concepto',
    key: 'concept',
    render: (_, m) => (
      <Flex vertical>
        <span>{m.description}</span>
        {m.commonConceptLabel ? (
          <Typography.Text type="secondary">{m.commonConceptLabel}</Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Contraparte',
    key: 'counterparty',
    render: (_, m) => (
      <Flex vertical>
        <span>{m.counterpartyName ?? '—'}</span>
        {m.counterpartyNif ? <Typography.Text type="secondary">{m.counterpartyNif}</Typography.Text> : null}
      </Flex>
    ),
  },
  { title: 'Importe', key: 'amount', align: 'right', render: (_, m) => <Amount cents={m.amountCents} /> },
  {
    title: 'Estado',
    key: 'status',
    render: (_, m) => <MovementStatusTag status={m.reconciliation.status} />,
  },
];

function DetailContent({ companyId, accountId }: { companyId: string; accountId: string }) {
  const account = useBankAccount(companyId, accountId);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [status, setStatus] = useState<MovementStatus | undefined>(undefined);
  const [sign, setSign] = useState<'IN' | 'OUT' | undefined>(undefined);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  // Cursor paging: the cursors of the pages before the current one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const filters: MovementFilters = {
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
    status,
    sign,
    search: debouncedSearch || undefined,
  };
  const cursor = cursors.at(-1) ?? null;
  const movements = useMovements(companyId, accountId, filters, cursor);
  const resetPaging = () => setCursors([null]);

  const a = account.data;
  return (
    <>
      <PageHeader
        title={a ? a.alias : 'Cuenta bancaria'}
        back={{ to: paths.app.banking.accounts, label: 'Cuentas bancarias' }}
        meta={
          a ? (
            <>
              <span>{formatIban(a.iban)}</span>
              {a.bankName ? <span>· {a.bankName}</span> : null}
              <span>
                · Saldo {formatCents(a.balanceCents)}
                {a.balanceDate ? ` a ${formatDate(a.balanceDate)}` : ''}
              </span>
              <FeedTags account={a} />
            </>
          ) : null
        }
      />
      {account.isPending ? (
        <LoadingBlock label="Cargando la cuenta" />
      ) : account.isError ? (
        <LoadError
          title="Error obteniendo la cuenta"
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      ) : (
        <Card title="Movimientos">
          <Flex gap={8} wrap style={{ marginBottom: 16 }}>
            <DatePicker.RangePicker
              format={DATE_FORMAT}
              value={range}
              onChange={(v) => {
                setRange(v);
                resetPaging();
              }}
              placeholder={['Desde', 'Hasta']}
            />
            <Select<'ALL' | 'IN' | 'OUT'>
              aria-label="Tipo"
              style={{ width: 150 }}
              value={sign ?? 'ALL'}
              onChange={(v) => {
                setSign(v === 'ALL' ? undefined : v);
                resetPaging();
              }}
              options={[
                { value: 'ALL', label: 'Cobros y pagos' },
                { value: 'IN', label: 'Cobros' },
                { value: 'OUT', label: 'Pagos' },
              ]}
            />
            <Select<'ALL' | MovementStatus>
              aria-label="Estado"
              style={{ width: 170 }}
              value={status ?? 'ALL'}
              onChange={(v) => {
                setStatus(v === 'ALL' ? undefined : v);
                resetPaging();
              }}
              options={[
                { value: 'ALL', label: 'Todos los estados' },
                ...MOVEMENT_STATUSES.map((s) => ({ value: s, label: movementStatusLabels[s] })),
              ]}
            />
            <Input.Search
              aria-label="Buscar"
              placeholder="Concepto, contraparte, referencia o importe"
              allowClear
              style={{ width: 320 }}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                resetPaging();
              }}
            />
          </Flex>
          {movements.isError ? (
            <LoadError
              title="Error obteniendo los movimientos"
              error={movements.error}
              onRetry={() => void movements.refetch()}
            />
          ) : (
            <>
              <Table<BankMovement>
                rowKey="movementId"
                size="small"
                loading={movements.isFetching}
                columns={columns}
                dataSource={movements.data?.items ?? []}
                pagination={false}
                locale={{ emptyText: 'No hay movimientos con estos filtros.' }}
              />
              <Flex justify="end" gap={8} style={{ marginTop: 12 }}>
                <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                  Anteriores
                </Button>
                <Button
                  disabled={!movements.data?.nextCursor}
                  onClick={() => {
                    const next = movements.data?.nextCursor;
                    if (next) setCursors((c) => [...c, next]);
                  }}
                >
                  Siguientes
                </Button>
              </Flex>
            </>
          )}
        </Card>
      )}
    </>
  );
}
