import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import type { CompanyEntry } from '@shared/schemas/companies';
import { EmptyState, LoadError } from '@web/components/load-states';
import { formatDate } from '@web/lib/format';
import { CLIENT_PERMISSION_LABELS } from '@web/lib/roles';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Alert, Button, Flex, Input, Popconfirm, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { USERS_PAGE_SIZE, useCompanyUsers } from '../api/get-company-users';
import { useRemoveUser } from '../api/remove-user';
import { useToggleUserStatus } from '../api/toggle-user-status';
import { COMPANY_ROLE_LABELS, type CompanyUser, USER_STATUS_LABELS } from '../types';
import { InviteUserModal } from './invite-user-modal';

const STATUS_COLORS = { ACTIVE: 'success', INACTIVE: 'default', INVITED: 'processing' } as const;

/**
 * The users of the selected company with search and paging. Owners, gestors and administrators
 * (`canManage`) invite, activate, deactivate and remove; everybody else reads.
 */
export function UsersTable({
  company,
  canManage,
  currentUserId,
}: {
  company: CompanyEntry;
  canManage: boolean;
  currentUserId: string;
}) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  // A new search starts again from the first page.
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search, page: next });
  const [inviting, setInviting] = useState(false);
  const users = useCompanyUsers(company.companyId, { page, search });
  const toggle = useToggleUserStatus(company.companyId);
  const remove = useRemoveUser(company.companyId);

  const name = (u: CompanyUser) => `${u.firstName} ${u.lastName}`.trim() || u.email;

  const columns: TableColumnsType<CompanyUser> = [
    {
      title: 'Nombre',
      key: 'name',
      render: (_, u) => (
        <Flex vertical>
          <strong>{name(u)}</strong>
          <span style={{ opacity: 0.75 }}>{u.email}</span>
        </Flex>
      ),
    },
    { title: 'Rol', key: 'role', render: (_, u) => COMPANY_ROLE_LABELS[u.companyRole] ?? u.companyRole },
    {
      title: 'Permisos',
      key: 'permissions',
      render: (_, u) =>
        u.companyRole === 'CLIENTE'
          ? u.permissions.length > 0
            ? u.permissions.map((p) => <Tag key={p}>{CLIENT_PERMISSION_LABELS[p]}</Tag>)
            : 'Ninguno'
          : 'Todos',
    },
    { title: 'Departamento', key: 'department', render: (_, u) => u.department ?? '—' },
    {
      title: 'Estado',
      key: 'status',
      render: (_, u) => <Tag color={STATUS_COLORS[u.status]}>{USER_STATUS_LABELS[u.status]}</Tag>,
    },
    { title: 'Alta', key: 'createdAt', render: (_, u) => formatDate(u.createdAt) },
    ...(canManage
      ? [
          {
            title: 'Acciones',
            key: 'actions',
            render: (_: unknown, u: CompanyUser) => {
              const userId = u.userId;
              if (!userId || userId === currentUserId) return null;
              return (
                <Flex gap={8} align="center">
                  <Switch
                    size="small"
                    checked={u.isActive}
                    aria-label={u.isActive ? `Desactivar a ${name(u)}` : `Activar a ${name(u)}`}
                    loading={toggle.isPending && toggle.variables?.userId === userId}
                    onChange={(isActive) =>
                      toggle.mutate(
                        { userId, isActive },
                        {
                          onSuccess: () =>
                            toast.success(isActive ? 'Usuario activado' : 'Usuario desactivado'),
                          onError: (error) =>
                            toast.fromError(error, { title: 'No se ha podido cambiar el estado' }),
                        },
                      )
                    }
                  />
                  <Popconfirm
                    title={`¿Quitar a ${name(u)} de ${company.name}?`}
                    okText="Quitar"
                    cancelText="Cancelar"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      remove.mutateAsync(userId).then(
                        () => toast.success('Usuario eliminado de la empresa'),
                        (error: unknown) =>
                          toast.fromError(error, { title: 'No se ha podido quitar al usuario' }),
                      )
                    }
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Quitar a ${name(u)}`}
                    />
                  </Popconfirm>
                </Flex>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      {canManage ? null : (
        <Alert
          type="info"
          showIcon
          title="Solo los propietarios y gestores de la empresa pueden gestionar sus usuarios."
        />
      )}
      <Flex wrap gap={12} justify="space-between">
        <Input
          aria-label="Buscar usuarios"
          placeholder="Buscar por nombre, email o departamento"
          prefix={<SearchOutlined />}
          allowClear
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          style={{ maxWidth: 360 }}
        />
        {canManage ? (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
            Invitar usuario
          </Button>
        ) : null}
      </Flex>
      {users.isError ? (
        <LoadError
          title="No se han podido cargar los usuarios"
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <Table<CompanyUser>
          rowKey={(u) => u.userId ?? `invited:${u.email}`}
          columns={columns}
          dataSource={users.data?.content ?? []}
          loading={users.isFetching}
          scroll={{ x: 900 }}
          locale={{
            emptyText: users.isPending ? (
              ' '
            ) : (
              <EmptyState
                description={search ? 'Ningún usuario coincide con la búsqueda' : 'No hay usuarios'}
              />
            ),
          }}
          pagination={{
            current: page + 1,
            pageSize: USERS_PAGE_SIZE,
            total: users.data?.totalElements ?? 0,
            showSizeChanger: false,
            showTotal: (total) => (total === 1 ? '1 usuario' : `${total} usuarios`),
          }}
          onChange={(pagination) => setPage((pagination.current ?? 1) - 1)}
        />
      )}
      {inviting ? (
        <InviteUserModal
          companyId={company.companyId}
          companyName={company.name}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </Flex>
  );
}
