import SearchOutlined from '@ant-design/icons/SearchOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import { COMPANY_ROLES } from '@shared/db/records';
import { PageHeader } from '@web/components/page-header';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { PAGE_SIZES, useUrlListState } from '@web/lib/use-url-list-state';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Select,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useCompany } from '../api/get-company';
import { useCompanyUserDepartments } from '../api/get-company-user-departments';
import { COMPANY_USERS_PAGE_SIZE, useCompanyUsers } from '../api/get-company-users';
import { useRemoveCompanyUser } from '../api/remove-company-user';
import { useToggleCompanyUserStatus } from '../api/toggle-company-user-status';
import type { CompanyRole, CompanyUser, CompanyUserStatus } from '../types';
import { useCompanyCan } from '../utils/company-access';
import { clientPermissionLabels, companyRoleLabels, companyUserStatusLabels } from '../utils/labels';
import { CompanyUserStats } from './company-user-stats';
import { EditUserModal, fullName } from './edit-user-modal';
import { InviteUserModal } from './invite-user-modal';
import { CompanyLoadError, LoadError } from './load-error';

type Member = CompanyUser & { userId: string };

const ROLE_FILTER = COMPANY_ROLES.map((value) => ({ value, label: companyRoleLabels[value] }));
/** The API filters by `isActive`: pending invitations are not active yet. */
const STATUS_FILTER = [
  { value: 'active', label: 'Activos' },
  { value: 'inactive', label: 'Inactivos e invitaciones pendientes' },
];
const FILTER_KEYS = ['role', 'status', 'department'];
const STATUS_COLORS: Record<CompanyUserStatus, string> = {
  ACTIVE: 'success',
  INACTIVE: 'default',
  INVITED: 'gold',
};

const isMember = (user: CompanyUser): user is Member => user.userId !== null;

/** /app/companies/:companyId/users: members and invitations; owners, gestores and admins manage them. */
export function CompanyUsers({ companyId }: { companyId: string }) {
  const company = useCompany(companyId);
  const can = useCompanyCan(company.data);

  if (company.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" aria-label="Cargando" />
      </Flex>
    );
  }
  if (company.isError) {
    return (
      <>
        <PageHeader title="Usuarios" back={{ to: paths.app.companies, label: 'Empresas' }} />
        <CompanyLoadError error={company.error} onRetry={() => void company.refetch()} />
      </>
    );
  }
  const { name } = company.data;
  // Every companyUsers route needs the 'manage' policy: others are told so, and nothing is asked.
  if (!can('companyUsers.list')) {
    return (
      <>
        <PageHeader title={`Usuarios de ${name}`} back={{ to: paths.app.company(companyId), label: name }} />
        <Alert
          type="info"
          showIcon
          title="Solo los propietarios y los gestores de la empresa pueden ver y gestionar sus usuarios."
        />
      </>
    );
  }
  return (
    <ManagedCompanyUsers
      companyId={companyId}
      name={name}
      canInvite={can('companyUsers.invite')}
      canChange={can('companyUsers.update')}
    />
  );
}

