/**
 * A side of the balance sheet by categories (spec part 2 §3: categoryName, categoryType, accounts
 * with balance and percentage, subtotal): each category a row opening its accounts.
 */
import { type BalanceAccount, type BalanceCategory, displayAccountCode } from '@shared/schemas/accounting';
import { formatCents } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Card, Flex, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { categoryLabel } from './statement-lines';

export interface BalanceSection {
  title: string;
  categories: readonly BalanceCategory[];
  totalCents: number;
}

const ACCOUNT_CODE = /^\d{1,12}$/;

const percent = (p: number) =>
  `${p.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

const accountColumns = (linkAccounts: boolean): TableColumnsType<BalanceAccount> => [
  {
    title: 'Cuenta',
    key: 'account',
    render: (_, a) => {
      const text = (
        <>
          <span style={{ fontFamily: 'monospace' }}>{displayAccountCode(a.accountCode)}</span> {a.accountName}
        </>
      );
      // Only real accounts have a ledger: the year's result so far (A-1.VII) comes as the
      // pseudo-account 'PYG' (the P&L accounts), which is no account code.
      return linkAccounts && ACCOUNT_CODE.test(a.accountId) ? (
        <Link to={paths.app.accounting.ledger(a.accountId)}>{text}</Link>
      ) : (
        text
      );
    },
  },
  { title: 'Saldo', key: 'balance', align: 'right', render: (_, a) => formatCents(a.balanceCents) },
  { title: '%', key: 'percentage', align: 'right', width: 90, render: (_, a) => percent(a.percentage) },
];

const categoryColumns: TableColumnsType<BalanceCategory> = [
  {
    title: 'Partida',
    key: 'name',
    render: (_, c) => <span>{categoryLabel(c.categoryCode, c.categoryName)}</span>,
  },
  { title: 'Subtotal', key: 'subtotal', align: 'right', render: (_, c) => formatCents(c.subtotalCents) },
];

/** The sections of one side (e.g. non-current and current assets) and the side's total. */
export function BalanceSide({
  title,
  sections,
  totalCents,
  linkAccounts = true,
}: {
  title: string;
  sections: readonly BalanceSection[];
  totalCents: number;
  linkAccounts?: boolean;
}) {
  return (
    <Card
      title={title}
      extra={<strong data-testid={`total-${title}`}>{formatCents(totalCents)}</strong>}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={12}>
        {sections.map((section) => (
          <Flex key={section.title} vertical gap={4}>
            <Flex justify="space-between">
              <strong>{section.title}</strong>
              <strong>{formatCents(section.totalCents)}</strong>
            </Flex>
            <Table<BalanceCategory>
              aria-label={section.title}
              size="small"
              rowKey={(c) => `${c.categoryCode}|${c.categoryName}`}
              columns={categoryColumns}
              dataSource={[...section.categories]}
              pagination={false}
              showHeader={false}
              locale={{ emptyText: 'Sin saldo' }}
              expandable={{
                rowExpandable: (c) => c.accounts.length > 0,
                expandedRowRender: (c) => (
                  <Table<BalanceAccount>
                    size="small"
                    rowKey="accountId"
                    columns={accountColumns(linkAccounts)}
                    dataSource={c.accounts}
                    pagination={false}
                  />
                ),
              }}
            />
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
