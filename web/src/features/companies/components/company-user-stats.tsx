import { errorMessage } from '@web/lib/api-error';
import { Alert, Button, Card, Col, Row, Statistic } from 'antd';
import { useCompanyUserStats } from '../api/get-company-user-stats';

const CARDS = [
  { key: 'total', title: 'Usuarios' },
  { key: 'active', title: 'Activos' },
  { key: 'inactive', title: 'Inactivos' },
  { key: 'invited', title: 'Invitaciones pendientes' },
] as const;

/** Four counters above the users table. */
export function CompanyUserStats({ companyId }: { companyId: string }) {
  const { data, error, isError, isPending, refetch } = useCompanyUserStats(companyId);
  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="No se han podido cargar las estadísticas de usuarios"
        description={errorMessage(error)}
        action={
          <Button size="small" onClick={() => void refetch()}>
            Reintentar
          </Button>
        }
      />
    );
  }
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map(({ key, title }) => (
        <Col key={key} xs={12} md={6}>
          <Card size="small" loading={isPending}>
            <Statistic title={title} value={data?.[key] ?? 0} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
