/**
 * /app/accounting/chart: 'Plan de cuentas' (spec part 2 §2, §3, §7; issue 18 item 1). The chart's
 * counts, the accounts filtered by type, group, code prefix, text and 'admite asientos', each with
 * its type and a link to its ledger; 'Inicializar plan de cuentas' (PYMES, or the normal PGC) while
 * there is none; sub-accounts created, renamed, deactivated and deleted (PGC accounts are read-only).
 */
import {
  ACCOUNT_TYPES,
  type Account,
  type AccountStats,
  type AccountType,
  accountTypeLabels,
  type ChartType,
  displayAccountCode,
} from '@shared/schemas/accounting';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import {
  Button,
  Card,
  Col,
  Flex,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useAccountCommand } from '../api/account-actions';
import { useAccountStats } from '../api/get-account-stats';
import { useAccounts } from '../api/get-accounts';
import { useAccountCategories } from '../api/get-categories';
import { AccountDrawer, type AccountDrawerState } from './account-drawer';
import { AccountingLoadError, toastFailure } from './accounting-error';

export const ACCOUNT_TYPE_COLORS: Record<AccountType, string> = {
  ASSET: 'blue',
  LIABILITY: 'orange',
  EQUITY: 'purple',
  REVENUE: 'green',
  EXPENSE: 'red',
};

const CHART_PAGE_SIZE = 100;

export function ChartPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Plan de cuentas" />
        <EmptyState description="Selecciona una empresa para ver su plan de cuentas." />
      </>
    );
  }
  return <ChartContent companyId={companyId} />;
}

