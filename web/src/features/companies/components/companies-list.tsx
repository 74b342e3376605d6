import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { CompanyType } from '@shared/db/records';
import { type CompanyEntry, companyTypeLabels } from '@shared/schemas/companies';
import { PageHeader } from '@web/components/page-header';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { PAGE_SIZES, useUrlListState } from '@web/lib/use-url-list-state';
import {
  Button,
  Empty,
  Flex,
  Input,
  Select,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
  Tag,
} from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { Link } from 'react-router-dom';
import {
  COMPANIES_DEFAULT_SORT,
  COMPANIES_PAGE_SIZE,
  COMPANY_SORT_FIELDS,
  type CompanySortField,
  useCompanies,
} from '../api/get-companies';
import { useSetDefaultCompany } from '../api/set-default-company';
import { useCanCreateCompany } from '../hooks/use-can-create-company';
import { useSelectCompany } from '../hooks/use-select-company';
import { optionsOf } from '../utils/labels';
import { LinkButton } from './link-button';
import { LoadError } from './load-error';
import { ReportingTags } from './reporting-tags';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Activas' },
  { value: 'inactive', label: 'Inactivas' },
];
const FILTER_KEYS = ['type', 'status'];
/** Clicking a sorted column flips it instead of clearing it. */
const SORT_DIRECTIONS: SortOrder[] = ['ascend', 'descend', 'ascend'];

/**
 * The user's companies: server-side paging, search, filters and sort, all kept in the URL (the
 * back button and a shared link restore them); choosing the working company and the default one.
 */
