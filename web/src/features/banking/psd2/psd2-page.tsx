/**
 * /app/banking/accounts/psd2 (and /app/psd2): 'Conexiones bancarias (PSD2)' (issue 19). The company's
 * open-banking consents with their state and expiry; 'Conectar banco' asks for a consent and sends
 * the browser to the bank (the provider's link); the bank sends it back here with
 * `?connection=<id>`, and the page completes the connection (links the accounts and syncs them).
 * 'Sincronizar', 'Renovar' (a new consent, again through the bank) and 'Revocar' per connection.
 */
import type {
  Psd2CompleteResult,
  Psd2Connection,
  Psd2ConnectResult,
  Psd2Institution,
  Psd2SyncResult,
} from '@shared/schemas/psd2';
import { PSD2_MAX_CONSENT_DAYS } from '@shared/schemas/psd2';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import {
  Alert,
  Button,
  Flex,
  Form,
  InputNumber,
  Modal,
  message,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatIban } from '../accounts/ui';
import { usePsd2Command, usePsd2Connections, usePsd2Institutions } from '../api/psd2';
import { goToBank } from './navigate';
import { ConnectionStatusTag, daysLeftText } from './ui';

const TITLE = 'Conexiones bancarias (PSD2)';

export function Psd2Page() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title={TITLE} />
        <NoCompanySelected description="Selecciona una empresa para conectar sus bancos." />
      </>
    );
  }
  return <Psd2Content companyId={companyId} />;
}

