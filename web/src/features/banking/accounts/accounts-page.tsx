/**
 * /app/banking/accounts (and /app/bank-accounts): 'Cuentas bancarias' — every account with its bank,
 * IBAN, last balance and what waits for reconciliation; 'Nueva cuenta' (by IBAN), 'Importar Norma 43'
 * and the way to the open-banking (PSD2) connections; an account without movements can be deleted,
 * any can be deactivated.
 */
import type { BankAccount } from '@shared/schemas/banking';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatDate, formatDateTime, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Button, Card, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useBankAccounts, useDeleteBankAccount, useImports, useUpdateBankAccount } from '../api/accounts';
import { ImportN43Modal } from './import-n43-modal';
import { NewAccountModal } from './new-account-modal';
import { Amount, accountDetailPath, FeedTags, formatIban, PSD2_PATH } from './ui';

export function BankAccountsPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Cuentas bancarias" />
        <NoCompanySelected description="Selecciona una empresa para ver sus cuentas bancarias." />
      </>
    );
  }
  return <AccountsContent companyId={companyId} />;
}

function AccountsContent({ companyId }: { companyId: string }) {
  const accounts = useBankAccounts(companyId);
  const can = useCanCall();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const update = useUpdateBankAccount(companyId);
  const remove = useDeleteBankAccount(companyId);

  const toggle = (a: BankAccount) =>
    update.mutate(
      { accountId: a.accountId, body: { active: !a.active } },
      {
        onSuccess: () => showToast('success', a.active ? 'Cuenta desactivada' : 'Cuenta activada'),
        onError: (e) => showToast('error', errorMessage(e)),
      },
    );
  const del = (a: BankAccount) =>
    remove.mutate(a.accountId, {
      onSuccess: () => showToast('success', `Cuenta «${a.alias}» eliminada`),
      onError: (e) => showToast('error', errorMessage(e)),
    });

  const columns: TableColumnsType<BankAccount> = [
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
    { title: 'Cuenta contable', dataIndex: 'accountingAccountCode' },
    {
      title: 'Saldo',
      key: 'balance',
      align: 'right',
      render: (_, a) => (
        <Flex vertical align="end">
          <Amount cents={a.balanceCents} strong />
          <Typography.Text type="secondary">
            {a.balanceDate ? `a ${formatDate(a.balanceDate)}` : 'Sin saldo'}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Movimientos', key: 'count', align: 'right', render: (_, a) => formatInteger(a.movementCount) },
    {
      title: 'Sin conciliar',
      key: 'unrec',
      align: 'right',
      render: (_, a) => formatInteger(a.unreconciledCount),
    },
    { title: 'Origen', key: 'feed', render: (_, a) => <FeedTags account={a} /> },
    {
      title: 'Estado',
      key: 'active',
      render: (_, a) => (a.active ? <Tag color="success">Activa</Tag> : <Tag>Inactiva</Tag>),
    },
    {
      title: '',
      key: 'actions',
      render: (_, a) => (
        <Flex gap={4} justify="end">
          {can('banking.updateAccount') ? (
            <Button size="small" onClick={() => toggle(a)}>
              {a.active ? 'Desactivar' : 'Activar'}
            </Button>
          ) : null}
          {can('banking.deleteAccount') && a.movementCount === 0 ? (
            <Popconfirm
              title="¿Eliminar la cuenta?"
              okText="Eliminar"
              cancelText="Cancelar"
              onConfirm={() => del(a)}
            >
              <Button size="small" danger>
                Eliminar
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Cuentas bancarias"
        back={{ to: paths.app.banking.root, label: 'Bancos' }}
        meta={
          <span>
            Extractos en Norma 43 o conexión directa con el banco:{' '}
            <Link to={PSD2_PATH}>Conectar con el banco (PSD2)</Link>
          </span>
        }
        actions={
          <>
            {can('banking.importN43') ? (
              <Button onClick={() => setImporting(true)}>Importar Norma 43</Button>
            ) : null}
            {can('banking.createAccount') ? (
              <Button type="primary" onClick={() => setCreating(true)}>
                Nueva cuenta
              </Button>
            ) : null}
          </>
        }
      />
      {accounts.isPending ? (
        <LoadingBlock label="Cargando las cuentas" />
      ) : accounts.isError ? (
        <LoadError
          title="Error obteniendo las cuentas bancarias"
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
        />
      ) : accounts.data.length === 0 ? (
        <Card>
          <EmptyState description="Aún no hay cuentas bancarias. Crea una o importa un extracto Norma 43." />
        </Card>
      ) : (
        <Card>
          <Table<BankAccount>
            rowKey="accountId"
            columns={columns}
            dataSource={accounts.data}
            pagination={false}
          />
        </Card>
      )}
      <RecentImports companyId={companyId} />
      <NewAccountModal companyId={companyId} open={creating} onClose={() => setCreating(false)} />
      <ImportN43Modal companyId={companyId} open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

function RecentImports({ companyId }: { companyId: string }) {
  const imports = useImports(companyId);
  const items = imports.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card title="Últimas importaciones" style={{ marginTop: 16 }}>
      <Table
        rowKey="importId"
        size="small"
        pagination={false}
        dataSource={items}
        columns={[
          { title: 'Fichero', dataIndex: 'fileName' },
          { title: 'Fecha', key: 'at', render: (_, i) => formatDateTime(i.importedAt) },
          { title: 'Cuentas', key: 'accounts', align: 'right', render: (_, i) => i.accounts.length },
          { title: 'Nuevos', dataIndex: 'created', align: 'right' },
          { title: 'Duplicados', dataIndex: 'duplicates', align: 'right' },
        ]}
      />
    </Card>
  );
}
