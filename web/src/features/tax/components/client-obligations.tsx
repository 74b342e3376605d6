/**
 * /app/tax/obligations, 'Obligaciones de clientes' (issue 13 item 6; ADMIN and GESTOR): every
 * client's obligations of the next 7/30/60/90 days, and the overdue ones, with who answers for
 * each; filtered by model, status and client; exported to Excel with the same filters.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { PortfolioRow } from '@shared/schemas/tax';
import { TAX_MODELS, type TaxModel } from '@shared/schemas/tax-profile';
import { LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId, useSessionCompanies } from '@web/lib/company';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { daysLeftTone, TONE_COLORS } from '@web/lib/tax-api';
import { daysText, OBLIGATION_STATUS_LABELS } from '@web/lib/tax-labels';
import { toast } from '@web/lib/toast';
import { Alert, Button, Card, Flex, Grid, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useExportPortfolio } from '../api/export-portfolio';
import {
  PORTFOLIO_DAYS,
  type PortfolioFilters,
  type PortfolioStatus,
  usePortfolio,
} from '../api/get-portfolio';
import { ObligationStatusTag } from './obligation-status-tag';

const STATUSES: PortfolioStatus[] = [
  'PENDING',
  'OVERDUE',
  'MODEL_GENERATED',
  'SUBMITTED',
  'OBLIGATION_GENERATED',
];
const DEFAULT_DAYS = 30;

/** The filters in the URL (`?days=&model=&status=&client=`), so a shared link opens the same view. */
export function filtersFrom(params: URLSearchParams): PortfolioFilters {
  const days = Number(params.get('days'));
  const model = params.get('model');
  const status = params.get('status');
  return {
    days: (PORTFOLIO_DAYS as readonly number[]).includes(days) ? days : DEFAULT_DAYS,
    model: (TAX_MODELS as readonly string[]).includes(model ?? '') ? (model as TaxModel) : undefined,
    status: (STATUSES as string[]).includes(status ?? '') ? (status as PortfolioStatus) : undefined,
    companyId: params.get('client') || undefined,
  };
}

/** An overdue row may carry daysOverdue (days since the due date, as the overdue list answers). */
function Days({ row }: { row: PortfolioRow & { daysOverdue?: number } }) {
  if (row.status === 'OVERDUE') {
    const late = row.daysOverdue ?? -row.daysRemaining;
    return <Typography.Text type="danger">Vencida hace {daysText(Math.abs(late))}</Typography.Text>;
  }
  if (row.status !== 'PENDING') return <Typography.Text type="secondary">—</Typography.Text>;
  const tone = daysLeftTone(row.daysRemaining);
  return <span style={{ color: tone ? TONE_COLORS[tone] : undefined }}>{daysText(row.daysRemaining)}</span>;
}

function Responsible({ row }: { row: PortfolioRow }) {
  return row.responsible ? (
    <Flex vertical style={{ minWidth: 0 }}>
      <span>{row.responsible.name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.responsible.email}
      </Typography.Text>
    </Flex>
  ) : (
    <Typography.Text type="secondary">Sin asignar</Typography.Text>
  );
}

/** Shown at 576 px and wider; below, one column sums each row up (the table fits a phone). */
const WIDE = ['sm' as const];