function ManagedCompanyUsers({
  companyId,
  name,
  canInvite,
  canChange,
}: {
  companyId: string;
  name: string;
  canInvite: boolean;
  canChange: boolean;
}) {
  const [inviting, setInviting] = useState(false);
  const departments = useCompanyUserDepartments(companyId);
  const departmentNames = departments.data ?? [];

  return (
    <>
      <PageHeader
        title={`Usuarios de ${name}`}
        back={{ to: paths.app.company(companyId), label: name }}
        actions={
          canInvite ? (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
              Invitar usuario
            </Button>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        <CompanyUserStats companyId={companyId} />
        <UsersTable
          companyId={companyId}
          canManage={canChange}
          departments={departmentNames}
          departmentsFailed={departments.isError}
        />
      </Flex>
      {canInvite ? (
        <InviteUserModal
          companyId={companyId}
          open={inviting}
          departments={departmentNames}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </>
  );
}

function UsersTable({
  companyId,
  canManage,
  departments,
  departmentsFailed,
}: {
  companyId: string;
  canManage: boolean;
  departments: string[];
  departmentsFailed: boolean;
}) {
  const list = useUrlListState(COMPANY_USERS_PAGE_SIZE);
  const role = list.param('role');
  const companyRole = COMPANY_ROLES.includes(role as CompanyRole) ? (role as CompanyRole) : undefined;
  const status = list.param('status');
  const department = list.param('department');
  const [editing, setEditing] = useState<Member | null>(null);

  const { data, error, isError, isPending, isFetching, refetch } = useCompanyUsers(companyId, {
    page: list.page,
    size: list.size,
    search: list.search,
    companyRole,
    isActive: status === 'active' ? true : status === 'inactive' ? false : undefined,
    department,
  });
  const toggle = useToggleCompanyUserStatus(companyId);
  const remove = useRemoveCompanyUser(companyId);

  const toggleStatus = (user: Member) =>
    toggle.mutate(
      { userId: user.userId, isActive: !user.isActive },
      {
        onSuccess: () =>
          toast.success(`Se ha ${user.isActive ? 'desactivado' : 'activado'} a ${fullName(user)}`),
        onError: (e) => toast.fromError(e),
      },
    );

  const removeUser = async (user: Member) => {
    try {
      await remove.mutateAsync(user.userId);
      toast.success(`${fullName(user)} ya no pertenece a la empresa`);
    } catch (e) {
      // The API refuses to remove the last active owner or gestor and says why.
      toast.fromError(e);
    }
  };

  const columns: TableColumnsType<CompanyUser> = [
    {
      title: 'Nombre',
      key: 'name',
      render: (_, user) => (
        <Flex vertical>
          <strong>{`${user.firstName} ${user.lastName}`.trim() || '—'}</strong>
          <span style={{ opacity: 0.7 }}>{user.email}</span>
        </Flex>
      ),
    },
    {
      title: 'Rol',
      dataIndex: 'companyRole',
      key: 'companyRole',
      render: (value: CompanyRole) => companyRoleLabels[value] ?? value,
    },
    {
      title: 'Permisos',
      key: 'permissions',
      render: (_, user) =>
        user.companyRole === 'CLIENTE' ? (
          user.permissions.length > 0 ? (
            <Flex gap={4} wrap>
              {user.permissions.map((p) => (
                <Tag key={p}>{clientPermissionLabels[p] ?? p}</Tag>
              ))}
            </Flex>
          ) : (
            'Ninguno'
          )
        ) : (
          'Todos'
        ),
    },
    {
      title: 'Departamento y puesto',
      key: 'department',
      render: (_, user) =>
        user.department || user.position ? (
          <Flex vertical>
            <span>{user.department || '—'}</span>
            {user.position ? <span style={{ opacity: 0.7 }}>{user.position}</span> : null}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: 'Estado',
      dataIndex: 'status',
      key: 'status',
      render: (value: CompanyUserStatus) => (
        <Tag color={STATUS_COLORS[value]}>{companyUserStatusLabels[value]}</Tag>
      ),
    },
    {
      title: 'Alta',
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (value: string) => formatDate(value),
    },
  ];
  if (canManage) {
    columns.push({
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      render: (_, user) =>
        isMember(user) ? (
          <Flex gap={8} wrap>
            <Button size="small" aria-label={`Editar a ${fullName(user)}`} onClick={() => setEditing(user)}>
              Editar
            </Button>
            <Button
              size="small"
              aria-label={`${user.isActive ? 'Desactivar' : 'Activar'} a ${fullName(user)}`}
              loading={toggle.isPending && toggle.variables?.userId === user.userId}
              onClick={() => toggleStatus(user)}
            >
              {user.isActive ? 'Desactivar' : 'Activar'}
            </Button>
            <Popconfirm
              title={`¿Quitar a ${fullName(user)} de la empresa?`}
              description="Perderá el acceso a los datos de la empresa."
              okText="Eliminar"
              cancelText="Cancelar"
              okButtonProps={{ danger: true }}
              onConfirm={() => removeUser(user)}
            >
              <Button size="small" danger aria-label={`Eliminar a ${fullName(user)}`}>
                Eliminar
              </Button>
            </Popconfirm>
          </Flex>
        ) : (
          <span style={{ opacity: 0.7 }}>Esperando activación</span>
        ),
    });
  }

  const filtered = list.isFiltered(FILTER_KEYS);

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Input
          aria-label="Buscar usuarios"
          placeholder="Buscar por nombre, email o departamento"
          prefix={<SearchOutlined />}
          allowClear
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          style={{ maxWidth: 320 }}
        />
        <Select
          aria-label="Filtrar por rol"
          placeholder="Todos los roles"
          allowClear
          value={companyRole}
          options={ROLE_FILTER}
          onChange={(value?: string) => list.setParams({ role: value })}
          style={{ minWidth: 160 }}
        />
        <Select
          aria-label="Filtrar por estado"
          placeholder="Todos los estados"
          allowClear
          value={status === 'active' || status === 'inactive' ? status : undefined}
          options={STATUS_FILTER}
          onChange={(value?: string) => list.setParams({ status: value })}
          style={{ minWidth: 200 }}
        />
        <Select
          aria-label="Filtrar por departamento"
          placeholder={departmentsFailed ? 'Departamentos no disponibles' : 'Todos los departamentos'}
          allowClear
          disabled={departmentsFailed}
          value={department}
          options={departments.map((value) => ({ value, label: value }))}
          onChange={(value?: string) => list.setParams({ department: value })}
          style={{ minWidth: 200 }}
        />
      </Flex>
      {isError ? (
        <LoadError
          title="No se han podido cargar los usuarios"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <Table<CompanyUser>
          rowKey={(user) => user.userId ?? `invitation:${user.email}`}
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
                  filtered ? 'No hay usuarios que coincidan con la búsqueda o los filtros' : 'No hay usuarios'
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
            showTotal: (total) => (total === 1 ? '1 usuario' : `${total} usuarios`),
          }}
          onChange={(pagination) =>
            list.goToPage((pagination.current ?? 1) - 1, pagination.pageSize ?? list.size)
          }
        />
      )}
      {editing ? (
        <EditUserModal
          companyId={companyId}
          user={editing}
          departments={departments}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
