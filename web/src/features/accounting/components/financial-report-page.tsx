/**
 * /app/accounting/financial-report: 'Informe financiero' (spec part 2 §7 financial report and
 * balance validation; issue 18 item 4). The year's revenue, expense and result, the balance sheet's
 * masses (at the year's end, or today for the current year), the ratios (liquidity and solvency as
 * decimals, the rest as percentages, '—' when the denominator is zero) and the result month by
 * month; 'Validar balance' checks that debits equal credits and that the aggregates the reports
 * read agree with the entries.
 */
import type { BalanceValidation, FinancialReport } from '@shared/schemas/accounting';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { YearSelect } from '@web/components/year-select';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate } from '@web/lib/format';
import { spanishToday } from '@web/lib/spanish-today';
import { yearFrom } from '@web/lib/years';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Row,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useFinancialReport } from '../api/get-financial-report';
import { useValidateBalance } from '../api/validate-balance';
import { formatRatioDecimal, formatRatioPercent } from '../utils/ratios';
import { AccountingLoadError, toastFailure } from './accounting-error';
import { monthLabel } from './closing-page';

type Ratios = FinancialReport['ratios'];
type MonthRow = FinancialReport['monthly'][number];

/** The ratios in the order shown, each with how it is computed and how it is written. */
export const RATIO_ROWS: { key: keyof Ratios; label: string; help: string; percent: boolean }[] = [
  { key: 'liquidity', label: 'Liquidez', help: 'Activo corriente / Pasivo corriente', percent: false },
  { key: 'solvency', label: 'Solvencia', help: 'Activo total / Pasivo total', percent: false },
  { key: 'debtRatio', label: 'Endeudamiento', help: 'Pasivo total / Activo total', percent: true },
  {
    key: 'returnOnEquity',
    label: 'Rentabilidad financiera (ROE)',
    help: 'Resultado / Patrimonio neto',
    percent: true,
  },
  {
    key: 'returnOnAssets',
    label: 'Rentabilidad económica (ROA)',
    help: 'Resultado / Activo total',
    percent: true,
  },
  { key: 'netMargin', label: 'Margen neto', help: 'Resultado / Ingresos', percent: true },
];

const RESULT_COLORS = { profit: '#3f8600', loss: '#cf1322' };

export function FinancialReportPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Informe financiero" />
        <EmptyState description="Selecciona una empresa para ver su informe financiero." />
      </>
    );
  }
  return <FinancialReportContent companyId={companyId} />;
}

function FinancialReportContent({ companyId }: { companyId: string }) {
  const [params, setParams] = useSearchParams();
  const today = spanishToday();
  const thisYear = Number(today.slice(0, 4));
  const year = yearFrom(params.get('year'), thisYear);
  const report = useFinancialReport(year, companyId);

  return (
    <>
      <PageHeader
        title="Informe financiero"
        meta={<span>Resultados, masas patrimoniales y ratios del ejercicio {year}</span>}
        actions={
          <YearSelect
            thisYear={thisYear}
            value={year}
            onChange={(next) => setParams(next === thisYear ? {} : { year: String(next) })}
          />
        }
      />
      <Flex vertical gap={16}>
        {report.isPending ? (
          <LoadingBlock label="Cargando el informe financiero" />
        ) : report.isError ? (
          <AccountingLoadError
            title="Error obteniendo el informe financiero"
            error={report.error}
            onRetry={() => void report.refetch()}
          />
        ) : (
          <FinancialReportView report={report.data} />
        )}
        {/* Keyed by year: a check of another year's balance is not shown under this one. */}
        <BalanceCheck
          key={year}
          companyId={companyId}
          balanceDate={year < thisYear ? `${year}-12-31` : undefined}
        />
      </Flex>
    </>
  );
}

function Amount({ title, cents, colored = false }: { title: string; cents: number; colored?: boolean }) {
  return (
    <Card size="small">
      <Statistic
        title={title}
        value={formatCents(cents)}
        styles={
          colored ? { content: { color: cents < 0 ? RESULT_COLORS.loss : RESULT_COLORS.profit } } : undefined
        }
      />
    </Card>
  );
}