const columns: TableColumnsType<PortfolioRow> = [
  {
    title: 'Obligación',
    key: 'summary',
    responsive: ['xs'],
    render: (_, row) => (
      <Flex vertical gap={2}>
        <Typography.Text strong>{row.companyName}</Typography.Text>
        <span>
          Modelo {row.modelType} · {row.periodLabel}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Vence el {formatDate(row.dueDate)}
          {row.paidByDomiciliation && row.domiciliationDueDate
            ? ` · domiciliado: presentar hasta el ${formatDate(row.domiciliationDueDate)}`
            : ''}
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          <ObligationStatusTag status={row.status} />
          <Days row={row} />
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Responsable: {row.responsible ? row.responsible.name : 'sin asignar'}
        </Typography.Text>
      </Flex>
    ),
  },
  // A long client name wraps, so every column fits beside the side menu at 1440 px.
  { title: 'Cliente', dataIndex: 'companyName', width: 200, responsive: WIDE },
  {
    title: 'Modelo',
    dataIndex: 'modelType',
    width: 80,
    responsive: WIDE,
    render: (_, row) => <Tag title={row.modelName}>{row.modelType}</Tag>,
  },
  { title: 'Periodo', dataIndex: 'periodLabel', width: 140, responsive: WIDE },
  {
    title: 'Vencimiento',
    dataIndex: 'dueDate',
    width: 130,
    responsive: WIDE,
    render: (_, row) => (
      <Flex vertical>
        <span>{formatDate(row.dueDate)}</span>
        {row.paidByDomiciliation && row.domiciliationDueDate ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Domiciliado: {formatDate(row.domiciliationDueDate)}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  { title: 'Días', key: 'days', width: 130, responsive: WIDE, render: (_, row) => <Days row={row} /> },
  {
    title: 'Estado',
    dataIndex: 'status',
    width: 110,
    responsive: WIDE,
    render: (_, row) => <ObligationStatusTag status={row.status} />,
  },
  {
    title: 'Responsable',
    key: 'responsible',
    width: 220,
    responsive: WIDE,
    render: (_, row) => <Responsible row={row} />,
  },
];

export function ClientObligations() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const query = usePortfolio(filters);
  const companies = useSessionCompanies();
  const companyId = useCompanyId();
  const exportXlsx = useExportPortfolio(companyId);
  const screens = Grid.useBreakpoint();

  const setFilter = (key: string, value: string | undefined) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (value) params.set(key, value);
        else params.delete(key);
        return params;
      },
      { replace: true },
    );

  const runExport = () =>
    exportXlsx.mutate(filters, {
      onSuccess: () => toast.success('Exportación descargada.'),
      onError: (error) => toast.fromError(error),
    });

  const data = query.data;
  return (
    <>
      <PageHeader
        title="Obligaciones de clientes"
        meta={
          data ? (
            <span>
              Del {formatDate(data.from)} al {formatDate(data.to)}, y las vencidas
            </span>
          ) : null
        }
        actions={
          <Button icon={<DownloadOutlined />} loading={exportXlsx.isPending} onClick={runExport}>
            Exportar a Excel
          </Button>
        }
      />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Select
            aria-label="Días"
            value={filters.days}
            style={{ width: 180 }}
            options={PORTFOLIO_DAYS.map((d) => ({ value: d, label: `Próximos ${d} días` }))}
            onChange={(value: number) =>
              setFilter('days', value === DEFAULT_DAYS ? undefined : String(value))
            }
          />
          <Select
            aria-label="Modelo"
            placeholder="Modelo"
            allowClear
            showSearch
            value={filters.model}
            style={{ width: 140 }}
            options={TAX_MODELS.map((m) => ({ value: m, label: `Modelo ${m}` }))}
            onChange={(value?: string) => setFilter('model', value)}
          />
          <Select
            aria-label="Estado"
            placeholder="Estado"
            allowClear
            value={filters.status}
            style={{ width: 180 }}
            options={STATUSES.map((s) => ({ value: s, label: OBLIGATION_STATUS_LABELS[s] }))}
            onChange={(value?: string) => setFilter('status', value)}
          />
          <Select
            aria-label="Cliente"
            placeholder="Cliente"
            allowClear
            showSearch
            optionFilterProp="label"
            value={filters.companyId}
            style={{ minWidth: 220 }}
            loading={companies.isPending}
            options={(companies.data?.content ?? []).map((c) => ({ value: c.companyId, label: c.name }))}
            onChange={(value?: string) => setFilter('client', value)}
          />
        </Flex>
        {data && data.companiesWithoutProfile.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            title={`${data.companiesWithoutProfile.length === 1 ? '1 cliente no tiene' : `${data.companiesWithoutProfile.length} clientes no tienen`} perfil fiscal: sus obligaciones no se pueden calcular.`}
            description={
              <Flex gap={8} wrap>
                {data.companiesWithoutProfile.map((c) => (
                  <Link key={c.companyId} to={paths.app.companyConfiguration(c.companyId, 'fiscal')}>
                    {c.name}
                  </Link>
                ))}
              </Flex>
            }
          />
        ) : null}
        {data?.truncated ? (
          <Alert
            type="info"
            showIcon
            title={`Se muestran las ${data.rows.length} obligaciones más urgentes de ${data.totalRows}. Filtra por modelo, estado o cliente, o exporta a Excel para verlas todas.`}
          />
        ) : null}
        <Card>
          {query.isError ? (
            <LoadError
              title="Error cargando las obligaciones de los clientes"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          ) : (
            <Table<PortfolioRow>
              rowKey={(row) => `${row.companyId}-${row.id}`}
              size="middle"
              columns={columns}
              dataSource={data?.rows ?? []}
              loading={query.isFetching}
              // The columns' widths; on a phone the one summary column needs no sideways scroll.
              scroll={screens.xs ? undefined : { x: 1010 }}
              pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: 'No hay datos disponibles' }}
            />
          )}
        </Card>
      </Flex>
    </>
  );
}
