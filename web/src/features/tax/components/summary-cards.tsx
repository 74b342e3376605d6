/**
 * The dashboard's summary: overdue obligations, pending within 30 days (`taxObligations.summary`,
 * 'Error cargando resumen fiscal') and the next obligation with its days left coloured (spec part 2
 * §9: red at 7 or less, yellow at 30 or less). On a phone the two counts sit side by side.
 */
import type { ObligationsSummary, UpcomingObligation } from '@shared/schemas/tax';
import { LoadError } from '@web/components/load-states';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { TONE_COLORS } from '@web/lib/tax-api';
import { Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { DaysLeft } from './obligation-list';

interface Query<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function SummaryCards({
  summary,
  upcoming,
}: {
  summary: Query<ObligationsSummary>;
  upcoming: Query<UpcomingObligation[]>;
}) {
  const data = summary.data;
  return (
    <Row gutter={[16, 16]}>
      {summary.isError ? (
        <Col xs={24} lg={16}>
          <LoadError
            title="Error cargando resumen fiscal"
            error={summary.error}
            onRetry={() => void summary.refetch()}
          />
        </Col>
      ) : (
        <>
          <Col xs={12} lg={8}>
            <Card aria-label="Obligaciones vencidas" style={{ height: '100%' }}>
              {summary.isPending || !data ? (
                <Skeleton active paragraph={{ rows: 1 }} />
              ) : (
                <>
                  <Statistic
                    title="Vencidas"
                    value={data.overdueObligations}
                    styles={{
                      content: {
                        color: data.overdueObligations > 0 ? TONE_COLORS.danger : TONE_COLORS.success,
                      },
                    }}
                  />
                  <Link to={paths.app.tax.calendarFiltered('overdue')}>Ver vencidas</Link>
                </>
              )}
            </Card>
          </Col>
          <Col xs={12} lg={8}>
            <Card aria-label="Pendientes en 30 días" style={{ height: '100%' }}>
              {summary.isPending || !data ? (
                <Skeleton active paragraph={{ rows: 1 }} />
              ) : (
                <>
                  <Statistic title="Pendientes en 30 días" value={data.upcomingObligations} />
                  <Link to={paths.app.tax.calendarFiltered('pending')}>Ver pendientes</Link>
                </>
              )}
            </Card>
          </Col>
        </>
      )}
      <Col xs={24} lg={8}>
        <Card aria-label="Próxima obligación" style={{ height: '100%' }}>
          <NextObligation upcoming={upcoming} />
        </Card>
      </Col>
    </Row>
  );
}

function NextObligation({ upcoming }: { upcoming: Query<UpcomingObligation[]> }) {
  const title = <Typography.Text type="secondary">Próxima obligación</Typography.Text>;
  if (upcoming.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  // The list beside it shows the error with 'Reintentar'.
  if (upcoming.isError || !upcoming.data) {
    return (
      <Flex vertical gap={4}>
        {title}
        <Typography.Text type="secondary">No disponible</Typography.Text>
      </Flex>
    );
  }
  const next = [...upcoming.data].sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.daysRemaining - b.daysRemaining,
  )[0];
  if (!next) {
    return (
      <Flex vertical gap={4}>
        {title}
        <Typography.Text>Sin obligaciones en los próximos 30 días</Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={4}>
      {title}
      <Typography.Text strong style={{ fontSize: 18 }}>
        Modelo {next.modelType} · {next.periodLabel}
      </Typography.Text>
      <Typography.Text type="secondary">Vence el {formatDate(next.dueDate)}</Typography.Text>
      <DaysLeft days={next.daysRemaining} />
    </Flex>
  );
}
