/**
 * 'Mis usuarios' (/app/my-users): the people of the client's company (spec part 1 client menu: SL and
 * SA). A CLIENTE of another company type is told so without asking the server (which refuses it
 * too); nobody invites from here, the gestor does.
 */

import type { CompanyType } from '@shared/db/records';
import type { ClientUserView } from '@shared/schemas/client-profile';
import { hasMyUsers, MY_USERS_NOT_AVAILABLE } from '@shared/schemas/client-profile';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useClientUsers } from '../api/get-client-users';
import { CLIENT_PERMISSION_TAGS, COMPANY_ROLE_NAMES } from './client-profile';

const STATUS = {
  ACTIVE: { label: 'Activo', color: 'success' },
  INACTIVE: { label: 'Inactivo', color: 'default' },
} as const;

const columns: ColumnsType<ClientUserView> = [
  {
    key: 'name',
    title: 'Nombre',
    render: (_, u) => (
      <Flex gap={8} align="center">
        <span>{`${u.firstName} ${u.lastName}`.trim() || u.email}</span>
        {u.isYou ? <Tag color="blue">Tú</Tag> : null}
      </Flex>
    ),
  },
  { key: 'email', title: 'Email', dataIndex: 'email' },
  { key: 'role', title: 'Rol', render: (_, u) => COMPANY_ROLE_NAMES[u.companyRole] },
  {
    key: 'permissions',
    title: 'Permisos',
    render: (_, u) =>
      u.permissions === null ? (
        <Typography.Text type="secondary">Acceso completo</Typography.Text>
      ) : u.permissions.length === 0 ? (
        <Typography.Text type="secondary">Sin permisos</Typography.Text>
      ) : (
        <Flex wrap gap={4}>
          {u.permissions.map((p) => (
            <Tag key={p}>{CLIENT_PERMISSION_TAGS[p]}</Tag>
          ))}
        </Flex>
      ),
  },
  {
    key: 'status',
    title: 'Estado',
    render: (_, u) => <Tag color={STATUS[u.status].color}>{STATUS[u.status].label}</Tag>,
  },
];

export function MyUsers({
  companyId,
  companyType,
  isClient,
}: {
  companyId: string;
  /** The selected company's type; null while unknown (the server decides). */
  companyType: CompanyType | null;
  /** The caller is a CLIENTE of the company (staff see every company's people). */
  isClient: boolean;
}) {
  const unavailable = isClient && companyType !== null && !hasMyUsers(companyType);
  const users = useClientUsers(companyId, { enabled: !unavailable });
  return (
    <Flex vertical gap={16}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Mis usuarios</h1>
      {unavailable ? (
        <Alert type="info" showIcon title={MY_USERS_NOT_AVAILABLE} />
      ) : users.isPending ? (
        <LoadingBlock label="Cargando usuarios" />
      ) : users.isError ? (
        <LoadError
          title="No se han podido cargar los usuarios"
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : users.data.users.length === 0 ? (
        <EmptyState description="Tu empresa no tiene usuarios activos." />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Las personas con acceso a tu empresa en Cuadra. Para dar de alta a alguien o cambiar sus permisos,
            pídeselo a tu gestoría.
          </Typography.Paragraph>
          <Table<ClientUserView>
            rowKey="userId"
            columns={columns}
            dataSource={users.data.users}
            pagination={false}
            scroll={{ x: true }}
          />
        </>
      )}
    </Flex>
  );
}
