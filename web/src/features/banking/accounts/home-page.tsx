/**
 * /app/banking: 'Resumen bancario' — the balance of each account and their total, what waits for
 * reconciliation (with the way there), the last import and the latest movements.
 */
import type { BankAccount, BankMovement } from '@shared/schemas/banking';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate, formatDateTime, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Button, Card, Col, Flex, Row, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useBankingOverview } from '../api/accounts';
import { Amount, accountDetailPath, formatIban } from './ui';

export function BankingHomePage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Resumen bancario" />
        <NoCompanySelected description="Selecciona una empresa para ver sus bancos." />
      </>
    );
  }
  return <HomeContent companyId={companyId} />;
}

const accountColumns: TableColumnsType<BankAccount> = [
  {
    title: 'Cuenta',
    key: 'alias',
    render: (_, a) => (
      <Flex vertical>
        <Link to={accountDetailPath(a.accountId)}>{a.alias}</Link>
        <Typography.Text type="secondary">{formatIban(a.iban)}</Typography.Text>
      </Flex>
    ),
  },
  { title: 'Banco', key: 'bank', render: (_, a) => a.bankName ?? '—' },
  {
    title: 'Saldo',
    key: 'balance',
    align: 'right',
    render: (_, a) => <Amount cents={a.balanceCents} strong />,
  },
  {
    title: 'Fecha del saldo',
    key: 'date',
    render: (_, a) => (a.balanceDate ? formatDate(a.balanceDate) : '—'),
  },
  {
    title: 'Sin conciliar',
    key: 'unrec',
    align: 'right',
    render: (_, a) => formatInteger(a.unreconciledCount),
  },
];

function HomeContent({ companyId }: { companyId: string }) {
  const overview = useBankingOverview(companyId);
  const aliasOf = new Map((overview.data?.accounts ?? []).map((a) => [a.accountId, a.alias]));
  const movementColumns: TableColumnsType<BankMovement> = [
    { title: 'Fecha', key: 'date', render: (_, m) => formatDate(m.bookingDate) },
    {
      title: 'Cuenta',
      key: 'account',
      render: (_, m) => <Link to={accountDetailPath(m.accountId)}>{aliasOf.get(m.accountId) ?? '—'}</Link>,
    },
    { title: 'Concepto', dataIndex: 'description' },
    { title: 'Importe', key: 'amount', align: 'right', render: (_, m) => <Amount cents={m.amountCents} /> },
  ];

  return (
    <>
      <PageHeader
        title="Resumen bancario"
        meta={<span>Saldos, movimientos y conciliación de las cuentas de la empresa</span>}
        actions={
          <>
            <Link to={paths.app.banking.accounts}>
              <Button>Cuentas bancarias</Button>
            </Link>
            <Link to={paths.app.banking.reconciliation}>
              <Button type="primary">Conciliación</Button>
            </Link>
          </>
        }
      />
      {overview.isPending ? (
        <LoadingBlock label="Cargando el resumen bancario" />
      ) : overview.isError ? (
        <LoadError
          title="Error obteniendo el resumen bancario"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : overview.data.accounts.length === 0 ? (
        <Card>
          <EmptyState description="Aún no hay cuentas bancarias.">
            <Link to={paths.app.banking.accounts}>
              <Button type="primary">Añadir una cuenta o importar un extracto</Button>
            </Link>
          </EmptyState>
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Card>
                <Statistic title="Saldo total" value={formatCents(overview.data.totalBalanceCents)} />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card>
                <Statistic
                  title="Movimientos sin conciliar"
                  value={formatInteger(overview.data.unreconciledCount)}
                />
                <Link to={paths.app.banking.reconciliation}>Ir a la conciliación</Link>
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card>
                <Statistic
                  title="Última importación"
                  value={overview.data.lastImportAt ? formatDateTime(overview.data.lastImportAt) : 'Nunca'}
                />
                {overview.data.lastSyncAt ? (
                  <Typography.Text type="secondary">
                    Última sincronización: {formatDateTime(overview.data.lastSyncAt)}
                  </Typography.Text>
                ) : null}
              </Card>
            </Col>
          </Row>
          <Card title="Saldos por cuenta">
            <Table<BankAccount>
              rowKey="accountId"
              columns={accountColumns}
              dataSource={overview.data.accounts.filter((a) => a.active)}
              pagination={false}
            />
          </Card>
          <Card title="Últimos movimientos">
            {overview.data.recentMovements.length === 0 ? (
              <EmptyState description="Sin movimientos todavía." />
            ) : (
              <Table<BankMovement>
                rowKey="movementId"
                size="small"
                columns={movementColumns}
                dataSource={overview.data.recentMovements}
                pagination={false}
              />
            )}
          </Card>
        </Flex>
      )}
    </>
  );
}
