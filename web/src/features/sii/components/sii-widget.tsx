/**
 * The company dashboard's 'Estado SII' (spec part 3 §2: only when SII is enabled for the company;
 * the SII widget data of `GET sii.statistics`): the counts, the urgent deadlines and the problem
 * count, with loading, error ('Reintentar') and empty ('No hay datos disponibles') states. A user
 * without VIEW_TAX_DOCUMENTS (403) does not see it.
 *
 * No antd Typography or inputs here: the dashboard's chunk shares antd's input chunk with the
 * login page (see the VeriFacTu widget).
 */
import type { SiiStatistics } from '@shared/schemas/sii';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { isApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Card, Flex, Space, Tag } from 'antd';
import { useSiiStatistics } from '../api/get-statistics';
import { isUrgentDeadline } from '../utils/entries';
import { isSiiStatisticsEmpty, SII_COUNTS } from '../utils/stats';
import { UrgentTag } from './status-tags';

export function SiiWidget({ company }: { company: { companyId: string; siiEnabled?: boolean } }) {
  const query = useSiiStatistics({ period: 'CURRENT_MONTH' }, company.siiEnabled ? company.companyId : null);
  if (!company.siiEnabled) return null;
  if (query.isError && isApiError(query.error) && query.error.status === 403) return null;
  const stats = query.data;
  return (
    <Card
      title="Estado SII"
      aria-label="Estado SII"
      style={{ height: '100%' }}
      extra={<LinkButton to={paths.app.tax.sii}>Ver SII</LinkButton>}
    >
      {query.isPending ? (
        <LoadingBlock label="Cargando el estado SII" />
      ) : query.isError || !stats ? (
        <LoadError
          title="Error cargando estado SII"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : isSiiStatisticsEmpty(stats) ? (
        <EmptyState description="No hay datos disponibles" />
      ) : (
        <SiiWidgetContent stats={stats} />
      )}
    </Card>
  );
}

function SiiWidgetContent({ stats }: { stats: SiiStatistics }) {
  const urgent = stats.deadlines.filter((d) => d.urgent || isUrgentDeadline(d.daysUntilDeadline)).length;
  return (
    <Flex vertical gap={12}>
      <Space wrap aria-label="Registros SII por estado">
        {SII_COUNTS.map((count) => (
          <Tag key={count.key} color={stats[count.key] ? count.tag : undefined}>
            {count.title}: {stats[count.key] ?? 0}
          </Tag>
        ))}
      </Space>
      {urgent > 0 ? (
        <Flex gap={8} align="center" wrap>
          <UrgentTag />
          <span>
            {urgent === 1
              ? '1 registro vence en un día o menos.'
              : `${urgent} registros vencen en un día o menos.`}
          </span>
        </Flex>
      ) : null}
      {stats.problems.length > 0 ? (
        <span>
          {stats.problems.length === 1
            ? '1 factura con problemas en el SII.'
            : `${stats.problems.length} facturas con problemas en el SII.`}
        </span>
      ) : null}
    </Flex>
  );
}
