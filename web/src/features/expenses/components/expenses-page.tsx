import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { supplierTaxIdText } from '@shared/schemas/expenses';
import { isOutOfBook } from '@shared/schemas/received-invoice-draft';
import {
  type ApprovalStatus,
  type ExpenseCategoryTotals,
  isReceivedRectificativa,
  type ReceivedInvoice,
} from '@shared/schemas/received-invoices';
import { LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { formatBp } from '@web/lib/money-input';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { withholdingText } from '@web/lib/tax-labels';
import { toast } from '@web/lib/toast';
import { PAGE_SIZES, useUrlListState } from '@web/lib/use-url-list-state';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Row,
  Select,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useExpenseCategories } from '../api/expense-categories';
import {
  RECEIVED_PAGE_SIZE,
  useAssignCategory,
  useDeleteReceivedInvoice,
  useExpensesByCategory,
  useExpenseTotals,
  useReceivedInvoices,
  useSetApproval,
} from '../api/received-invoices';
import { APPROVAL_LABELS, orUnread, UNREAD } from '../utils/labels';
import { NoCompany } from './no-company';
import { ReceivedInvoiceDrawer } from './received-invoice-drawer';
import { ReceivedSiiTag } from './received-sii-tag';

/** The number as shown: a draft whose number was not read stores '' (issue 17). */
const numberOf = (r: { supplierInvoiceNumber: string }) =>
  r.supplierInvoiceNumber || `Número ${UNREAD.toLowerCase()}`;

const APPROVAL_OPTIONS = (Object.keys(APPROVAL_LABELS) as ApprovalStatus[]).map((value) => ({
  value,
  label: APPROVAL_LABELS[value].label,
}));
const FILTER_KEYS = ['from', 'to', 'category', 'approval'];
const isApproval = (v: string | undefined): v is ApprovalStatus =>
  v === 'PENDING' || v === 'APPROVED' || v === 'REJECTED';

/** /app/admin/invoicing/expenses: the selected company's received invoices and expense totals. */
export function ExpensesPage() {
  const companyId = useCompanyId();
  return companyId ? <Expenses companyId={companyId} /> : <NoCompany />;
}

