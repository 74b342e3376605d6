/**
 * The company's SII submissions (one SOAP exchange each), filtered by book, period (month) and
 * state, paged by the server; each opens its detail with the records and the archived XML.
 */
import type { SiiSubmission } from '@shared/schemas/sii';
import { LoadError } from '@web/components/load-states';
import { formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { SII_OPERATION_LABELS, SII_SUBMISSION_STATUS_LABELS, siiPeriodLabel } from '@web/lib/sii-labels';
import { PAGE_SIZES } from '@web/lib/use-url-list-state';
import { Button, DatePicker, Flex, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { type SiiSubmissionListParams, useSiiSubmissions } from '../api/get-submissions';
import { SII_SUBMISSION_STATUSES, type SiiFilters } from '../utils/filters';
import { BookTag, SubmissionStatusTag } from './status-tags';

export function SubmissionsTable({
  companyId,
  filters,
  page,
  size,
  setParams,
  goToPage,
}: {
  companyId: string;
  filters: SiiFilters;
  /** Zero-based. */
  page: number;
  size: number;
  setParams: (changes: Record<string, string | undefined>) => void;
  goToPage: (page: number, size: number) => void;
}) {
  const params: SiiSubmissionListParams = {
    page,
    size,
    book: filters.book,
    period: filters.month,
    status: filters.status,
  };
  const query = useSiiSubmissions(params, companyId);
  const filtered = Boolean(filters.book || filters.month || filters.status);

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap role="search" aria-label="Filtros de envíos">
        <DatePicker
          picker="month"
          format="MM/YYYY"
          placeholder="Periodo"
          aria-label="Periodo de los envíos"
          value={filters.month ? dayjs(`${filters.month}-01`) : null}
          onChange={(value) => setParams({ month: value ? value.format('YYYY-MM') : undefined })}
        />
        <Select
          allowClear
          placeholder="Estado del envío"
          aria-label="Estado del envío"
          style={{ minWidth: 190 }}
          value={filters.status}
          options={SII_SUBMISSION_STATUSES.map((s) => ({ value: s, label: SII_SUBMISSION_STATUS_LABELS[s] }))}
          onChange={(value?: string) => setParams({ status: value })}
          popupMatchSelectWidth={false}
        />
        {filters.month || filters.status ? (
          <Button type="link" onClick={() => setParams({ month: undefined, status: undefined })}>
            Quitar filtros
          </Button>
        ) : null}
      </Flex>
      {query.isError && !query.data ? (
        <LoadError
          title="No se han podido cargar los envíos al SII"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Table<SiiSubmission>
          rowKey="submissionId"
          size="small"
          loading={query.isFetching}
          dataSource={query.data?.content ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: query.isPending
              ? ' '
              : filtered
                ? 'Ningún envío coincide con los filtros.'
                : 'No hay datos disponibles',
          }}
          pagination={{
            current: page + 1,
            pageSize: size,
            total: query.data?.totalElements ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => `${total} ${total === 1 ? 'envío' : 'envíos'}`,
          }}
          onChange={(pagination) => goToPage((pagination.current ?? 1) - 1, pagination.pageSize ?? size)}
          columns={[
            {
              title: 'Enviado',
              key: 'sentAt',
              render: (_, s) => (
                <Link to={paths.app.tax.siiSubmission(s.submissionId)}>{formatDateTime(s.sentAt)}</Link>
              ),
            },
            { title: 'Libro', key: 'book', render: (_, s) => <BookTag book={s.book} /> },
            {
              title: 'Operación',
              key: 'operation',
              render: (_, s) => SII_OPERATION_LABELS[s.operation] ?? s.operation,
            },
            { title: 'Estado', key: 'status', render: (_, s) => <SubmissionStatusTag status={s.status} /> },
            { title: 'Registros', dataIndex: 'recordCount', align: 'right' },
            { title: 'Aceptados', dataIndex: 'acceptedCount', align: 'right' },
            { title: 'Con errores', dataIndex: 'acceptedWithErrorsCount', align: 'right' },
            { title: 'Rechazados', dataIndex: 'rejectedCount', align: 'right' },
            {
              title: 'Periodo',
              key: 'periods',
              render: (_, s) => (s.periods.length ? s.periods.map(siiPeriodLabel).join(', ') : '—'),
            },
            { title: 'CSV', dataIndex: 'csv', render: (v: string | null) => v ?? '—' },
          ]}
        />
      )}
    </Flex>
  );
}
