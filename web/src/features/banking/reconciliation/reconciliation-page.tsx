/**
 * /app/banking/reconciliation: 'Conciliación bancaria' (issue 19 items 3 and 6). Per bank account the
 * movements still to reconcile and its open session; the sessions (EN CURSO, COMPLETADA, APROBADA,
 * CANCELADA); 'Nueva conciliación' (an account and a period) opens the session page; and the rules
 * the matcher learned.
 */
import {
  type ReconciliationSummary,
  SESSION_STATUSES,
  type SessionListItem,
  type SessionStatus,
  sessionStatusLabels,
} from '@shared/schemas/reconciliation';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { formatDate, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Button, Card, Flex, Select, Statistic, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useReconciliationSummary, useSessions } from '../api/reconciliation';
import { NewSessionModal } from './new-session-modal';
import { RulesCard } from './rules-card';
import { formatIban, periodLabel, SessionStatusTag, sessionPath } from './ui';

const SESSIONS_PAGE_SIZE = 10;

export function ReconciliationPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Conciliación bancaria" />
        <NoCompanySelected description="Selecciona una empresa para conciliar sus cuentas bancarias." />
      </>
    );
  }
  return <ReconciliationContent companyId={companyId} />;
}

function ReconciliationContent({ companyId }: { companyId: string }) {
  const summary = useReconciliationSummary(companyId);
  const can = useCanCall();
  // null: closed; '' : open with the first account; an id: open with that account.
  const [starting, setStarting] = useState<string | null>(null);
  const accounts = summary.data?.accounts ?? [];

  return (
    <>
      <PageHeader
        title="Conciliación bancaria"
        back={{ to: paths.app.banking.root, label: 'Bancos' }}
        meta={<span>Movimientos del banco frente a facturas pendientes de cobro y pago</span>}
        actions={
          can('banking.startSession') && accounts.length > 0 ? (
            <Button type="primary" onClick={() => setStarting('')}>
              Nueva conciliación
            </Button>
          ) : null
        }
      />
      {summary.isPending ? (
        <LoadingBlock label="Cargando la conciliación" />
      ) : summary.isError ? (
        <LoadError
          title="Error obteniendo la conciliación"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <Flex vertical gap={16}>
          <Totals totals={summary.data.totals} />
          <AccountsCard
            accounts={summary.data.accounts}
            canStart={can('banking.startSession')}
            onStart={(accountId) => setStarting(accountId)}
          />
          <SessionsCard companyId={companyId} accounts={summary.data.accounts} />
          <RulesCard companyId={companyId} />
        </Flex>
      )}
      <NewSessionModal
        open={starting !== null}
        companyId={companyId}
        accounts={accounts}
        initialAccountId={starting || null}
        onClose={() => setStarting(null)}
      />
    </>
  );
}

function Totals({ totals }: { totals: ReconciliationSummary['totals'] }) {
  return (
    <Card>
      <Flex gap={32} wrap>
        <Statistic title="Movimientos pendientes" value={formatInteger(totals.unreconciledCount)} />
        <Statistic title="Sesiones en curso" value={formatInteger(totals.inProgressSessions)} />
        <Statistic title="Pendientes de aprobar" value={formatInteger(totals.pendingApproval)} />
        <Statistic title="Sesiones aprobadas" value={formatInteger(totals.approvedSessions)} />
        <Statistic title="Reglas" value={formatInteger(totals.rules)} />
      </Flex>
    </Card>
  );
}

type SummaryAccount = ReconciliationSummary['accounts'][number];

