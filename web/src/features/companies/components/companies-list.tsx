import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { type CompanyEntry, companyTypeLabels } from '@shared/schemas/companies';
import { errorMessage } from '@web/lib/api-error';
import { formatDate } from '@web/lib/format';
import { setSelectedCompany, useSelectedCompany } from '@web/lib/session';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Button, Empty, Flex, Input, Result, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COMPANIES_PAGE_SIZE, useCompanies } from '../api/get-companies';

const columns: TableColumnsType<CompanyEntry> = [
  {
    title: 'Nombre',
    dataIndex: 'name',
    key: 'name',
    render: (name: string) => <strong>{name}</strong>,
  },
  { title: 'NIF', dataIndex: 'nif', key: 'nif' },
  {
    title: 'Tipo',
    dataIndex: 'companyType',
    key: 'companyType',
    render: (type: CompanyEntry['companyType']) => companyTypeLabels[type] ?? type,
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
    title: 'Fecha de alta',
    dataIndex: 'createdAt',
    key: 'createdAt',
    render: (createdAt: string) => formatDate(createdAt),
  },
];

/**
 * The user's companies: server-side paging and search (both kept in the URL, so the back button
 * and a shared link restore them), and the choice of the selected company.
 */
export function CompaniesList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromUrl(searchParams.get('page'));
  const search = searchParams.get('search') ?? '';
  const [searchText, setSearchText] = useSearchText(search, setSearchParams);

  const { data, error, isError, isPending, isFetching, refetch } = useCompanies({ page, search });
  useDefaultCompanySelection(data?.content);
  const selected = useSelectedCompany();

  const goToPage = (next: number) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next > 0) params.set('page', String(next + 1));
      else params.delete('page');
      return params;
    });

  return (
    <Flex vertical gap={16}>
      <Input
        aria-label="Buscar empresas"
        placeholder="Buscar por nombre o NIF"
        prefix={<SearchOutlined />}
        allowClear
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        style={{ maxWidth: 360 }}
      />
      {isError ? (
        <Result
          status="error"
          title="No se han podido cargar las empresas"
          subTitle={errorMessage(error)}
          extra={
            <Button type="primary" onClick={() => void refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : (
        <Table<CompanyEntry>
          rowKey="companyId"
          columns={columns}
          dataSource={data?.content ?? []}
          loading={isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: isPending ? ' ' : <Empty description="No hay empresas" /> }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: selected ? [selected.companyId] : [],
            onChange: (_keys, rows) => {
              if (rows[0]) setSelectedCompany(rows[0]);
            },
            getCheckboxProps: (company) => ({ 'aria-label': `Seleccionar ${company.name}` }),
          }}
          pagination={{
            current: page + 1,
            pageSize: COMPANIES_PAGE_SIZE,
            total: data?.totalElements ?? 0,
            showSizeChanger: false,
            showTotal: (total) => (total === 1 ? '1 empresa' : `${total} empresas`),
          }}
          onChange={(pagination) => goToPage((pagination.current ?? 1) - 1)}
        />
      )}
    </Flex>
  );
}

/** `?page=` is one-based for people; the API's page is zero-based. */
function pageFromUrl(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/**
 * The search box's text, written to `?search=` once typing pauses (which also goes back to the
 * first page), and reset when the URL changes under it (back and forward buttons).
 */
function useSearchText(
  search: string,
  setSearchParams: ReturnType<typeof useSearchParams>[1],
): [string, (text: string) => void] {
  const [text, setText] = useState(search);
  const debounced = useDebouncedValue(text.trim());
  const inUrl = useRef(search);

  useEffect(() => {
    if (debounced === inUrl.current) return;
    inUrl.current = debounced;
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (debounced) params.set('search', debounced);
        else params.delete('search');
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  }, [debounced, setSearchParams]);

  useEffect(() => {
    if (search === inUrl.current) return;
    inUrl.current = search;
    setText(search);
  }, [search]);

  return [text, setText];
}

/** Spec part 1 §4: with no company selected yet, the default one is; a stored one is kept fresh. */
function useDefaultCompanySelection(companies: CompanyEntry[] | undefined): void {
  const selected = useSelectedCompany();
  useEffect(() => {
    if (!companies) return;
    if (selected) {
      const current = companies.find((company) => company.companyId === selected.companyId);
      if (current && JSON.stringify(current) !== JSON.stringify(selected)) setSelectedCompany(current);
      return;
    }
    const byDefault = companies.find((company) => company.isDefault);
    if (byDefault) setSelectedCompany(byDefault);
  }, [companies, selected]);
}