function Psd2Content({ companyId }: { companyId: string }) {
  const connections = usePsd2Connections(companyId);
  const command = usePsd2Command(companyId);
  const can = useCanCall();
  const [connecting, setConnecting] = useState(false);
  const [params, setParams] = useSearchParams();
  const returned = params.get('connection');
  const [completion, setCompletion] = useState<Psd2CompleteResult | null>(null);
  const [completionError, setCompletionError] = useState<string | null>(null);
  const completing = useRef<string | null>(null);

  // Back from the bank: complete the connection once (the bank appends its own `ref` too).
  useEffect(() => {
    if (!returned || completing.current === returned) return;
    completing.current = returned;
    command.mutate(
      { kind: 'complete', connectionId: returned },
      {
        onSuccess: (r) => setCompletion(r as Psd2CompleteResult),
        onError: (e) => setCompletionError(errorMessage(e)),
        onSettled: () => setParams({}, { replace: true }),
      },
    );
  }, [returned, command, setParams]);

  const sync = (c: Psd2Connection) =>
    command.mutate(
      { kind: 'sync', connectionId: c.connectionId },
      {
        onSuccess: (r) => {
          const s = r as Psd2SyncResult;
          void message.success(
            `Sincronizado ${c.institutionName}: ${s.created} movimiento(s) nuevo(s), ${s.duplicates} ya existente(s).`,
          );
        },
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  const renew = (c: Psd2Connection) =>
    command.mutate(
      { kind: 'renew', connectionId: c.connectionId },
      {
        onSuccess: (r) => goToBank((r as Psd2ConnectResult).link),
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  const revoke = (c: Psd2Connection) =>
    command.mutate(
      { kind: 'revoke', connectionId: c.connectionId },
      {
        onSuccess: () => void message.success(`Conexión con ${c.institutionName} revocada`),
        onError: (e) => void message.error(errorMessage(e)),
      },
    );

  const header = (
    <PageHeader
      title={TITLE}
      back={{ to: paths.app.banking.accounts, label: 'Cuentas bancarias' }}
      meta={
        <span>
          Acceso de solo consulta a tus cuentas (saldos y movimientos) autorizado en tu banco; el
          consentimiento dura como máximo {PSD2_MAX_CONSENT_DAYS} días.
        </span>
      }
      actions={
        can('banking.psd2Connect') ? (
          <Button type="primary" onClick={() => setConnecting(true)}>
            Conectar banco
          </Button>
        ) : null
      }
    />
  );

  const columns: TableColumnsType<Psd2Connection> = [
    {
      title: 'Banco',
      key: 'bank',
      render: (_, c) => (
        <Flex vertical>
          <strong>{c.institutionName}</strong>
          {c.institutionBic ? <Typography.Text type="secondary">{c.institutionBic}</Typography.Text> : null}
        </Flex>
      ),
    },
    { title: 'Estado', key: 'status', render: (_, c) => <ConnectionStatusTag status={c.status} /> },
    {
      title: 'Cuentas',
      key: 'accounts',
      render: (_, c) =>
        c.accounts.length === 0 ? (
          '—'
        ) : (
          <Flex vertical>
            {c.accounts.map((a) => (
              <span key={a.accountId} style={{ fontFamily: 'monospace' }}>
                {formatIban(a.iban)}
              </span>
            ))}
          </Flex>
        ),
    },
    {
      title: 'Caducidad del consentimiento',
      key: 'expiry',
      render: (_, c) =>
        c.status === 'REVOKED' || c.status === 'REJECTED' ? (
          '—'
        ) : (
          <Flex vertical>
            <span>{formatDate(c.consentExpiresAt)}</span>
            <Typography.Text type={c.daysLeft <= 7 ? 'danger' : 'secondary'}>
              {daysLeftText(c.daysLeft)}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: 'Última sincronización',
      key: 'sync',
      render: (_, c) =>
        c.lastSync ? (
          <Flex vertical>
            <span>{formatDateTime(c.lastSync.at)}</span>
            {c.lastSync.outcome === 'OK' ? (
              <Typography.Text type="secondary">{c.lastSync.created} nuevos</Typography.Text>
            ) : (
              <Typography.Text type="danger">{c.lastSync.errorMessage ?? 'Error'}</Typography.Text>
            )}
          </Flex>
        ) : (
          'Nunca'
        ),
    },
    { title: 'Conectado por', key: 'by', render: (_, c) => c.connectedBy.email },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, c) => (
        <Flex gap={8} wrap>
          {c.status === 'LINKED' && can('banking.psd2Sync') ? (
            <Button size="small" onClick={() => sync(c)} loading={command.isPending}>
              Sincronizar
            </Button>
          ) : null}
          {(c.status === 'LINKED' || c.status === 'EXPIRED') && can('banking.psd2Renew') ? (
            <Button size="small" onClick={() => renew(c)}>
              Renovar
            </Button>
          ) : null}
          {c.status !== 'REVOKED' && c.status !== 'REJECTED' && can('banking.psd2Revoke') ? (
            <Popconfirm
              title={`¿Revocar la conexión con ${c.institutionName}?`}
              description="El banco dejará de dar acceso; las cuentas y sus movimientos se conservan."
              okText="Revocar"
              cancelText="Cancelar"
              okButtonProps={{ danger: true }}
              onConfirm={() => revoke(c)}
            >
              <Button size="small" danger>
                Revocar
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];

  let body: React.ReactNode;
  if (connections.isPending) body = <LoadingBlock label="Cargando conexiones" />;
  else if (connections.isError)
    body = (
      <LoadError
        title="Error obteniendo las conexiones bancarias"
        error={connections.error}
        onRetry={() => void connections.refetch()}
      />
    );
  else if (connections.data.items.length === 0)
    body = (
      <EmptyState description="Aún no has conectado ningún banco. Conecta uno para traer sus saldos y movimientos." />
    );
  else
    body = (
      <Table
        rowKey="connectionId"
        columns={columns}
        dataSource={connections.data.items}
        pagination={false}
        scroll={{ x: true }}
      />
    );

  return (
    <>
      {header}
      <Flex vertical gap={16}>
        {returned && !completion && !completionError ? (
          <Alert type="info" showIcon message="Completando la conexión con el banco…" />
        ) : null}
        {completionError ? (
          <Alert
            type="error"
            showIcon
            message="No se pudo completar la conexión"
            description={completionError}
            closable
          />
        ) : null}
        {completion ? <CompletionResult result={completion} onClose={() => setCompletion(null)} /> : null}
        {body}
      </Flex>
      {connecting ? (
        <ConnectModal
          companyId={companyId}
          onClose={() => setConnecting(false)}
          onConnect={(body) =>
            command
              .mutateAsync({ kind: 'connect', body })
              .then((r) => goToBank((r as Psd2ConnectResult).link))
          }
        />
      ) : null}
    </>
  );
}

function CompletionResult({ result, onClose }: { result: Psd2CompleteResult; onClose: () => void }) {
  const c = result.connection;
  if (c.status !== 'LINKED') {
    const text =
      c.status === 'REJECTED'
        ? `La conexión con ${c.institutionName} se canceló en el banco.`
        : c.status === 'PENDING'
          ? `El banco aún no ha confirmado la autorización de ${c.institutionName}.`
          : `La conexión con ${c.institutionName} no se completó (${c.status === 'EXPIRED' ? 'caducada' : 'revocada'}).`;
    return <Alert type="warning" showIcon message={text} closable onClose={onClose} />;
  }
  const balances = new Map((result.sync?.accounts ?? []).map((a) => [a.accountId, a]));
  return (
    <Alert
      type="success"
      showIcon
      closable
      onClose={onClose}
      message={`${c.institutionName} conectado: ${result.accounts.length} cuenta(s) vinculada(s)`}
      description={
        <Flex vertical gap={4}>
          {result.accounts.map((a) => {
            const s = balances.get(a.accountId);
            return (
              <span key={a.accountId}>
                <span style={{ fontFamily: 'monospace' }}>{formatIban(a.iban)}</span>
                {a.holderName ? ` · ${a.holderName}` : ''}
                {s && s.balanceCents !== null ? ` · Saldo ${formatCents(s.balanceCents)}` : ''}
                {s ? ` · ${s.created} movimientos importados` : ''}
              </span>
            );
          })}
          {result.syncError ? (
            <Typography.Text type="warning">
              La primera sincronización falló: {result.syncError.message} Pulsa 'Sincronizar' más tarde.
            </Typography.Text>
          ) : null}
        </Flex>
      }
    />
  );
}

interface ConnectForm {
  institutionId: string;
  accessValidForDays?: number;
}

function ConnectModal({
  companyId,
  onClose,
  onConnect,
}: {
  companyId: string;
  onClose: () => void;
  onConnect: (body: { institutionId: string; accessValidForDays?: number }) => Promise<void>;
}) {
  const institutions = usePsd2Institutions(companyId);
  const [form] = Form.useForm<ConnectForm>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const chosenId = Form.useWatch('institutionId', form);
  const chosen: Psd2Institution | undefined = institutions.data?.items.find((i) => i.id === chosenId);
  const maxDays = Math.min(PSD2_MAX_CONSENT_DAYS, chosen?.maxAccessValidForDays ?? PSD2_MAX_CONSENT_DAYS);
  const submit = async (values: ConnectForm) => {
    setSending(true);
    setError(null);
    try {
      await onConnect({
        institutionId: values.institutionId,
        ...(values.accessValidForDays ? { accessValidForDays: values.accessValidForDays } : {}),
      });
    } catch (e) {
      setError(errorMessage(e));
      setSending(false);
    }
  };
  return (
    <Modal
      open
      title="Conectar banco"
      okText="Continuar en el banco"
      cancelText="Cancelar"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Te llevaremos a tu banco para que autorices el acceso de consulta. Al volver, vincularemos sus cuentas
        y traeremos saldos y movimientos.
      </Typography.Paragraph>
      {institutions.isError ? (
        <Alert
          type="error"
          showIcon
          message={errorMessage(institutions.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="institutionId"
          label="Banco"
          rules={[{ required: true, message: 'Elige un banco.' }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={institutions.isPending}
            placeholder="Busca tu banco"
            options={(institutions.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
          />
        </Form.Item>
        <Form.Item
          name="accessValidForDays"
          label="Días de validez del consentimiento"
          extra={`Máximo ${maxDays} días${chosen ? ` en ${chosen.name}` : ''}. Vacío: el máximo.`}
        >
          <InputNumber min={1} max={maxDays} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
