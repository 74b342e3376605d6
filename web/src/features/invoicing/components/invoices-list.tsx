/**
 * Issued invoices (/app/admin/invoicing/income): server-side paging, sorting and filters kept in
 * the URL, the work listings as tabs, row selection with bulk actions, and the export of the
 * filtered list.
 */
import DownOutlined from '@ant-design/icons/DownOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  ALL_INVOICE_TYPES,
  INVOICE_STATUSES,
  type InvoiceWithPayments,
  PAYMENT_STATUSES,
  SII_STATUSES,
} from '@shared/schemas/invoices';
import { LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { toastError } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { PAGE_SIZES, useUrlListState } from '@web/lib/use-url-list-state';
import { Button, DatePicker, Dropdown, Flex, Input, Select, Table, Tabs } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useExportInvoices } from '../api/export-invoices';
import { useCustomerSearch } from '../api/get-customers';
import { INVOICES_PAGE_SIZE, type InvoiceView, invoiceListQuery, useInvoices } from '../api/get-invoices';
import {
  INVOICE_STATUS_LABELS,
  invoiceTypeShort,
  PAYMENT_STATUS_LABELS,
  SII_STATUS_LABELS,
} from '../utils/labels';
import { LIST_FILTER_KEYS, listParamsFromUrl, sortParam } from '../utils/list-params';
import { BulkActions } from './bulk-actions';
import { ImportDialog } from './import-dialog';
import { LinkButton } from './link-button';
import { LazySeriesManager } from './series-manager-launcher';
import { InvoiceStatusTag, PaymentStatusTag, paymentStatusOf, SiiStatusTag } from './status-tags';

const VIEW_TABS: { key: InvoiceView; label: string }[] = [
  { key: 'all', label: 'Todas' },
  { key: 'pendingConfirmation', label: 'Pendientes de confirmar' },
  { key: 'draftsPendingUserConfirmation', label: 'Borradores automáticos' },
  { key: 'confirmedPendingSii', label: 'Pendientes SII' },
];

const TYPE_OPTIONS = ALL_INVOICE_TYPES.map((t) => ({ value: t, label: `${t} · ${invoiceTypeShort(t)}` }));