function AccountsCard({
  accounts,
  canStart,
  onStart,
}: {
  accounts: readonly SummaryAccount[];
  canStart: boolean;
  onStart: (accountId: string) => void;
}) {
  const columns: TableColumnsType<SummaryAccount> = [
    {
      title: 'Cuenta',
      key: 'account',
      render: (_, a) => (
        <Flex vertical>
          <strong>{a.alias}</strong>
          <span style={{ opacity: 0.65 }}>
            {formatIban(a.iban)}
            {a.bankName ? ` · ${a.bankName}` : ''}
          </span>
        </Flex>
      ),
    },
    {
      title: 'Pendientes',
      key: 'pending',
      align: 'right',
      render: (_, a) => formatInteger(a.unreconciledCount),
    },
    { title: 'Último movimiento', key: 'last', render: (_, a) => formatDate(a.lastMovementDate) || '—' },
    { title: 'Conciliada hasta', key: 'through', render: (_, a) => formatDate(a.reconciledThrough) || '—' },
    {
      title: 'Sesión abierta',
      key: 'session',
      render: (_, a) =>
        a.openSession ? (
          <Flex gap={8} align="center" wrap>
            <SessionStatusTag status={a.openSession.status} />
            <Link to={sessionPath(a.openSession.sessionId)}>
              {periodLabel(a.openSession.fromDate, a.openSession.toDate)}
            </Link>
          </Flex>
        ) : canStart && a.unreconciledCount > 0 ? (
          <Button size="small" onClick={() => onStart(a.accountId)} aria-label={`Conciliar ${a.alias}`}>
            Conciliar
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Card title="Cuentas">
      {accounts.length === 0 ? (
        <EmptyState description="No hay cuentas bancarias. Añade una cuenta o importa un extracto Norma 43 para empezar.">
          <Link to={paths.app.banking.accounts}>Ir a Cuentas bancarias</Link>
        </EmptyState>
      ) : (
        <Table<SummaryAccount>
          aria-label="Cuentas bancarias"
          size="small"
          rowKey="accountId"
          columns={columns}
          dataSource={[...accounts]}
          pagination={false}
        />
      )}
    </Card>
  );
}

function SessionsCard({ companyId, accounts }: { companyId: string; accounts: readonly SummaryAccount[] }) {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<SessionStatus | undefined>(undefined);
  const [accountId, setAccountId] = useState<string | undefined>(undefined);
  const sessions = useSessions({ page, size: SESSIONS_PAGE_SIZE, status, accountId }, companyId);

  const columns: TableColumnsType<SessionListItem> = [
    {
      title: 'Cuenta',
      key: 'account',
      render: (_, s) => (
        <Flex vertical>
          <span>{s.accountAlias}</span>
          <span style={{ opacity: 0.65 }}>{formatIban(s.iban)}</span>
        </Flex>
      ),
    },
    {
      title: 'Periodo',
      key: 'period',
      render: (_, s) => <Link to={sessionPath(s.sessionId)}>{periodLabel(s.fromDate, s.toDate)}</Link>,
    },
    { title: 'Estado', key: 'status', render: (_, s) => <SessionStatusTag status={s.status} /> },
    {
      title: 'Movimientos',
      key: 'movements',
      align: 'right',
      render: (_, s) => formatInteger(s.stats.movementCount),
    },
    {
      title: 'Conciliados',
      key: 'matched',
      align: 'right',
      render: (_, s) => formatInteger(s.stats.matchedCount),
    },
    {
      title: 'Pendientes',
      key: 'pending',
      align: 'right',
      render: (_, s) => formatInteger(s.stats.movementCount - s.stats.matchedCount),
    },
    {
      title: 'Iniciada',
      key: 'created',
      render: (_, s) => `${formatDate(s.createdAt)}${s.createdBy.name ? ` · ${s.createdBy.name}` : ''}`,
    },
  ];

  return (
    <Card
      title="Sesiones"
      extra={
        <Flex gap={8} wrap>
          {accounts.length > 1 ? (
            <Select
              aria-label="Filtrar por cuenta"
              size="small"
              style={{ minWidth: 180 }}
              allowClear
              placeholder="Todas las cuentas"
              value={accountId}
              onChange={(value?: string) => {
                setAccountId(value);
                setPage(0);
              }}
              options={accounts.map((a) => ({ value: a.accountId, label: a.alias }))}
            />
          ) : null}
          <Select
            aria-label="Filtrar por estado"
            size="small"
            style={{ minWidth: 160 }}
            allowClear
            placeholder="Todos los estados"
            value={status}
            onChange={(value?: SessionStatus) => {
              setStatus(value);
              setPage(0);
            }}
            options={SESSION_STATUSES.map((s) => ({ value: s, label: sessionStatusLabels[s] }))}
          />
        </Flex>
      }
    >
      {sessions.isPending ? (
        <LoadingBlock label="Cargando las sesiones" />
      ) : sessions.isError ? (
        <LoadError
          title="Error obteniendo las sesiones"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : sessions.data.content.length === 0 ? (
        <EmptyState
          description={
            status || accountId
              ? 'No hay sesiones con esos filtros.'
              : 'Aún no hay sesiones de conciliación. Empieza una con «Nueva conciliación».'
          }
        />
      ) : (
        <Table<SessionListItem>
          aria-label="Sesiones de conciliación"
          size="small"
          rowKey="sessionId"
          columns={columns}
          dataSource={sessions.data.content}
          loading={sessions.isFetching && sessions.isPlaceholderData}
          pagination={{
            current: page + 1,
            pageSize: SESSIONS_PAGE_SIZE,
            total: sessions.data.totalElements,
            showSizeChanger: false,
            onChange: (next) => setPage(next - 1),
          }}
        />
      )}
    </Card>
  );
}