export function Expenses({ companyId }: { companyId: string }) {
  const list = useUrlListState(RECEIVED_PAGE_SIZE);
  const from = list.param('from');
  const to = list.param('to');
  const expenseCategoryId = list.param('category');
  const approval = list.param('approval');
  const approvalStatus = isApproval(approval) ? approval : undefined;

  const { data, error, isError, isPending, isFetching, refetch } = useReceivedInvoices(companyId, {
    page: list.page,
    size: list.size,
    from,
    to,
    expenseCategoryId,
    approvalStatus,
    search: list.search,
    // The drafts read from documents wait here for their approval (issue 17): listed, tagged, and
    // out of the totals (the server's totals read the book only).
    drafts: 'include',
  });
  const totalsParams = { from, to, type: approvalStatus ?? ('ALL' as const) };
  const totals = useExpenseTotals(companyId, totalsParams);
  const byCategory = useExpensesByCategory(companyId, totalsParams);
  const categories = useExpenseCategories(companyId);
  const approve = useSetApproval(companyId);
  const can = useCanCall();
  const assign = useAssignCategory(companyId);
  const remove = useDeleteReceivedInvoice(companyId);
  const [editing, setEditing] = useState<{ invoice: ReceivedInvoice | null } | null>(null);
  const [rejecting, setRejecting] = useState<ReceivedInvoice | null>(null);
  const [reason, setReason] = useState('');
  const siiEnabled = useSelectedCompany()?.siiEnabled === true;

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.categoryId, label: c.name }));

  const decide = (inv: ReceivedInvoice, status: 'APPROVED' | 'REJECTED', comment?: string) =>
    approve.mutate(
      { receivedInvoiceId: inv.receivedInvoiceId, status, comment },
      {
        onSuccess: () => {
          toast.success(status === 'APPROVED' ? 'Factura aprobada.' : 'Factura rechazada.');
          setRejecting(null);
          setReason('');
        },
        onError: (e) => toast.fromError(e),
      },
    );

  const columns: TableColumnsType<ReceivedInvoice> = [
    {
      title: 'Fecha',
      dataIndex: 'issueDate',
      key: 'issueDate',
      // A draft whose date was not read stores '' (issue 17): 'Sin leer', not an empty cell.
      render: (d: string) => orUnread(formatDate(d)),
    },
    {
      title: 'Proveedor',
      key: 'supplier',
      // A long name wraps instead of pushing the actions out of view at 1440 px.
      width: 220,
      render: (_, r) => (
        <Flex vertical>
          <strong>{orUnread(r.supplier.name)}</strong>
          <span style={{ opacity: 0.65 }}>{supplierTaxIdText(r.supplier.taxId) || '—'}</span>
        </Flex>
      ),
    },
    {
      title: 'Nº factura',
      key: 'number',
      render: (_, r) => (
        <Flex gap={4} align="center" wrap>
          <Link to={paths.app.invoicing.receivedInvoice(r.receivedInvoiceId)}>{numberOf(r)}</Link>
          {isReceivedRectificativa(r.invoiceType) ? (
            <Tag color="purple" title={`Factura rectificativa (${r.invoiceType})`}>
              Rectificativa
            </Tag>
          ) : null}
          {r.irpfRateBp > 0 && r.withholdingKind ? (
            // The withholding's kind and key (issue 15): which return declares it (111, 115, 123, 216).
            <Tag title={withholdingText(r.withholdingKind, r.withholdingKey)}>
              Retención {formatBp(r.irpfRateBp)}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Categoría',
      key: 'category',
      render: (_, r) => (
        <Select
          size="small"
          allowClear
          placeholder="Sin categoría"
          aria-label={`Categoría de ${numberOf(r)}`}
          value={r.expenseCategoryId ?? undefined}
          options={categoryOptions}
          style={{ minWidth: 160 }}
          popupMatchSelectWidth={false}
          onChange={(categoryId?: string) =>
            assign.mutate(
              { receivedInvoiceId: r.receivedInvoiceId, categoryId: categoryId ?? null },
              { onSuccess: () => toast.success('Categoría asignada.'), onError: (e) => toast.fromError(e) },
            )
          }
        />
      ),
    },
    { title: 'Base', key: 'base', align: 'right', render: (_, r) => formatCents(r.totals.baseCents) },
    {
      title: 'Total',
      key: 'total',
      align: 'right',
      render: (_, r) => <strong>{formatCents(r.totals.totalCents)}</strong>,
    },
    {
      title: 'Aprobación',
      dataIndex: 'approvalStatus',
      key: 'approvalStatus',
      render: (s: ApprovalStatus, r) => (
        <Flex gap={4} wrap>
          <Tag color={APPROVAL_LABELS[s]?.color}>{APPROVAL_LABELS[s]?.label ?? s}</Tag>
          {isOutOfBook(r) && s === 'PENDING' ? (
            <Tag color="gold" title="Leída de un documento: no cuenta en los totales hasta que se apruebe.">
              Pendiente de revisión
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    // The SII state of each invoice, for companies that keep their books there (issue 16).
    ...(siiEnabled
      ? [
          {
            title: 'SII',
            key: 'sii',
            render: (_: unknown, r: ReceivedInvoice) => (r.siiStatus ? <ReceivedSiiTag invoice={r} /> : '—'),
          },
        ]
      : []),
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, r) => (
        <Flex gap={4} wrap>
          {can('receivedInvoices.update') ? (
            <Button
              size="small"
              aria-label={`Editar ${numberOf(r)}`}
              onClick={() => setEditing({ invoice: r })}
            >
              Editar
            </Button>
          ) : null}
          {r.approvalStatus !== 'APPROVED' && can('receivedInvoices.setApproval') ? (
            <Button size="small" type="primary" ghost onClick={() => decide(r, 'APPROVED')}>
              Aprobar
            </Button>
          ) : null}
          {r.approvalStatus !== 'REJECTED' && can('receivedInvoices.setApproval') ? (
            <Button size="small" onClick={() => setRejecting(r)}>
              Rechazar
            </Button>
          ) : null}
          {can('receivedInvoices.delete') ? (
            <Popconfirm
              title="¿Eliminar esta factura recibida?"
              okText="Eliminar"
              cancelText="Cancelar"
              onConfirm={() =>
                remove.mutate(r.receivedInvoiceId, {
                  onSuccess: () => toast.success('Factura eliminada.'),
                  onError: (e) => toast.fromError(e),
                })
              }
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${numberOf(r)}`} />
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];

  const filtered = list.isFiltered(FILTER_KEYS);
  const t = totals.data;

  return (
    <>
      <PageHeader
        title="Gastos"
        actions={
          can('receivedInvoices.create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ invoice: null })}>
              Nueva factura recibida
            </Button>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        <Row gutter={[12, 12]}>
          {[
            { title: 'Facturas', value: t ? String(t.count) : '—' },
            { title: 'Base imponible', value: t ? formatCents(t.baseCents) : '—' },
            { title: 'IVA soportado', value: t ? formatCents(t.vatCents) : '—' },
            { title: 'IVA deducible', value: t ? formatCents(t.deductibleVatCents) : '—' },
            { title: 'Retenciones IRPF', value: t ? formatCents(t.irpfCents) : '—' },
            { title: 'Total', value: t ? formatCents(t.totalCents) : '—' },
          ].map((s) => (
            <Col key={s.title} xs={24} sm={12} md={8} xl={4}>
              <Card size="small">
                <Statistic title={s.title} value={s.value} loading={totals.isPending} />
              </Card>
            </Col>
          ))}
        </Row>
        <Flex gap={8} wrap>
          <Input
            aria-label="Buscar facturas recibidas"
            placeholder="Buscar por proveedor, NIF o número"
            prefix={<SearchOutlined />}
            allowClear
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
            style={{ maxWidth: 320 }}
          />
          <DatePicker.RangePicker
            aria-label="Periodo"
            format={DATE_FORMAT}
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            allowEmpty={[true, true]}
            onChange={(range) =>
              list.setParams({
                from: range?.[0]?.format('YYYY-MM-DD'),
                to: range?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
          <Select
            aria-label="Filtrar por categoría"
            placeholder="Todas las categorías"
            allowClear
            value={expenseCategoryId}
            options={categoryOptions}
            onChange={(value?: string) => list.setParams({ category: value })}
            style={{ minWidth: 200 }}
          />
          <Select
            aria-label="Filtrar por aprobación"
            placeholder="Todas"
            allowClear
            value={approvalStatus}
            options={APPROVAL_OPTIONS}
            onChange={(value?: string) => list.setParams({ approval: value })}
            style={{ minWidth: 160 }}
          />
        </Flex>
        {isError ? (
          <LoadError
            title="No se han podido cargar las facturas recibidas"
            error={error}
            onRetry={() => void refetch()}
          />
        ) : (
          <Table<ReceivedInvoice>
            rowKey="receivedInvoiceId"
            size="middle"
            columns={columns}
            dataSource={data?.content ?? []}
            loading={isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: isPending ? (
                ' '
              ) : (
                <Empty
                  description={
                    filtered
                      ? 'No hay facturas recibidas que coincidan con la búsqueda o los filtros'
                      : 'No hay facturas recibidas'
                  }
                />
              ),
            }}
            pagination={{
              current: list.page + 1,
              pageSize: list.size,
              total: data?.totalElements ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => (total === 1 ? '1 factura' : `${total} facturas`),
            }}
            onChange={(pagination) =>
              list.goToPage((pagination.current ?? 1) - 1, pagination.pageSize ?? list.size)
            }
          />
        )}
        <ByCategory rows={byCategory.data ?? []} loading={byCategory.isPending} />
      </Flex>
      <ReceivedInvoiceDrawer
        companyId={companyId}
        open={editing !== null}
        invoice={editing?.invoice ?? null}
        categories={categories.data ?? []}
        onClose={() => setEditing(null)}
      />
      <Modal
        title="Rechazar factura"
        open={rejecting !== null}
        okText="Rechazar"
        cancelText="Cancelar"
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: approve.isPending }}
        onCancel={() => setRejecting(null)}
        onOk={() => rejecting && decide(rejecting, 'REJECTED', reason)}
      >
        <Input.TextArea
          aria-label="Motivo del rechazo"
          placeholder="Indica el motivo del rechazo"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}

/** Expenses by category: a table with a proportional bar, no chart library. */
function ByCategory({ rows, loading }: { rows: readonly ExpenseCategoryTotals[]; loading: boolean }) {
  const max = Math.max(1, ...rows.map((r) => Math.abs(r.totalCents)));
  return (
    <Card size="small" title="Gasto por categoría">
      <Table<ExpenseCategoryTotals>
        size="small"
        loading={loading}
        pagination={false}
        rowKey={(r) => r.categoryId ?? 'none'}
        scroll={{ x: 'max-content' }}
        dataSource={[...rows].sort((a, b) => b.totalCents - a.totalCents)}
        locale={{ emptyText: <Empty description="Sin gastos en el periodo" /> }}
        columns={[
          { title: 'Categoría', key: 'name', render: (_, r) => r.name ?? 'Sin categoría' },
          { title: 'Facturas', dataIndex: 'count', key: 'count', align: 'right' },
          { title: 'Base', key: 'base', align: 'right', render: (_, r) => formatCents(r.baseCents) },
          { title: 'Total', key: 'total', align: 'right', render: (_, r) => formatCents(r.totalCents) },
          {
            title: 'Peso',
            key: 'share',
            width: 200,
            render: (_, r) => (
              <Progress
                percent={Math.round((Math.abs(r.totalCents) * 100) / max)}
                showInfo={false}
                size="small"
                aria-label={`Peso de ${r.name ?? 'Sin categoría'}`}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
