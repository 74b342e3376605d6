/**
 * /app/accounting/income-statement: 'Cuenta de pérdidas y ganancias' (spec part 2 §7; issue 18
 * item 4). The period (from 1 January of the year by default), the PGC model's lines 1–19 with the
 * A)–D) results in bold, revenue, expense and the result; export.
 */
import { type IncomeStatement, STATEMENT_LAYOUTS, type StatementLayout } from '@shared/schemas/accounting';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate } from '@web/lib/format';
import { Card, Col, Flex, Row, Select, Statistic } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useIncomeStatement } from '../api/get-income-statement';
import { AccountingLoadError } from './accounting-error';
import { LAYOUT_LABELS, pick } from './balance-page';
import { DateRange } from './date-range';
import { ExportButtons } from './export-buttons';
import { StatementLines } from './statement-lines';

const RESULT_COLORS = { profit: '#3f8600', loss: '#cf1322' };

export function IncomeStatementPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Cuenta de pérdidas y ganancias" />
        <EmptyState description="Selecciona una empresa para ver su cuenta de resultados." />
      </>
    );
  }
  return <IncomeStatementContent companyId={companyId} />;
}

function IncomeStatementContent({ companyId }: { companyId: string }) {
  const [params, setParams] = useSearchParams();
  const fromDate = params.get('fromDate') ?? undefined;
  const toDate = params.get('toDate') ?? undefined;
  const layout = pick(params.get('layout'), STATEMENT_LAYOUTS, 'ABREVIADO');
  const set = (changes: Record<string, string | undefined>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const statement = useIncomeStatement({ fromDate, toDate, layout }, companyId);

  return (
    <>
      <PageHeader
        title="Cuenta de pérdidas y ganancias"
        meta={
          statement.data ? (
            <span>
              Del {formatDate(statement.data.fromDate)} al {formatDate(statement.data.toDate)}
            </span>
          ) : null
        }
        actions={
          <ExportButtons
            companyId={companyId}
            exportOf={(format) => ({ kind: 'incomeStatement', body: { format, fromDate, toDate, layout } })}
          />
        }
      />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap role="search" aria-label="Filtros de la cuenta de resultados">
          <DateRange
            from={fromDate}
            to={toDate}
            onChange={(from, to) => set({ fromDate: from, toDate: to })}
          />
          <Select
            aria-label="Modelo"
            style={{ width: 140 }}
            value={layout}
            options={STATEMENT_LAYOUTS.map((l) => ({ value: l, label: LAYOUT_LABELS[l] }))}
            onChange={(value: StatementLayout) => set({ layout: value === 'ABREVIADO' ? undefined : value })}
          />
        </Flex>
        {statement.isPending ? (
          <LoadingBlock label="Cargando la cuenta de resultados" />
        ) : statement.isError ? (
          <AccountingLoadError
            title="Error obteniendo la cuenta de resultados"
            error={statement.error}
            onRetry={() => void statement.refetch()}
          />
        ) : (
          <IncomeStatementView statement={statement.data} />
        )}
      </Flex>
    </>
  );
}

/** Revenue, expense, result and the legal lines of a P&L. */
export function IncomeStatementView({ statement }: { statement: IncomeStatement }) {
  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title="Ingresos" value={formatCents(statement.revenueCents)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title="Gastos" value={formatCents(statement.expenseCents)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title="Resultado del ejercicio"
              value={formatCents(statement.resultCents)}
              styles={{
                content: { color: statement.resultCents < 0 ? RESULT_COLORS.loss : RESULT_COLORS.profit },
              }}
            />
          </Card>
        </Col>
      </Row>
      <Card title="Cuenta de pérdidas y ganancias" size="small">
        <StatementLines lines={statement.lines} label="Partidas de la cuenta de resultados" />
      </Card>
    </Flex>
  );
}