export function CompaniesList() {
  const list = useUrlListState(COMPANIES_PAGE_SIZE);
  const companyType = asCompanyType(list.param('type'));
  const status = list.param('status');
  const sort = parseSort(list.param('sort'));

  const { data, error, isError, isPending, isFetching, refetch } = useCompanies({
    page: list.page,
    size: list.size,
    search: list.search,
    companyType,
    isActive: status === 'active' ? true : status === 'inactive' ? false : undefined,
    sort: sort ? `${sort.field},${sort.dir}` : undefined,
  });
  const canCreate = useCanCreateCompany();
  const { selectedId, select } = useSelectCompany();
  const setDefault = useSetDefaultCompany();

  const makeDefault = (company: CompanyEntry) =>
    setDefault.mutate(company.companyId, {
      onSuccess: () => toast.success(`${company.name} es ahora tu empresa predeterminada.`),
      onError: (e) => toast.fromError(e),
    });

  const sortOrder = (field: CompanySortField): SortOrder => {
    const current = sort ?? { field: 'createdAt', dir: 'desc' };
    if (current.field !== field) return null;
    return current.dir === 'asc' ? 'ascend' : 'descend';
  };

  const columns: TableColumnsType<CompanyEntry> = [
    {
      title: 'Nombre',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      sortDirections: SORT_DIRECTIONS,
      render: (name: string, company) => (
        <Link to={paths.app.company(company.companyId)}>
          <strong>{name}</strong>
        </Link>
      ),
    },
    {
      title: 'NIF',
      dataIndex: 'nif',
      key: 'nif',
      sorter: true,
      sortOrder: sortOrder('nif'),
      sortDirections: SORT_DIRECTIONS,
    },
    {
      title: 'Tipo',
      dataIndex: 'companyType',
      key: 'companyType',
      render: (type: CompanyType) => companyTypeLabels[type] ?? type,
    },
    {
      title: 'Estado',
      dataIndex: 'isActive',
      key: 'isActive',
      render: (active: boolean) => (active ? <Tag color="success">Activa</Tag> : <Tag>Inactiva</Tag>),
    },
    {
      title: 'Predeterminada',
      dataIndex: 'isDefault',
      key: 'isDefault',
      render: (isDefault: boolean) =>
        isDefault ? <Tag color="blue">Sí</Tag> : <span style={{ opacity: 0.65 }}>No</span>,
    },
    {
      title: 'SII / VeriFacTu',
      key: 'reporting',
      render: (_, company) => <ReportingTags company={company} />,
    },
    {
      title: 'Fecha de alta',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      sortDirections: SORT_DIRECTIONS,
      render: (createdAt: string) => formatDate(createdAt),
    },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      render: (_, company) => (
        <Flex gap={8} wrap>
          {selectedId === company.companyId ? (
            <Tag color="processing">Seleccionada</Tag>
          ) : (
            <Button size="small" aria-label={`Seleccionar ${company.name}`} onClick={() => select(company)}>
              Seleccionar
            </Button>
          )}
          {company.isDefault ? null : (
            <Button
              size="small"
              aria-label={`Predeterminar ${company.name}`}
              loading={setDefault.isPending && setDefault.variables === company.companyId}
              disabled={setDefault.isPending && setDefault.variables !== company.companyId}
              onClick={() => makeDefault(company)}
            >
              Predeterminar
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<CompanyEntry> | SorterResult<CompanyEntry>[],
    extra: { action: string },
  ) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.order ? String(one.columnKey) : undefined;
      const value = field ? `${field},${one?.order === 'ascend' ? 'asc' : 'desc'}` : undefined;
      list.setParams({ sort: value === COMPANIES_DEFAULT_SORT ? undefined : value });
      return;
    }
    list.goToPage((pagination.current ?? 1) - 1, pagination.pageSize ?? list.size);
  };

  const filtered = list.isFiltered(FILTER_KEYS);

  return (
    <>
      <PageHeader
        title="Empresas"
        actions={
          canCreate ? (
            <LinkButton type="primary" icon={<PlusOutlined />} to={paths.app.companyCreate}>
              Nueva empresa
            </LinkButton>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Input
            aria-label="Buscar empresas"
            placeholder="Buscar por nombre o NIF"
            prefix={<SearchOutlined />}
            allowClear
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
            style={{ maxWidth: 320 }}
          />
          <Select
            aria-label="Filtrar por tipo"
            placeholder="Todos los tipos"
            allowClear
            value={companyType}
            options={optionsOf(companyTypeLabels)}
            onChange={(value?: string) => list.setParams({ type: value })}
            style={{ minWidth: 200 }}
          />
          <Select
            aria-label="Filtrar por estado"
            placeholder="Todos los estados"
            allowClear
            value={status === 'active' || status === 'inactive' ? status : undefined}
            options={STATUS_OPTIONS}
            onChange={(value?: string) => list.setParams({ status: value })}
            style={{ minWidth: 180 }}
          />
        </Flex>
        {isError ? (
          <LoadError
            title="No se han podido cargar las empresas"
            error={error}
            onRetry={() => void refetch()}
          />
        ) : (
          <Table<CompanyEntry>
            rowKey="companyId"
            columns={columns}
            dataSource={data?.content ?? []}
            loading={isFetching}
            scroll={{ x: 'max-content' }}
            showSorterTooltip={false}
            locale={{
              emptyText: isPending ? (
                ' '
              ) : (
                <Empty
                  description={
                    filtered
                      ? 'No hay empresas que coincidan con la búsqueda o los filtros'
                      : 'No hay empresas'
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
              showTotal: (total) => (total === 1 ? '1 empresa' : `${total} empresas`),
            }}
            onChange={onTableChange}
          />
        )}
      </Flex>
    </>
  );
}

const asCompanyType = (value: string | undefined): CompanyType | undefined =>
  value && value in companyTypeLabels ? (value as CompanyType) : undefined;

/** `?sort=name,asc`; an unknown field or direction is ignored (the API's default applies). */
function parseSort(value: string | undefined): { field: CompanySortField; dir: 'asc' | 'desc' } | undefined {
  const [field, dir] = (value ?? '').split(',');
  if (!COMPANY_SORT_FIELDS.includes(field as CompanySortField)) return undefined;
  if (dir !== 'asc' && dir !== 'desc') return undefined;
  return { field: field as CompanySortField, dir };
}
