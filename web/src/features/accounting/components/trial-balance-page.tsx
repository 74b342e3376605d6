/**
 * /app/accounting/trial-balance: 'Balance de sumas y saldos' (issue 18 item 4). The period and the
 * level (every sub-account, or grouped by 3 or 4 digits); per account the opening balance, the
 * period's sums (Debe, Haber) and the balances (deudor, acreedor); the totals and whether they agree.
 */
import { accountTypeLabels, type TrialBalanceQuery, type TrialBalanceRow } from '@shared/schemas/accounting';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Card, Flex, Select, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useTrialBalance } from '../api/get-trial-balance';
import { AccountingLoadError } from './accounting-error';
import { pick } from './balance-page';
import { DateRange } from './date-range';

const LEVELS = ['SUBACCOUNT', '4', '3'] as const satisfies readonly TrialBalanceQuery['level'][];
const LEVEL_LABELS: Record<TrialBalanceQuery['level'], string> = {
  SUBACCOUNT: 'Subcuentas',
  '4': 'Cuentas de 4 dígitos',
  '3': 'Cuentas de 3 dígitos',
};

const money = (cents: number) => (cents ? formatCents(cents) : '');

export function TrialBalancePage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Balance de sumas y saldos" />
        <EmptyState description="Selecciona una empresa para ver su balance de sumas y saldos." />
      </>
    );
  }
  return <TrialBalanceContent companyId={companyId} />;
}

function TrialBalanceContent({ companyId }: { companyId: string }) {
  const [params, setParams] = useSearchParams();
  const fromDate = params.get('fromDate') ?? undefined;
  const toDate = params.get('toDate') ?? undefined;
  const level = pick(params.get('level'), LEVELS, 'SUBACCOUNT');
  const includeZero = params.get('includeZero') === 'true';
  const set = (changes: Record<string, string | undefined>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const trial = useTrialBalance({ fromDate, toDate, level, includeZero }, companyId);

  const columns: TableColumnsType<TrialBalanceRow> = [
    {
      title: 'Cuenta',
      key: 'account',
      render: (_, r) => (
        <Link to={paths.app.accounting.ledger(r.accountId)}>
          <span style={{ fontFamily: 'monospace' }}>{r.displayCode}</span> {r.accountName}
        </Link>
      ),
    },
    { title: 'Tipo', key: 'type', render: (_, r) => accountTypeLabels[r.type] },
    {
      title: 'Saldo inicial',
      key: 'opening',
      align: 'right',
      render: (_, r) => money(r.openingBalanceCents),
    },
    { title: 'Sumas Debe', key: 'debit', align: 'right', render: (_, r) => money(r.debitCents) },
    { title: 'Sumas Haber', key: 'credit', align: 'right', render: (_, r) => money(r.creditCents) },
    {
      title: 'Saldo deudor',
      key: 'debitBalance',
      align: 'right',
      render: (_, r) => money(r.debitBalanceCents),
    },
    {
      title: 'Saldo acreedor',
      key: 'creditBalance',
      align: 'right',
      render: (_, r) => money(r.creditBalanceCents),
    },
  ];

  return (
    <>
      <PageHeader
        title="Balance de sumas y saldos"
        meta={
          trial.data ? (
            <>
              <span>
                Del {formatDate(trial.data.fromDate)} al {formatDate(trial.data.toDate)}
              </span>
              {trial.data.isBalanced ? (
                <Tag color="success">Cuadrado</Tag>
              ) : (
                <Tag color="error">Descuadrado</Tag>
              )}
            </>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap role="search" aria-label="Filtros del balance de sumas y saldos">
          <DateRange
            from={fromDate}
            to={toDate}
            onChange={(from, to) => set({ fromDate: from, toDate: to })}
          />
          <Select
            aria-label="Nivel"
            style={{ width: 210 }}
            value={level}
            options={LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] }))}
            onChange={(value: TrialBalanceQuery['level']) =>
              set({ level: value === 'SUBACCOUNT' ? undefined : value })
            }
          />
          <Flex gap={6} align="center">
            <Switch
              aria-label="Incluir cuentas sin saldo"
              checked={includeZero}
              onChange={(on) => set({ includeZero: on ? 'true' : undefined })}
            />
            <span>Incluir cuentas sin saldo</span>
          </Flex>
        </Flex>
        {trial.isPending ? (
          <LoadingBlock label="Cargando el balance de sumas y saldos" />
        ) : trial.isError ? (
          <AccountingLoadError
            title="Error obteniendo el balance de sumas y saldos"
            error={trial.error}
            onRetry={() => void trial.refetch()}
          />
        ) : (
          <Card>
            <Table<TrialBalanceRow>
              aria-label="Sumas y saldos"
              size="small"
              rowKey="accountId"
              columns={columns}
              dataSource={trial.data.rows}
              pagination={false}
              locale={{ emptyText: 'Sin movimientos en este periodo' }}
              summary={() => (
                <Table.Summary.Row style={{ fontWeight: 600 }}>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    Totales
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {formatCents(trial.data.totals.openingBalanceCents)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <span data-testid="total-debit">{formatCents(trial.data.totals.debitCents)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <span data-testid="total-credit">{formatCents(trial.data.totals.creditCents)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {formatCents(trial.data.totals.debitBalanceCents)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    {formatCents(trial.data.totals.creditBalanceCents)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </Card>
        )}
      </Flex>
    </>
  );
}
