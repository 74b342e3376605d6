/**
 * /app/smart-inbox (issue 17 items 4 and 7; spec part 3 Smart inbox): the company's address (with a
 * copy button), the widget data, the statistics, and three lists: the invoices to review (approve,
 * reject with a reason), the emails received (filters; reprocess, ignore) and the processed invoices.
 */
import type { Page } from '@shared/api/envelope';
import {
  INBOX_CLASSIFICATION_LABELS,
  INBOX_CLASSIFICATIONS,
  INBOX_EMAIL_STATUS_LABELS,
  INBOX_EMAIL_STATUSES,
  type InboxClassification,
  type InboxEmail,
  type InboxEmailStatus,
  PROCESSED_INVOICE_STATUS_LABELS,
  PROCESSED_INVOICE_STATUSES,
  type ProcessedInvoice,
  type ProcessedInvoiceStatus,
} from '@shared/schemas/inbox';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDateTime, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Button, Card, Col, Flex, Input, Modal, Row, Select, Statistic, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  useInboxConfig,
  useInboxEmails,
  useInboxInvoices,
  useInboxReviewList,
  useInboxStatistics,
} from '../api/get-inbox-data';
import { INBOX_DONE, type InboxCommand, useInboxCommand } from '../api/inbox-actions';
import { InboxWidget } from './inbox-widget';
import { EmailStatusTag, InvoiceStatusTag, percent } from './status-tags';

export function SmartInboxPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Buzón inteligente" />
        <EmptyState description="Selecciona una empresa para ver su buzón." />
      </>
    );
  }
  return <SmartInboxContent companyId={companyId} />;
}

/** Runs an inbox command with its toasts. */
export function useInboxRunner(companyId: string) {
  const command = useInboxCommand(companyId);
  const run = (c: InboxCommand, after?: () => void) =>
    command.mutate(c, {
      onSuccess: () => {
        showToast('success', INBOX_DONE[c.kind]);
        after?.();
      },
      onError: (e) => showToast('error', errorMessage(e)),
    });
  return { run, pending: command.isPending };
}

