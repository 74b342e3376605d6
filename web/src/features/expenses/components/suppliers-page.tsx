import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { formatIban } from '@shared/fiscal/iban';
import { type Supplier, supplierTaxIdText } from '@shared/schemas/expenses';
import { LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { toast } from '@web/lib/toast';
import { PAGE_SIZES, useUrlListState } from '@web/lib/use-url-list-state';
import { Button, Empty, Flex, Input, Popconfirm, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useExpenseCategories } from '../api/expense-categories';
import { SUPPLIERS_PAGE_SIZE, useDeleteSupplier, useSaveSupplier, useSuppliers } from '../api/suppliers';
import { fromSupplier, toSupplierBody } from '../utils/supplier-form-values';
import { NoCompany } from './no-company';
import { SupplierDrawer } from './supplier-drawer';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

/** /app/admin/invoicing/suppliers: the selected company's suppliers. */
export function SuppliersPage() {
  const companyId = useCompanyId();
  return companyId ? <SuppliersList companyId={companyId} /> : <NoCompany />;
}

export function SuppliersList({ companyId }: { companyId: string }) {
  const can = useCanCall();
  const list = useUrlListState(SUPPLIERS_PAGE_SIZE);
  const active = list.param('active');
  const { data, error, isError, isPending, isFetching, refetch } = useSuppliers(companyId, {
    page: list.page,
    size: list.size,
    search: list.search,
    active: active === 'true' ? true : active === 'false' ? false : undefined,
  });
  const categories = useExpenseCategories(companyId);
  const remove = useDeleteSupplier(companyId);
  const save = useSaveSupplier(companyId);
  const [editing, setEditing] = useState<{ supplier: Supplier | null } | null>(null);
  const categoryName = (id?: string) => categories.data?.find((c) => c.categoryId === id)?.name;

  const deactivate = (s: Supplier) =>
    remove.mutate(s.supplierId, {
      onSuccess: () => toast.success(`${s.name} se ha dado de baja.`),
      onError: (e) => toast.fromError(e),
    });
  const reactivate = (s: Supplier) =>
    save.mutate(
      { supplierId: s.supplierId, body: toSupplierBody({ ...fromSupplier(s), isActive: true }) },
      {
        onSuccess: () => toast.success(`${s.name} vuelve a estar activo.`),
        onError: (e) => toast.fromError(e),
      },
    );

  const columns: TableColumnsType<Supplier> = [
    {
      title: 'Nombre',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, s) => (
        <Flex vertical>
          <strong>{name}</strong>
          {s.tradeName ? <span style={{ opacity: 0.65 }}>{s.tradeName}</span> : null}
        </Flex>
      ),
    },
    { title: 'NIF / Id. fiscal', key: 'taxId', render: (_, s) => supplierTaxIdText(s.taxId) },
    { title: 'Email', dataIndex: 'email', key: 'email' },
    {
      title: 'IBAN',
      dataIndex: 'iban',
      key: 'iban',
      render: (iban?: string) => (iban ? formatIban(iban) : ''),
    },
    {
      title: 'Categoría por defecto',
      key: 'category',
      render: (_, s) => categoryName(s.defaultExpenseCategoryId) ?? '',
    },
    {
      title: 'Plazo de pago',
      dataIndex: 'paymentTermsDays',
      key: 'paymentTermsDays',
      render: (days: number) => `${days} días`,
    },
    {
      title: 'Estado',
      dataIndex: 'isActive',
      key: 'isActive',
      render: (isActive: boolean) => (isActive ? <Tag color="success">Activo</Tag> : <Tag>Inactivo</Tag>),
    },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      render: (_, s) =>
        !can('suppliers.update') ? null : (
          <Flex gap={8} wrap>
            <Button size="small" aria-label={`Editar ${s.name}`} onClick={() => setEditing({ supplier: s })}>
              Editar
            </Button>
            {s.isActive ? (
              <Popconfirm
                title="¿Dar de baja este proveedor?"
                description="Sus facturas se conservan; dejará de ofrecerse al registrar gastos."
                okText="Dar de baja"
                cancelText="Cancelar"
                onConfirm={() => deactivate(s)}
              >
                <Button size="small" danger aria-label={`Dar de baja ${s.name}`}>
                  Dar de baja
                </Button>
              </Popconfirm>
            ) : (
              <Button size="small" aria-label={`Reactivar ${s.name}`} onClick={() => reactivate(s)}>
                Reactivar
              </Button>
            )}
          </Flex>
        ),
    },
  ];

  const filtered = list.isFiltered(['active']);
  return (
    <>
      <PageHeader
        title="Proveedores"
        actions={
          can('suppliers.create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ supplier: null })}>
              Nuevo proveedor
            </Button>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Input
            aria-label="Buscar proveedores"
            placeholder="Buscar por nombre o NIF"
            prefix={<SearchOutlined />}
            allowClear
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
            style={{ maxWidth: 320 }}
          />
          <Select
            aria-label="Filtrar por estado"
            placeholder="Todos los estados"
            allowClear
            value={active === 'true' || active === 'false' ? active : undefined}
            options={STATUS_OPTIONS}
            onChange={(value?: string) => list.setParams({ active: value })}
            style={{ minWidth: 180 }}
          />
        </Flex>
        {isError ? (
          <LoadError
            title="No se han podido cargar los proveedores"
            error={error}
            onRetry={() => void refetch()}
          />
        ) : (
          <Table<Supplier>
            rowKey="supplierId"
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
                      ? 'No hay proveedores que coincidan con la búsqueda o los filtros'
                      : 'No hay proveedores'
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
              showTotal: (total) => (total === 1 ? '1 proveedor' : `${total} proveedores`),
            }}
            onChange={(pagination) =>
              list.goToPage((pagination.current ?? 1) - 1, pagination.pageSize ?? list.size)
            }
          />
        )}
      </Flex>
      <SupplierDrawer
        companyId={companyId}
        open={editing !== null}
        supplier={editing?.supplier ?? null}
        categories={categories.data ?? []}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
