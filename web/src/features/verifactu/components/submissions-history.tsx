/**
 * /app/verifactu/history: every record's submission, filters and paging in the URL, row selection
 * → 'Enviar seleccionadas' (bulk submit of their invoices), the Excel export of the filtered list,
 * and the detail drawer (`?submission=`).
 */
import {
  RECORD_KINDS,
  type RecordKind,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  type SubmissionView,
  type VerifactuSubmission,
} from '@shared/schemas/verifactu';
import { EmptyState, LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents, formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { PAGE_SIZES, useUrlListState } from '@web/lib/use-url-list-state';
import { Button, DatePicker, Flex, Input, Select, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { bulkSubmitSummary, useBulkSubmit } from '../api/bulk-submit';
import { useExportSubmissions } from '../api/export-submissions';
import { SUBMISSIONS_PAGE_SIZE, type SubmissionListParams, useSubmissions } from '../api/get-submissions';
import { useCanManageVerifactu } from '../hooks/use-can-manage';
import { KIND_LABELS, OPERATION_LABELS, optionsOf, SUBMISSION_STATUS_LABELS } from '../utils/labels';
import { LinkButton } from './link-button';
import { SubmissionStatusTag } from './status-tag';
import { SubmissionDrawer } from './submission-drawer';

export const HISTORY_FILTER_KEYS = ['status', 'kind', 'from', 'to'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

export function SubmissionsHistory() {
  const companyId = useCompanyId();
  const canManage = useCanManageVerifactu(companyId);
  const list = useUrlListState(SUBMISSIONS_PAGE_SIZE);
  const status = oneOf<SubmissionStatus>(SUBMISSION_STATUSES, list.param('status'));
  const kind = oneOf<RecordKind>(RECORD_KINDS, list.param('kind'));
  const from = ISO_DATE.test(list.param('from') ?? '') ? list.param('from') : undefined;
  const to = ISO_DATE.test(list.param('to') ?? '') ? list.param('to') : undefined;
  const params: SubmissionListParams = useMemo(
    () => ({ page: list.page, size: list.size, status, kind, from, to, search: list.search || undefined }),
    [list.page, list.size, status, kind, from, to, list.search],
  );
  const query = useSubmissions(params, companyId);
  const exporter = useExportSubmissions(companyId);
  const bulk = useBulkSubmit(companyId);
  const [selected, setSelected] = useState<SubmissionView[]>([]);
  const openId = list.param('submission') ?? null;
  const filtered = list.isFiltered([...HISTORY_FILTER_KEYS]);

  if (!companyId) {
    return (
      <>
        <PageHeader title="Historial VeriFacTu" />
        <EmptyState description="Selecciona una empresa para ver sus envíos VeriFacTu." />
      </>
    );
  }

  const invoiceIds = [...new Set(selected.map((s) => s.invoiceId))];
  const sendSelected = () =>
    bulk.mutate(invoiceIds, {
      onSuccess: (answer) => {
        showToast('success', bulkSubmitSummary(answer, invoiceIds.length));
        setSelected([]);
      },
      onError: (e) => showToast('error', errorMessage(e)),
    });

  return (
    <>
      <PageHeader
        title="Historial VeriFacTu"
        back={{ to: paths.app.verifactu, label: 'VeriFacTu' }}
        actions={
          <>
            {canManage ? (
              <Button
                type="primary"
                disabled={invoiceIds.length === 0}
                loading={bulk.isPending}
                onClick={sendSelected}
              >
                Enviar seleccionadas{invoiceIds.length > 0 ? ` (${invoiceIds.length})` : ''}
              </Button>
            ) : null}
            <Button
              loading={exporter.isPending}
              onClick={() => exporter.mutate(params, { onError: (e) => showToast('error', errorMessage(e)) })}
            >
              Exportar a Excel
            </Button>
            <LinkButton to={paths.app.verifactu}>Estado VeriFacTu</LinkButton>
          </>
        }
      />

      <Flex gap={8} wrap style={{ marginBottom: 12 }} role="search" aria-label="Filtros de envíos">
        <Input.Search
          allowClear
          placeholder="Buscar por número de factura o cliente"
          aria-label="Buscar envíos"
          style={{ maxWidth: 300 }}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
        />
        <Select
          allowClear
          placeholder="Estado"
          aria-label="Estado"
          style={{ minWidth: 180 }}
          value={status}
          options={optionsOf(SUBMISSION_STATUS_LABELS)}
          onChange={(value?: string) => list.setParams({ status: value })}
          popupMatchSelectWidth={false}
        />
        <Select
          allowClear
          placeholder="Tipo de registro"
          aria-label="Tipo de registro"
          style={{ minWidth: 160 }}
          value={kind}
          options={optionsOf(KIND_LABELS)}
          onChange={(value?: string) => list.setParams({ kind: value })}
          popupMatchSelectWidth={false}
        />
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          aria-label="Fechas"
          placeholder={['Desde', 'Hasta']}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          onChange={(range) =>
            list.setParams({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
          }
        />
        {filtered ? (
          <Button
            type="link"
            onClick={() => {
              list.setSearchText('');
              list.setParams({
                status: undefined,
                kind: undefined,
                from: undefined,
                to: undefined,
                search: undefined,
              });
            }}
          >
            Quitar filtros
          </Button>
        ) : null}
      </Flex>

      {query.isError && !query.data ? (
        <LoadError
          title="No se han podido cargar los envíos VeriFacTu"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Table<SubmissionView>
          rowKey="recordId"
          loading={query.isFetching}
          dataSource={query.data?.content ?? []}
          scroll={{ x: true }}
          rowSelection={
            canManage
              ? {
                  selectedRowKeys: selected.map((s) => s.recordId),
                  onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                  preserveSelectedRowKeys: true,
                  getCheckboxProps: (s) => ({
                    disabled: s.kind !== 'ALTA',
                    'aria-label': `Seleccionar ${s.invoiceNumber}`,
                  }),
                }
              : undefined
          }
          locale={{
            emptyText: filtered
              ? 'Ningún envío coincide con los filtros.'
              : 'Todavía no hay registros VeriFacTu.',
          }}
          pagination={{
            current: params.page + 1,
            pageSize: params.size,
            total: query.data?.totalElements ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => `${total} ${total === 1 ? 'registro' : 'registros'}`,
          }}
          onChange={(pagination) =>
            list.goToPage((pagination.current ?? 1) - 1, pagination.pageSize ?? params.size)
          }
          columns={[
            { title: 'Nº', dataIndex: 'seq', width: 64 },
            {
              title: 'Factura',
              key: 'invoice',
              render: (_, s) => <Link to={paths.app.invoicing.invoice(s.invoiceId)}>{s.invoiceNumber}</Link>,
            },
            { title: 'Fecha', dataIndex: 'invoiceDate', render: (v: string) => formatDate(v) },
            { title: 'Cliente', dataIndex: 'customerName', render: (v: string | null) => v ?? '—' },
            {
              title: 'Importe',
              dataIndex: 'totalCents',
              align: 'right',
              render: (v: number) => formatCents(v),
            },
            {
              title: 'Registro',
              dataIndex: 'operation',
              render: (v: VerifactuSubmission['operation']) => OPERATION_LABELS[v] ?? v,
            },
            {
              title: 'Estado',
              key: 'status',
              render: (_, s) => <SubmissionStatusTag status={s.status} pendingReason={s.pendingReason} />,
            },
            {
              title: 'AEAT',
              key: 'aeat',
              render: (_, s) =>
                s.aeatCode || s.aeatMessage ? (
                  <Typography.Text ellipsis style={{ maxWidth: 260 }} title={s.aeatMessage ?? undefined}>
                    {[s.aeatCode, s.aeatMessage].filter(Boolean).join(': ')}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
            {
              title: 'Último intento',
              dataIndex: 'lastAttemptAt',
              render: (v: string | null) => (v ? formatDateTime(v) : '—'),
            },
            {
              title: '',
              key: 'open',
              render: (_, s) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => list.setParams({ submission: s.recordId }, { keepPage: true })}
                  aria-label={`Ver detalle de ${s.invoiceNumber}`}
                >
                  Detalle
                </Button>
              ),
            },
          ]}
        />
      )}

      <SubmissionDrawer
        submissionId={openId}
        companyId={companyId}
        canManage={canManage}
        onClose={() => list.setParams({ submission: undefined }, { keepPage: true })}
      />
    </>
  );
}