function InboxAddress({ companyId }: { companyId: string }) {
  const config = useInboxConfig(companyId);
  if (config.isPending) return <LoadingBlock label="Cargando la dirección" />;
  if (config.isError)
    return (
      <LoadError
        title="Error cargando la dirección"
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  return (
    <Card size="small" title="Dirección del buzón">
      <Flex vertical gap={4}>
        <Typography.Text
          copyable={{ text: config.data.address, tooltips: ['Copiar', 'Copiada'] }}
          strong
          data-testid="inbox-address"
        >
          {config.data.address}
        </Typography.Text>
        <Typography.Text type="secondary">
          Reenvía a esta dirección las facturas de tus proveedores: se leerán y aparecerán aquí para
          revisarlas.
        </Typography.Text>
      </Flex>
    </Card>
  );
}

function InboxStats({ companyId }: { companyId: string }) {
  const stats = useInboxStatistics(companyId);
  if (!stats.data) return null;
  return (
    <Row gutter={[16, 16]}>
      {[
        ['Correos recibidos', stats.data.totalEmails],
        ['Procesados', stats.data.processedEmails],
        ['Facturas leídas', stats.data.totalInvoicesProcessed],
        ['Pendientes', stats.data.pendingEmails],
        ['Ignorados', stats.data.ignoredEmails],
        ['Con error', stats.data.failedEmails],
      ].map(([title, value]) => (
        <Col key={String(title)} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={title} value={formatInteger(Number(value))} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

const asPage = <T,>(answer: Page<T> | T[] | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.content ?? []);

function invoiceColumns(extra: Parameters<typeof Table<ProcessedInvoice>>[0]['columns'] = []) {
  return [
    { title: 'Archivo', dataIndex: 'fileName' },
    {
      title: 'Proveedor',
      dataIndex: 'supplierName',
      render: (s: string | null, r: ProcessedInvoice) => s ?? r.sender ?? '—',
    },
    { title: 'Número', dataIndex: 'invoiceNumber', render: (n: string | null) => n ?? '—' },
    {
      title: 'Total',
      dataIndex: 'totalAmount',
      align: 'right' as const,
      render: (t: number | null) => (t === null ? '—' : formatCents(t)),
    },
    { title: 'Confianza', dataIndex: 'aiConfidence', render: (c: number | null) => percent(c) },
    {
      title: 'Estado',
      dataIndex: 'status',
      render: (s: ProcessedInvoiceStatus) => <InvoiceStatusTag status={s} />,
    },
    {
      title: 'Factura',
      key: 'invoice',
      render: (_: unknown, r: ProcessedInvoice) =>
        r.receivedInvoiceId ? (
          <Link to={paths.app.invoicing.receivedInvoice(r.receivedInvoiceId)}>Ver factura</Link>
        ) : r.duplicateOf ? (
          <Link to={paths.app.invoicing.receivedInvoice(r.duplicateOf.receivedInvoiceId)}>Duplicado de…</Link>
        ) : (
          '—'
        ),
    },
    ...(extra ?? []),
  ];
}

function ReviewList({ companyId }: { companyId: string }) {
  const list = useInboxReviewList(companyId);
  const { run, pending } = useInboxRunner(companyId);
  const can = useCanCall();
  const [rejecting, setRejecting] = useState<ProcessedInvoice | null>(null);
  const [reason, setReason] = useState('');
  if (list.isError)
    return (
      <LoadError title="Error cargando facturas" error={list.error} onRetry={() => void list.refetch()} />
    );
  return (
    <>
      <Table<ProcessedInvoice>
        rowKey="processedInvoiceId"
        loading={list.isPending}
        dataSource={asPage(list.data)}
        pagination={false}
        locale={{ emptyText: <EmptyState description="No hay datos disponibles" /> }}
        columns={invoiceColumns([
          {
            title: 'Acciones',
            key: 'actions',
            render: (_, r) => (
              <Flex gap={4}>
                {can('inbox.approve') ? (
                  <Button
                    size="small"
                    type="primary"
                    loading={pending}
                    onClick={() => run({ kind: 'approve', processedInvoiceId: r.processedInvoiceId })}
                  >
                    Aprobar
                  </Button>
                ) : null}
                {can('inbox.reject') ? (
                  <Button
                    size="small"
                    danger
                    onClick={() => {
                      setReason('');
                      setRejecting(r);
                    }}
                  >
                    Rechazar
                  </Button>
                ) : null}
              </Flex>
            ),
          },
        ])}
      />
      <Modal
        open={rejecting !== null}
        title="Rechazar factura"
        okText="Rechazar"
        cancelText="Cancelar"
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: pending }}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          rejecting &&
          run(
            { kind: 'reject', processedInvoiceId: rejecting.processedInvoiceId, reason: reason.trim() },
            () => setRejecting(null),
          )
        }
      >
        <Input.TextArea
          aria-label="Motivo del rechazo"
          placeholder="Motivo del rechazo"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}

function EmailsTable({ companyId }: { companyId: string }) {
  const [filters, setFilters] = useState<{
    status?: InboxEmailStatus;
    classification?: InboxClassification;
    sender?: string;
    page: number;
    size: number;
  }>({ page: 0, size: 20 });
  const emails = useInboxEmails(companyId, filters);
  const { run } = useInboxRunner(companyId);
  const can = useCanCall();
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap role="search" aria-label="Filtros de correos">
        <Select
          allowClear
          aria-label="Estado del correo"
          placeholder="Todos los estados"
          style={{ minWidth: 160 }}
          value={filters.status}
          options={INBOX_EMAIL_STATUSES.map((s) => ({ value: s, label: INBOX_EMAIL_STATUS_LABELS[s] }))}
          onChange={(status?: InboxEmailStatus) => setFilters({ ...filters, status, page: 0 })}
        />
        <Select
          allowClear
          aria-label="Clasificación"
          placeholder="Todas las clasificaciones"
          style={{ minWidth: 180 }}
          value={filters.classification}
          options={INBOX_CLASSIFICATIONS.map((c) => ({ value: c, label: INBOX_CLASSIFICATION_LABELS[c] }))}
          onChange={(classification?: InboxClassification) =>
            setFilters({ ...filters, classification, page: 0 })
          }
        />
        <Input.Search
          allowClear
          aria-label="Remitente"
          placeholder="Remitente"
          style={{ maxWidth: 260 }}
          onSearch={(sender) => setFilters({ ...filters, sender: sender || undefined, page: 0 })}
        />
      </Flex>
      {emails.isError ? (
        <LoadError
          title="Error cargando correos"
          error={emails.error}
          onRetry={() => void emails.refetch()}
        />
      ) : (
        <Table<InboxEmail>
          rowKey="inboxId"
          loading={emails.isPending}
          dataSource={emails.data?.content ?? []}
          locale={{ emptyText: <EmptyState description="No hay datos disponibles" /> }}
          pagination={{
            current: filters.page + 1,
            pageSize: filters.size,
            total: emails.data?.totalElements ?? 0,
            onChange: (page, size) => setFilters({ ...filters, page: page - 1, size }),
          }}
          columns={[
            { title: 'Recibido', dataIndex: 'receivedAt', render: (d: string) => formatDateTime(d) },
            { title: 'Remitente', dataIndex: 'sender' },
            { title: 'Asunto', dataIndex: 'subject' },
            {
              title: 'Adjuntos',
              dataIndex: 'attachments',
              render: (a: InboxEmail['attachments']) => a.length,
            },
            {
              title: 'Clasificación',
              dataIndex: 'classification',
              render: (c: InboxClassification) => INBOX_CLASSIFICATION_LABELS[c],
            },
            {
              title: 'Estado',
              dataIndex: 'status',
              render: (s: InboxEmailStatus, r) => (
                <Flex vertical gap={2}>
                  <EmailStatusTag status={s} />
                  {r.ignoredReason ? (
                    <Typography.Text type="secondary">{r.ignoredReason.message}</Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            {
              title: 'Acciones',
              key: 'actions',
              render: (_, r) => (
                <Flex gap={4}>
                  {can('inbox.reprocessEmail') ? (
                    <Button size="small" onClick={() => run({ kind: 'reprocessEmail', inboxId: r.inboxId })}>
                      Reprocesar
                    </Button>
                  ) : null}
                  {can('inbox.ignoreEmail') && r.status !== 'IGNORED' ? (
                    <Button size="small" onClick={() => run({ kind: 'ignoreEmail', inboxId: r.inboxId })}>
                      Ignorar
                    </Button>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}

function ProcessedInvoices({ companyId }: { companyId: string }) {
  const [filters, setFilters] = useState<{ status?: ProcessedInvoiceStatus; page: number; size: number }>({
    page: 0,
    size: 20,
  });
  const invoices = useInboxInvoices(companyId, filters);
  return (
    <Flex vertical gap={8}>
      <Select
        allowClear
        aria-label="Estado de la factura"
        placeholder="Todos los estados"
        style={{ maxWidth: 220 }}
        value={filters.status}
        options={PROCESSED_INVOICE_STATUSES.map((s) => ({
          value: s,
          label: PROCESSED_INVOICE_STATUS_LABELS[s],
        }))}
        onChange={(status?: ProcessedInvoiceStatus) => setFilters({ ...filters, status, page: 0 })}
      />
      {invoices.isError ? (
        <LoadError
          title="Error cargando facturas"
          error={invoices.error}
          onRetry={() => void invoices.refetch()}
        />
      ) : (
        <Table<ProcessedInvoice>
          rowKey="processedInvoiceId"
          loading={invoices.isPending}
          dataSource={invoices.data?.content ?? []}
          locale={{ emptyText: <EmptyState description="No hay datos disponibles" /> }}
          pagination={{
            current: filters.page + 1,
            pageSize: filters.size,
            total: invoices.data?.totalElements ?? 0,
            onChange: (page, size) => setFilters({ ...filters, page: page - 1, size }),
          }}
          columns={invoiceColumns([
            {
              title: 'Motivo',
              dataIndex: 'rejectionReason',
              render: (r: string | null) => r ?? '',
            },
          ])}
        />
      )}
    </Flex>
  );
}

function SmartInboxContent({ companyId }: { companyId: string }) {
  return (
    <>
      <PageHeader
        title="Buzón inteligente"
        meta={<span>Facturas recibidas por correo, leídas y listas para revisar</span>}
        actions={<LinkButton to={paths.app.smartInboxAdvanced}>Configuración avanzada</LinkButton>}
      />
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <InboxAddress companyId={companyId} />
          </Col>
          <Col xs={24} lg={12}>
            <InboxWidget companyId={companyId} />
          </Col>
        </Row>
        <InboxStats companyId={companyId} />
        <Tabs
          items={[
            {
              key: 'review',
              label: 'Pendientes de revisión',
              children: <ReviewList companyId={companyId} />,
            },
            { key: 'emails', label: 'Correos', children: <EmailsTable companyId={companyId} /> },
            {
              key: 'invoices',
              label: 'Facturas procesadas',
              children: <ProcessedInvoices companyId={companyId} />,
            },
          ]}
        />
      </Flex>
    </>
  );
}