function ChartContent({ companyId }: { companyId: string }) {
  const stats = useAccountStats(companyId);
  const can = useCanCall();
  const [drawer, setDrawer] = useState<AccountDrawerState | null>(null);

  if (stats.isPending) return <LoadingBlock label="Cargando el plan de cuentas" />;
  if (stats.isError) {
    return (
      <>
        <PageHeader title="Plan de cuentas" />
        <AccountingLoadError
          title="Error obteniendo cuentas"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      </>
    );
  }
  const initialised = stats.data.chartType !== null;
  return (
    <>
      <PageHeader
        title="Plan de cuentas"
        meta={
          initialised ? (
            <span>
              Plan General de Contabilidad {stats.data.chartType === 'PYMES' ? 'de PYMES' : '(modelo normal)'}
            </span>
          ) : null
        }
        actions={
          initialised ? (
            <>
              <LinkButton to={paths.app.accounting.ledger()}>Libro mayor</LinkButton>
              {can('accounting.createAccount') ? (
                <Button type="primary" onClick={() => setDrawer({ mode: 'create', parent: null })}>
                  Nueva subcuenta
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {initialised ? (
        <Flex vertical gap={16}>
          <StatCards stats={stats.data} />
          <AccountsTable companyId={companyId} onEdit={setDrawer} />
        </Flex>
      ) : (
        <InitializeChart companyId={companyId} canInitialize={can('accounting.initializeChart')} />
      )}
      {drawer ? <AccountDrawer companyId={companyId} state={drawer} onClose={() => setDrawer(null)} /> : null}
    </>
  );
}

const STAT_CARDS: { key: keyof AccountStats; title: string }[] = [
  { key: 'totalAccounts', title: 'Total de cuentas' },
  { key: 'activeAccounts', title: 'Cuentas activas' },
  { key: 'accountsWithEntries', title: 'Con movimientos' },
  { key: 'parentAccounts', title: 'Cuentas padre' },
  { key: 'leafAccounts', title: 'Admiten asientos' },
];

function StatCards({ stats }: { stats: AccountStats }) {
  return (
    <Row gutter={[12, 12]}>
      {STAT_CARDS.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={4}>
          <Card size="small" aria-label={card.title}>
            <Statistic title={card.title} value={formatInteger(Number(stats[card.key] ?? 0))} />
          </Card>
        </Col>
      ))}
      <Col xs={24} xl={4}>
        <Flex wrap gap={4}>
          {ACCOUNT_TYPES.map((type) => (
            <Tag key={type} color={ACCOUNT_TYPE_COLORS[type]}>
              {accountTypeLabels[type]}: {formatInteger(stats.byType?.[type] ?? 0)}
            </Tag>
          ))}
        </Flex>
      </Col>
    </Row>
  );
}

function InitializeChart({ companyId, canInitialize }: { companyId: string; canInitialize: boolean }) {
  const command = useAccountCommand(companyId);
  const [chartType, setChartType] = useState<ChartType>('PYMES');
  const initialize = () =>
    command.mutate(
      { kind: 'initialize', chartType },
      {
        onSuccess: (result) => {
          const created = result && 'created' in result ? result.created : 0;
          showToast(
            'success',
            `Plan de cuentas inicializado (${formatInteger(created)} cuentas). Los documentos ya registrados se están contabilizando.`,
          );
        },
        onError: (e) => toastFailure(e, 'Error inicializando el plan de cuentas'),
      },
    );
  return (
    <Card>
      <EmptyState description="Esta empresa aún no tiene plan de cuentas.">
        {canInitialize ? (
          <Space wrap>
            <Select
              aria-label="Modelo del plan"
              value={chartType}
              style={{ width: 260 }}
              onChange={setChartType}
              options={[
                { value: 'PYMES', label: 'PGC de PYMES (recomendado)' },
                { value: 'NORMAL', label: 'PGC normal (p. ej. sociedades anónimas)' },
              ]}
            />
            <Button type="primary" loading={command.isPending} onClick={initialize}>
              Inicializar plan de cuentas
            </Button>
          </Space>
        ) : (
          <span>Pide a tu gestoría que lo inicialice.</span>
        )}
      </EmptyState>
    </Card>
  );
}

interface Filters {
  type?: AccountType;
  codePrefix?: string;
  onlyAcceptingEntries: boolean;
}

function AccountsTable({
  companyId,
  onEdit,
}: {
  companyId: string;
  onEdit: (state: AccountDrawerState) => void;
}) {
  const [filters, setFilters] = useState<Filters>({ onlyAcceptingEntries: false });
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [page, setPage] = useState(0);
  const accounts = useAccounts(
    {
      page,
      size: CHART_PAGE_SIZE,
      ...filters,
      ...(search ? { search } : {}),
    },
    companyId,
  );
  const categories = useAccountCategories(companyId);
  const command = useAccountCommand(companyId);
  const can = useCanCall();
  const change = (next: Partial<Filters>) => {
    setFilters((previous) => ({ ...previous, ...next }));
    setPage(0);
  };

  const remove = (account: Account) =>
    command.mutate(
      { kind: 'delete', accountId: account.accountId },
      {
        onSuccess: () => showToast('success', 'Cuenta eliminada'),
        onError: (e) => toastFailure(e, 'Error eliminando la cuenta'),
      },
    );

  const columns: TableColumnsType<Account> = [
    {
      title: 'Código',
      key: 'code',
      render: (_, a) => (
        <span style={{ paddingLeft: levelIndent(a), fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {displayAccountCode(a.accountCode)}
        </span>
      ),
    },
    {
      title: 'Nombre',
      key: 'name',
      render: (_, a) => (
        <Flex gap={6} wrap align="center">
          <span style={{ fontWeight: a.level === 'GROUP' ? 600 : undefined }}>{a.accountName}</span>
          {a.isPgc ? <Tag>PGC</Tag> : <Tag color="cyan">Subcuenta</Tag>}
          {a.active ? null : <Tag>Inactiva</Tag>}
        </Flex>
      ),
    },
    {
      title: 'Tipo',
      key: 'type',
      render: (_, a) => <Tag color={ACCOUNT_TYPE_COLORS[a.type]}>{accountTypeLabels[a.type]}</Tag>,
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, a) => (
        <Space wrap size={4}>
          {a.acceptsEntries ? (
            <LinkButton size="small" type="link" to={paths.app.accounting.ledger(a.accountId)}>
              Libro mayor
            </LinkButton>
          ) : null}
          {a.isPgc && a.acceptsEntries && a.level === 'ACCOUNT' && can('accounting.createAccount') ? (
            <Button size="small" type="link" onClick={() => onEdit({ mode: 'create', parent: a })}>
              Crear subcuenta
            </Button>
          ) : null}
          {!a.isPgc && can('accounting.updateAccount') ? (
            <Button size="small" type="link" onClick={() => onEdit({ mode: 'edit', account: a })}>
              Editar
            </Button>
          ) : null}
          {!a.isPgc && can('accounting.deleteAccount') ? (
            <Popconfirm
              title={`¿Eliminar la cuenta ${displayAccountCode(a.accountCode)}?`}
              description={a.hasEntries ? 'Tiene movimientos: no se podrá eliminar.' : undefined}
              okText="Eliminar"
              cancelText="Cancelar"
              onConfirm={() => remove(a)}
            >
              <Button size="small" type="link" danger disabled={a.hasEntries}>
                Eliminar
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap role="search" aria-label="Filtros del plan de cuentas">
          <Input.Search
            allowClear
            aria-label="Buscar cuenta"
            placeholder="Buscar por código o nombre"
            style={{ width: 260 }}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setPage(0);
            }}
          />
          <Select
            allowClear
            aria-label="Tipo"
            placeholder="Todos los tipos"
            style={{ minWidth: 170 }}
            value={filters.type}
            options={ACCOUNT_TYPES.map((t) => ({ value: t, label: accountTypeLabels[t] }))}
            onChange={(type?: AccountType) => change({ type })}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="Grupo"
            placeholder="Todos los grupos"
            style={{ minWidth: 260 }}
            value={filters.codePrefix}
            loading={categories.isPending}
            status={categories.isError ? 'error' : undefined}
            notFoundContent={categories.isError ? 'Error obteniendo categorías' : undefined}
            options={(categories.data ?? []).map((c) => ({
              value: c.categoryCode,
              label: `${c.categoryCode} ${c.categoryName}`,
            }))}
            onChange={(codePrefix?: string) => change({ codePrefix })}
            popupMatchSelectWidth={false}
          />
          <Flex gap={6} align="center">
            <Switch
              aria-label="Solo cuentas que admiten asientos"
              checked={filters.onlyAcceptingEntries}
              onChange={(onlyAcceptingEntries) => change({ onlyAcceptingEntries })}
            />
            <span>Solo las que admiten asientos</span>
          </Flex>
        </Flex>
        {accounts.isError ? (
          <AccountingLoadError
            title="Error obteniendo cuentas"
            error={accounts.error}
            onRetry={() => void accounts.refetch()}
          />
        ) : (
          <Table<Account>
            aria-label="Cuentas"
            size="small"
            rowKey="accountId"
            loading={accounts.isFetching}
            columns={columns}
            dataSource={accounts.data?.content ?? []}
            locale={{ emptyText: 'No hay cuentas con estos filtros' }}
            pagination={{
              current: page + 1,
              pageSize: CHART_PAGE_SIZE,
              total: accounts.data?.totalElements ?? 0,
              showSizeChanger: false,
              onChange: (next) => setPage(next - 1),
            }}
          />
        )}
      </Flex>
    </Card>
  );
}

const LEVEL_INDENT = { GROUP: 0, SUBGROUP: 12, ACCOUNT: 24, SUBACCOUNT: 36 } as const;
const levelIndent = (a: Account) => LEVEL_INDENT[a.level] ?? 0;
