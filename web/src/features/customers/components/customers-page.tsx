/**
 * Clientes (issue 10 item 6): the company's customers, searched by name or NIF, active or not;
 * create, edit and deactivate them, and see each one's invoices. `?edit={customerId}` opens a
 * customer's edit drawer (the invoice confirmation links here when the customer's address is missing).
 */
import type { Customer } from '@shared/schemas/customers';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Alert, Button, Flex, Input, Modal, Popconfirm, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CUSTOMERS_PAGE_SIZE, useCustomer, useCustomers, useDeactivateCustomer } from '../api/customers';
import { VAT_TREATMENT_LABELS } from '../utils/customer-form-values';
import { CustomerDrawer } from './customer-drawer';
import { CustomerInvoices } from './customer-invoices';

type ActiveFilter = 'active' | 'inactive' | 'all';
const ACTIVE_OF: Record<ActiveFilter, boolean | undefined> = {
  active: true,
  inactive: false,
  all: undefined,
};

const taxIdText = (c: Customer) =>
  typeof c.taxId === 'string' ? c.taxId : `${c.taxId.value} (${c.taxId.country})`;

export function CustomersPage() {
  const companyId = useCompanyId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<ActiveFilter>('active');
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [invoicesOf, setInvoicesOf] = useState<Customer | null>(null);
  const debounced = useDebouncedValue(search);
  const list = useCustomers(companyId, { page, search: debounced, active: ACTIVE_OF[active] });
  const deactivate = useDeactivateCustomer(companyId);
  const canCreate = useCan('customers.create');
  const canUpdate = useCan('customers.update');
  // A link to ?edit= (the invoice confirmation's fix) opens the form only for who may save it.
  const editId = canUpdate ? (searchParams.get('edit') ?? undefined) : undefined;
  const editing = useCustomer(companyId, editId);
  const canDelete = useCan('customers.delete');

  const closeEdit = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('edit');
    setSearchParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Clientes"
        actions={
          canCreate ? (
            <Button type="primary" onClick={() => setCreating(true)}>
              Nuevo cliente
            </Button>
          ) : null
        }
      />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Busca por nombre o NIF"
          aria-label="Buscar clientes"
          style={{ maxWidth: 360 }}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
        <Segmented<ActiveFilter>
          value={active}
          onChange={(v) => {
            setActive(v);
            setPage(0);
          }}
          options={[
            { value: 'active', label: 'Activos' },
            { value: 'inactive', label: 'Inactivos' },
            { value: 'all', label: 'Todos' },
          ]}
        />
      </Flex>
      {list.isError ? (
        <Alert type="error" showIcon title="No se han podido cargar los clientes." />
      ) : (
        <Table<Customer>
          rowKey="customerId"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.content ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: debounced ? 'Ningún cliente coincide con la búsqueda.' : 'Aún no hay clientes.',
          }}
          pagination={{
            current: page + 1,
            pageSize: CUSTOMERS_PAGE_SIZE,
            total: list.data?.totalElements ?? 0,
            showSizeChanger: false,
            onChange: (p) => setPage(p - 1),
          }}
          columns={[
            // Name and actions wrap, so every column fits beside the side menu at 1440 px.
            { title: 'Nombre', dataIndex: 'name', width: 200 },
            { title: 'NIF', key: 'taxId', render: (_, c) => taxIdText(c) },
            { title: 'Población', key: 'city', responsive: ['md'], render: (_, c) => c.address.city || '—' },
            { title: 'E-mail', dataIndex: 'email', responsive: ['lg'], render: (v?: string) => v || '—' },
            {
              title: 'IVA',
              dataIndex: 'vatTreatment',
              responsive: ['lg'],
              render: (v: Customer['vatTreatment']) => VAT_TREATMENT_LABELS[v] ?? v,
            },
            {
              title: 'Estado',
              dataIndex: 'isActive',
              render: (v: boolean) => (v ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>),
            },
            {
              title: 'Acciones',
              key: 'actions',
              width: 170,
              render: (_, c) => (
                <Flex gap={4} wrap>
                  <Button size="small" onClick={() => setInvoicesOf(c)} aria-label={`Facturas de ${c.name}`}>
                    Facturas
                  </Button>
                  {canUpdate ? (
                    <Button
                      size="small"
                      onClick={() => setSearchParams({ edit: c.customerId })}
                      aria-label={`Editar ${c.name}`}
                    >
                      Editar
                    </Button>
                  ) : null}
                  {canDelete && c.isActive ? (
                    <Popconfirm
                      title={`¿Desactivar a ${c.name}?`}
                      description="No se ofrecerá en las facturas nuevas; sus facturas no cambian."
                      okText="Desactivar"
                      cancelText="No"
                      onConfirm={() =>
                        deactivate.mutateAsync(c.customerId).then(
                          () => toast.success('Cliente desactivado.'),
                          (e) => toast.fromError(e),
                        )
                      }
                    >
                      <Button size="small" danger aria-label={`Desactivar ${c.name}`}>
                        Desactivar
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      )}
      {creating ? (
        <CustomerDrawer companyId={companyId} customer={null} onClose={() => setCreating(false)} />
      ) : null}
      {editId && editing.data ? (
        <CustomerDrawer key={editId} companyId={companyId} customer={editing.data} onClose={closeEdit} />
      ) : null}
      {editId && editing.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title="El cliente no existe en la empresa seleccionada."
        />
      ) : null}
      <Modal
        open={invoicesOf !== null}
        title={invoicesOf ? `Facturas de ${invoicesOf.name}` : ''}
        footer={null}
        width={760}
        onCancel={() => setInvoicesOf(null)}
        destroyOnHidden
      >
        {invoicesOf ? <CustomerInvoices companyId={companyId} customerId={invoicesOf.customerId} /> : null}
      </Modal>
    </>
  );
}
