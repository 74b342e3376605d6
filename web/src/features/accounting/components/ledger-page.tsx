/**
 * /app/accounting/ledger(/:accountId): 'Libro mayor' (issue 18 item 4). An account (searched in the
 * chart), the period, its opening balance, every movement with its running balance and a link to
 * its entry in the journal, and the period's totals and closing balance.
 */
import { displayAccountCode, entrySourceLabels, type LedgerMovement } from '@shared/schemas/accounting';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Card, Col, Flex, Row, Statistic, Table, type TableColumnsType, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LEDGER_PAGE_SIZE, useLedger } from '../api/get-ledger';
import { AccountSelect, accountLabel } from './account-select';
import { AccountingLoadError } from './accounting-error';
import { DateRange } from './date-range';
import { SOURCE_COLORS } from './journal-page';

/** A balance as debit − credit: 'D' when the account owes, 'H' when it is owed. */
export const sideOf = (cents: number) => (cents > 0 ? ' D' : cents < 0 ? ' H' : '');

/** The journal on the movement's day and account: its entry, opened from the ledger. */
const entryLink = (m: LedgerMovement, accountId: string | undefined) =>
  `${paths.app.accounting.journal}?${new URLSearchParams({
    fromDate: m.entryDate,
    toDate: m.entryDate,
    ...(accountId ? { accountId } : {}),
  }).toString()}`;

export function LedgerPage({ accountId }: { accountId?: string }) {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Libro mayor" />
        <EmptyState description="Selecciona una empresa para ver su libro mayor." />
      </>
    );
  }
  return <LedgerContent companyId={companyId} accountId={accountId} />;
}

function LedgerContent({ companyId, accountId }: { companyId: string; accountId?: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const fromDate = params.get('fromDate') ?? undefined;
  const toDate = params.get('toDate') ?? undefined;
  const page = Math.max(0, Number(params.get('page') ?? '1') - 1) || 0;
  const ledger = useLedger(accountId, { fromDate, toDate, page, size: LEDGER_PAGE_SIZE }, companyId);
  const set = (changes: Record<string, string | undefined>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  const account = ledger.data?.account;
  const columns: TableColumnsType<LedgerMovement> = [
    { title: 'Fecha', key: 'date', width: 110, render: (_, m) => formatDate(m.entryDate) },
    {
      title: 'Asiento',
      key: 'entry',
      width: 90,
      render: (_, m) => <Link to={entryLink(m, accountId)}>{m.entryNumber}</Link>,
    },
    { title: 'Concepto', key: 'description', render: (_, m) => m.description },
    {
      title: 'Origen',
      key: 'source',
      render: (_, m) => <Tag color={SOURCE_COLORS[m.source]}>{entrySourceLabels[m.source]}</Tag>,
    },
    {
      title: 'Debe',
      key: 'debit',
      align: 'right',
      render: (_, m) => (m.debitCents ? formatCents(m.debitCents) : ''),
    },
    {
      title: 'Haber',
      key: 'credit',
      align: 'right',
      render: (_, m) => (m.creditCents ? formatCents(m.creditCents) : ''),
    },
    {
      title: 'Saldo',
      key: 'balance',
      align: 'right',
      render: (_, m) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatCents(Math.abs(m.balanceCents))}
          {sideOf(m.balanceCents)}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Libro mayor"
        back={{ to: paths.app.accounting.chart, label: 'Plan de cuentas' }}
        meta={account ? <span>{accountLabel(account)}</span> : null}
      />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap role="search" aria-label="Filtros del libro mayor">
          <AccountSelect
            companyId={companyId}
            ariaLabel="Cuenta"
            width={360}
            value={accountId}
            selectedLabel={
              account ? accountLabel(account) : accountId ? displayAccountCode(accountId) : undefined
            }
            onChange={(id) =>
              navigate(
                `${paths.app.accounting.ledger(id)}${params.toString() ? `?${params.toString()}` : ''}`,
              )
            }
          />
          <DateRange
            from={fromDate}
            to={toDate}
            onChange={(from, to) => set({ fromDate: from, toDate: to, page: undefined })}
          />
        </Flex>
        {!accountId ? (
          <EmptyState description="Elige una cuenta para ver sus movimientos." />
        ) : ledger.isPending ? (
          <LoadingBlock label="Cargando el libro mayor" />
        ) : ledger.isError ? (
          <AccountingLoadError
            title="Error obteniendo el libro mayor"
            error={ledger.error}
            onRetry={() => void ledger.refetch()}
          />
        ) : (
          <>
            <Row gutter={[12, 12]}>
              {[
                ['Saldo inicial', ledger.data.openingBalanceCents, true],
                ['Total Debe', ledger.data.totalDebitCents, false],
                ['Total Haber', ledger.data.totalCreditCents, false],
                ['Saldo final', ledger.data.closingBalanceCents, true],
              ].map(([title, cents, sided]) => (
                <Col key={String(title)} xs={12} lg={6}>
                  <Card size="small">
                    <Statistic
                      title={String(title)}
                      value={`${formatCents(sided ? Math.abs(Number(cents)) : Number(cents))}${sided ? sideOf(Number(cents)) : ''}`}
                    />
                  </Card>
                </Col>
              ))}
            </Row>
            <Card>
              <Table<LedgerMovement>
                aria-label="Movimientos"
                size="small"
                rowKey={(m) => `${m.entryId}|${m.entryNumber}|${m.balanceCents}`}
                columns={columns}
                dataSource={ledger.data.movements}
                locale={{ emptyText: 'Sin movimientos en este periodo' }}
                pagination={{
                  current: page + 1,
                  pageSize: LEDGER_PAGE_SIZE,
                  total: ledger.data.totalElements,
                  showSizeChanger: false,
                  onChange: (next) => set({ page: next > 1 ? String(next) : undefined }),
                }}
              />
            </Card>
          </>
        )}
      </Flex>
    </>
  );
}