export function InvoicesList() {
  const companyId = useCompanyId();
  const [searchParams] = useSearchParams();
  const list = useUrlListState(INVOICES_PAGE_SIZE);
  const params = useMemo(() => listParamsFromUrl(searchParams, INVOICES_PAGE_SIZE), [searchParams]);
  const query = useInvoices(params, companyId);
  const exporter = useExportInvoices(companyId);
  const can = useCanCall();
  const [selected, setSelected] = useState<string[]>([]);
  const [customerSearch, setCustomerSearch] = useState('');
  const [importOpen, setImportOpen] = useState(false);
  const [seriesOpen, setSeriesOpen] = useState(false);
  const customers = useCustomerSearch(useDebouncedValue(customerSearch), companyId);
  const [sortField, sortDir] = (params.sort ?? '').split(',');
  const order = (field: string) =>
    sortField === field ? (sortDir === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const filterSelect = (key: string, label: string, options: { value: string; label: string }[]) => (
    <Select
      allowClear
      placeholder={label}
      aria-label={label}
      style={{ minWidth: 170 }}
      value={list.param(key)}
      options={options}
      onChange={(value?: string) => list.setParams({ [key]: value })}
      popupMatchSelectWidth={false}
    />
  );

  return (
    <>
      <PageHeader
        title="Facturas emitidas"
        actions={
          <>
            {can('invoices.bulkCreate') ? (
              <LinkButton to={paths.app.invoicing.bulkOperations}>Operaciones masivas</LinkButton>
            ) : null}
            {can('invoices.importUpload') ? (
              <Button onClick={() => setImportOpen(true)}>Importar</Button>
            ) : null}
            <Dropdown
              menu={{
                items: [
                  { key: 'xlsx', label: 'Excel (XLSX)' },
                  { key: 'csv', label: 'CSV' },
                ],
                onClick: ({ key }) =>
                  exporter.mutate(
                    { format: key as 'xlsx' | 'csv', filters: invoiceListQuery(params) },
                    { onError: (e) => toastError(e) },
                  ),
              }}
            >
              <Button loading={exporter.isPending}>
                Exportar <DownOutlined />
              </Button>
            </Dropdown>
            {can('invoiceSeries.create') ? <Button onClick={() => setSeriesOpen(true)}>Series</Button> : null}
            {can('invoices.create') ? (
              <LinkButton type="primary" icon={<PlusOutlined />} to={paths.app.invoicing.invoiceCreate}>
                Nueva factura
              </LinkButton>
            ) : null}
          </>
        }
      />

      <Tabs
        activeKey={params.view}
        items={VIEW_TABS}
        onChange={(key) => {
          setSelected([]);
          list.setParams({ view: key === 'all' ? undefined : key });
        }}
      />

      <Flex gap={8} wrap style={{ marginBottom: 12 }} role="search" aria-label="Filtros de facturas">
        <Input.Search
          allowClear
          placeholder="Buscar por número, cliente o NIF"
          aria-label="Buscar facturas"
          style={{ maxWidth: 280 }}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
        />
        {filterSelect('type', 'Tipo', TYPE_OPTIONS)}
        {filterSelect(
          'status',
          'Estado',
          INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] })),
        )}
        {filterSelect(
          'paymentStatus',
          'Estado de cobro',
          PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] })),
        )}
        {filterSelect(
          'siiStatus',
          'Estado SII',
          SII_STATUSES.map((s) => ({ value: s, label: SII_STATUS_LABELS[s] })),
        )}
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          aria-label="Fechas"
          placeholder={['Desde', 'Hasta']}
          value={[params.from ? dayjs(params.from) : null, params.to ? dayjs(params.to) : null]}
          onChange={(range) =>
            list.setParams({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: setCustomerSearch }}
          placeholder="Cliente"
          aria-label="Cliente"
          style={{ minWidth: 200 }}
          value={params.customer}
          options={(customers.data?.content ?? []).map((c) => ({ value: c.customerId, label: c.name }))}
          onChange={(value?: string) => list.setParams({ customer: value })}
          popupMatchSelectWidth={false}
        />
        {list.isFiltered([...LIST_FILTER_KEYS]) ? (
          <Button
            type="link"
            onClick={() => {
              list.setSearchText('');
              list.setParams({
                ...Object.fromEntries(LIST_FILTER_KEYS.map((k) => [k, undefined])),
                search: undefined,
              });
            }}
          >
            Quitar filtros
          </Button>
        ) : null}
      </Flex>

      <BulkActions invoiceIds={selected} onStarted={() => setSelected([])} />
      {importOpen ? <ImportDialog open onClose={() => setImportOpen(false)} /> : null}
      <LazySeriesManager open={seriesOpen} onClose={() => setSeriesOpen(false)} />

      {query.isError && !query.data ? (
        <LoadError
          title="No se han podido cargar las facturas"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : (
        <Table<InvoiceWithPayments>
          rowKey="invoiceId"
          // Ten columns fit beside the side menu at 1440 px with the middle cell padding.
          size="middle"
          loading={query.isFetching}
          dataSource={query.data?.content ?? []}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            preserveSelectedRowKeys: true,
          }}
          locale={{
            emptyText: list.isFiltered([...LIST_FILTER_KEYS])
              ? 'Ninguna factura coincide con los filtros.'
              : 'Todavía no hay facturas emitidas.',
          }}
          pagination={{
            current: params.page + 1,
            pageSize: params.size,
            total: query.data?.totalElements ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => `${total} ${total === 1 ? 'factura' : 'facturas'}`,
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = sorter as SorterResult<InvoiceWithPayments>;
              list.setParams({ sort: sortParam(s.field as string | undefined, s.order) });
              return;
            }
            list.goToPage((pagination.current ?? 1) - 1, pagination.pageSize ?? params.size);
          }}
          columns={[
            {
              title: 'Número',
              dataIndex: 'invoiceNumber',
              key: 'invoiceNumber',
              sorter: true,
              sortOrder: order('invoiceNumber'),
              render: (_, inv) => (
                <Link to={paths.app.invoicing.invoice(inv.invoiceId)}>{inv.invoiceNumber ?? 'Borrador'}</Link>
              ),
            },
            {
              title: 'Fecha',
              dataIndex: 'invoiceDate',
              key: 'invoiceDate',
              sorter: true,
              sortOrder: order('invoiceDate'),
              render: (v: string) => formatDate(v),
            },
            // On a phone the table scrolls inside its card; the secondary columns wait for a wider screen.
            {
              title: 'Tipo',
              dataIndex: 'invoiceType',
              responsive: ['sm'],
              render: (t) => invoiceTypeShort(t),
            },
            {
              title: 'Cliente',
              key: 'customer',
              width: 240,
              render: (_, inv) => inv.customer?.name ?? '—',
            },
            {
              title: 'Base',
              key: 'base',
              responsive: ['md'],
              align: 'right',
              render: (_, inv) => formatCents(inv.totals.baseCents),
            },
            {
              title: 'Total',
              key: 'total',
              dataIndex: 'total',
              align: 'right',
              sorter: true,
              sortOrder: order('total'),
              render: (_, inv) => formatCents(inv.totals.totalCents),
            },
            { title: 'Estado', key: 'status', render: (_, inv) => <InvoiceStatusTag status={inv.status} /> },
            {
              title: 'Estado de cobro',
              key: 'paymentStatus',
              render: (_, inv) => {
                const s = paymentStatusOf(inv);
                return s ? <PaymentStatusTag status={s} /> : '—';
              },
            },
            {
              title: 'SII',
              key: 'sii',
              render: (_, inv) => (inv.siiStatus ? <SiiStatusTag status={inv.siiStatus} /> : '—'),
            },
          ]}
        />
      )}
    </>
  );
}