export function FinancialReportView({ report }: { report: FinancialReport }) {
  const columns: TableColumnsType<MonthRow> = [
    { title: 'Mes', key: 'month', render: (_, m) => monthLabel(m.month) },
    { title: 'Ingresos', key: 'revenue', align: 'right', render: (_, m) => formatCents(m.revenueCents) },
    { title: 'Gastos', key: 'expense', align: 'right', render: (_, m) => formatCents(m.expenseCents) },
    {
      title: 'Resultado',
      key: 'result',
      align: 'right',
      render: (_, m) => (
        <span style={m.resultCents < 0 ? { color: RESULT_COLORS.loss } : undefined}>
          {formatCents(m.resultCents)}
        </span>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={8}>
          <Amount title="Ingresos" cents={report.revenueCents} />
        </Col>
        <Col xs={12} lg={8}>
          <Amount title="Gastos" cents={report.expenseCents} />
        </Col>
        <Col xs={24} lg={8}>
          <Amount title="Resultado" cents={report.resultCents} colored />
        </Col>
        <Col xs={12} lg={8}>
          <Amount title="Activo total" cents={report.totalAssetsCents} />
        </Col>
        <Col xs={12} lg={8}>
          <Amount title="Patrimonio neto" cents={report.equityCents} />
        </Col>
        <Col xs={24} lg={8}>
          <Amount title="Pasivo" cents={report.liabilitiesCents} />
        </Col>
      </Row>
      <Card title="Ratios">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={RATIO_ROWS.map((r) => ({
            key: r.key,
            label: <span title={r.help}>{r.label}</span>,
            children: (
              <span data-testid={`ratio-${r.key}`}>
                {r.percent
                  ? formatRatioPercent(report.ratios[r.key])
                  : formatRatioDecimal(report.ratios[r.key])}
              </span>
            ),
          }))}
        />
      </Card>
      <Card title="Evolución mensual">
        <Table<MonthRow>
          aria-label="Resultado mensual"
          size="small"
          rowKey="month"
          columns={columns}
          dataSource={report.monthly}
          pagination={false}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>Total {report.year}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>{formatCents(report.revenueCents)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{formatCents(report.expenseCents)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <strong>{formatCents(report.resultCents)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>
    </Flex>
  );
}

/** 'Validar balance': asks the server to check the books at `balanceDate` (today when absent). */
function BalanceCheck({ companyId, balanceDate }: { companyId: string; balanceDate: string | undefined }) {
  const validation = useValidateBalance(companyId);
  return (
    <Card
      title="Validación del balance"
      extra={
        <Button
          loading={validation.isPending}
          onClick={() =>
            validation.mutate(balanceDate, { onError: (e) => toastFailure(e, 'Error validando el balance') })
          }
        >
          Validar balance
        </Button>
      }
    >
      {validation.data ? (
        <ValidationResult validation={validation.data} />
      ) : (
        <span>
          Comprueba que el debe y el haber cuadran
          {balanceDate ? ` a ${formatDate(balanceDate)}` : ' a hoy'} y que los saldos coinciden con los
          asientos.
        </span>
      )}
    </Card>
  );
}

export function ValidationResult({ validation }: { validation: BalanceValidation }) {
  return (
    <Flex vertical gap={12} role="region" aria-label="Resultado de la validación">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'date', label: 'Fecha', children: formatDate(validation.balanceDate) },
          {
            key: 'balanced',
            label: 'Cuadre',
            children: validation.isBalanced ? (
              <Tag color="success">Cuadrado</Tag>
            ) : (
              <Tag color="error">Descuadrado</Tag>
            ),
          },
          {
            key: 'aggregates',
            label: 'Saldos y asientos',
            children: validation.aggregatesMatchEntries ? (
              <Tag color="success">Coinciden</Tag>
            ) : (
              <Tag color="error">No coinciden</Tag>
            ),
          },
          { key: 'debit', label: 'Total Debe', children: formatCents(validation.totalDebitCents) },
          { key: 'credit', label: 'Total Haber', children: formatCents(validation.totalCreditCents) },
          {
            key: 'difference',
            label: 'Diferencia',
            children: (
              <span data-testid="validation-difference">{formatCents(validation.differenceCents)}</span>
            ),
          },
        ]}
      />
      {validation.issues.length === 0 ? (
        <Alert type="success" showIcon title="Sin incidencias" />
      ) : (
        validation.issues.map((issue) => (
          <Alert key={`${issue.code}-${issue.message}`} type="error" showIcon title={issue.message} />
        ))
      )}
    </Flex>
  );
}
