/**
 * /app/tax/sii for the selected company (spec part 3 "SII dashboard", §9 SII; issue 16 item 7):
 * the counts, the books, the problem invoices (each opens its invoice in a new tab), the upcoming
 * deadlines ('Urgente' at one day or fewer) and the submissions, filtered by book and period (kept
 * in the URL), with 'Enviar pendientes' and the retries; the 'Libros' tab (`?tab=books`) lists the
 * records of one book and period and asks the AEAT about them. A company outside the SII gets what
 * the SII is and a way to its configuration.
 */
import type { SiiStatistics } from '@shared/schemas/sii';
import { SII_BOOKS, SII_STAT_PERIODS } from '@shared/schemas/sii';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { SII_BOOK_LABELS, SII_PERIOD_LABELS } from '@web/lib/sii-labels';
import { showToast } from '@web/lib/toast';
import { useUrlListState } from '@web/lib/use-url-list-state';
import { Button, Card, Col, Flex, Row, Select, Tabs } from 'antd';
import { bulkSubmitSummary, useBulkSubmitSii } from '../api/bulk-submit';
import { useSiiStatistics } from '../api/get-statistics';
import { SII_SUBMISSIONS_PAGE_SIZE } from '../api/get-submissions';
import { siiFiltersFrom } from '../utils/filters';
import { BooksTable } from './books-table';
import { SiiNotEnabled } from './not-enabled';
import { ProblemInvoices } from './problem-invoices';
import { SiiBooksTab } from './sii-books-tab';
import { SiiStatCards } from './stat-cards';
import { SubmissionsTable } from './submissions-table';
import { UpcomingDeadlines } from './upcoming-deadlines';

export function SiiDashboard() {
  const companyId = useCompanyId();
  const company = useSelectedCompany();
  if (!companyId) {
    return (
      <>
        <PageHeader title="SII" />
        <EmptyState description="Selecciona una empresa para ver su SII." />
      </>
    );
  }
  if (!company?.siiEnabled) {
    return (
      <>
        <PageHeader title="SII" meta={company ? <span>{company.name}</span> : null} />
        <SiiNotEnabled companyId={companyId} />
      </>
    );
  }
  return <SiiDashboardContent companyId={companyId} companyName={company.name} />;
}

function SiiDashboardContent({ companyId, companyName }: { companyId: string; companyName: string }) {
  const list = useUrlListState(SII_SUBMISSIONS_PAGE_SIZE);
  const filters = siiFiltersFrom(list.param);
  const stats = useSiiStatistics({ period: filters.period, book: filters.book }, companyId);
  const bulk = useBulkSubmitSii(companyId);
  const can = useCanCall();
  const tab = list.param('tab') === 'books' ? 'books' : 'summary';

  const sendPending = () =>
    bulk.mutate(filters.book ? { book: filters.book } : {}, {
      onSuccess: (answer) => showToast('success', bulkSubmitSummary(answer, filters.book)),
      onError: (e) => showToast('error', errorMessage(e)),
    });

  return (
    <>
      <PageHeader
        title="SII"
        meta={<span>{companyName} · Suministro Inmediato de Información del IVA</span>}
        actions={
          <>
            {can('sii.bulkSubmit') ? (
              <Button type="primary" loading={bulk.isPending} onClick={sendPending}>
                Enviar pendientes
              </Button>
            ) : null}
            <LinkButton to={paths.app.companySection(companyId, 'sii')}>Configuración SII</LinkButton>
          </>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => list.setParams({ tab: key === 'books' ? 'books' : undefined }, { keepPage: true })}
        items={[
          {
            key: 'summary',
            label: 'Resumen',
            children: (
              <Flex vertical gap={16}>
                <Flex gap={8} wrap role="search" aria-label="Filtros del SII">
                  <Select
                    aria-label="Periodo"
                    style={{ minWidth: 180 }}
                    value={filters.period}
                    options={SII_STAT_PERIODS.map((p) => ({ value: p, label: SII_PERIOD_LABELS[p] }))}
                    onChange={(value: string) =>
                      list.setParams({ period: value === 'CURRENT_MONTH' ? undefined : value })
                    }
                    popupMatchSelectWidth={false}
                  />
                  <Select
                    allowClear
                    aria-label="Libro"
                    placeholder="Todos los libros"
                    style={{ minWidth: 240 }}
                    value={filters.book}
                    options={SII_BOOKS.map((b) => ({ value: b, label: `${b} · ${SII_BOOK_LABELS[b]}` }))}
                    onChange={(value?: string) => list.setParams({ book: value })}
                    popupMatchSelectWidth={false}
                  />
                </Flex>

                {stats.isPending ? (
                  <LoadingBlock label="Cargando el estado del SII" />
                ) : stats.isError || !stats.data ? (
                  <LoadError
                    title="Error cargando estado SII"
                    error={stats.error}
                    onRetry={() => void stats.refetch()}
                  />
                ) : (
                  <StatisticsSections
                    stats={stats.data}
                    companyId={companyId}
                    canRetry={can('sii.retryEntry')}
                  />
                )}

                <Card title="Envíos al SII">
                  <SubmissionsTable
                    companyId={companyId}
                    filters={filters}
                    page={list.page}
                    size={list.size}
                    setParams={(changes) => list.setParams(changes)}
                    goToPage={list.goToPage}
                  />
                </Card>
              </Flex>
            ),
          },
          { key: 'books', label: 'Libros', children: <SiiBooksTab companyId={companyId} /> },
        ]}
      />
    </>
  );
}

function StatisticsSections({
  stats,
  companyId,
  canRetry,
}: {
  stats: SiiStatistics;
  companyId: string;
  canRetry: boolean;
}) {
  return (
    <>
      <SiiStatCards stats={stats} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="Libros registro" style={{ height: '100%' }}>
            <BooksTable books={stats.books} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Próximos vencimientos" style={{ height: '100%' }}>
            <UpcomingDeadlines deadlines={stats.deadlines} companyId={companyId} />
          </Card>
        </Col>
      </Row>
      <Card title="Facturas con problemas">
        <ProblemInvoices problems={stats.problems} companyId={companyId} canRetry={canRetry} />
      </Card>
    </>
  );
}
