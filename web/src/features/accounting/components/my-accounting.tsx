/**
 * /app/my-accounting (client portal, SL and SA, VIEW_ACCOUNTING_DATA; issue 18 item 5): the
 * company's balance sheet and P&L as its gestoría keeps them, read-only.
 */
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { formatDate } from '@web/lib/format';
import { Tabs } from 'antd';
import { useClientSummary } from '../api/get-client-summary';
import { AccountingLoadError } from './accounting-error';
import { BalanceView } from './balance-page';
import { IncomeStatementView } from './income-statement-page';

export function MyAccounting() {
  const companyId = useCompanyId();
  const summary = useClientSummary(companyId);
  if (!companyId) {
    return (
      <>
        <PageHeader title="Mi contabilidad" />
        <EmptyState description="Selecciona una empresa para ver su contabilidad." />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Mi contabilidad"
        meta={
          summary.data ? <span>Balance a {formatDate(summary.data.balanceSheet.balanceDate)}</span> : null
        }
      />
      {summary.isPending ? (
        <LoadingBlock label="Cargando tu contabilidad" />
      ) : summary.isError ? (
        <AccountingLoadError
          title="Error obteniendo tu contabilidad"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <Tabs
          items={[
            {
              key: 'balance',
              label: 'Balance de situación',
              children: <BalanceView balance={summary.data.balanceSheet} linkAccounts={false} />,
            },
            {
              key: 'income',
              label: 'Pérdidas y ganancias',
              children: <IncomeStatementView statement={summary.data.incomeStatement} />,
            },
          ]}
        />
      )}
    </>
  );
}
