import { LoadError, LoadingBlock } from '@web/components/load-states';
import { UsersTable } from '@web/features/users/components/users-table';
import { useAuthUser } from '@web/lib/auth';
import { useCompanyMembership } from '@web/lib/company';
import { useSelectedCompany } from '@web/lib/session';
import { Flex } from 'antd';

/** /app/users: the users of the selected company. */
export default function UsersRoute() {
  const company = useSelectedCompany();
  const user = useAuthUser();
  const membership = useCompanyMembership();
  if (!company) return null;
  return (
    <Flex vertical gap={16}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Usuarios de {company.name}</h1>
      {membership.isPending ? (
        <LoadingBlock />
      ) : membership.isError ? (
        <LoadError
          title="No se ha podido comprobar tu acceso a la empresa"
          error={membership.error}
          onRetry={() => void membership.refetch()}
        />
      ) : (
        <UsersTable company={company} canManage={membership.data.canManage} currentUserId={user.userId} />
      )}
    </Flex>
  );
}
