/**
 * /app/accounting/balance: 'Balance de situación' (spec part 2 §3, §7, §9; issue 18 item 4). The
 * date (or one of the month ends offered by balance-dates), the period type (MONTHLY by default)
 * and the layout (PGC abreviado or PYMES); the legal model's lines; assets against equity and
 * liabilities by category, each account with its share; 'Cuadrado' / 'Descuadrado'; export.
 */
import {
  type BalanceSheet,
  PERIOD_TYPES,
  type PeriodType,
  STATEMENT_LAYOUTS,
  type StatementLayout,
} from '@shared/schemas/accounting';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { Card, Col, DatePicker, Flex, Row, Select, Statistic, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { useBalanceDates } from '../api/get-balance-dates';
import { useBalanceSheet } from '../api/get-balance-sheet';
import { AccountingLoadError } from './accounting-error';
import { BalanceSide } from './balance-categories';
import { ExportButtons } from './export-buttons';
import { StatementLines } from './statement-lines';

export const PERIOD_TYPE_LABELS: Record<PeriodType, string> = {
  MONTHLY: 'Mensual',
  QUARTERLY: 'Trimestral',
  YEARLY: 'Anual',
};
export const LAYOUT_LABELS: Record<StatementLayout, string> = {
  ABREVIADO: 'Abreviado',
  PYMES: 'PYMES',
};

export const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export function BalancePage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Balance de situación" />
        <EmptyState description="Selecciona una empresa para ver su balance." />
      </>
    );
  }
  return <BalanceContent companyId={companyId} />;
}

function BalanceContent({ companyId }: { companyId: string }) {
  const [params, setParams] = useSearchParams();
  const balanceDate = params.get('balanceDate') ?? undefined;
  // Spec part 2 §9: the default balance period is MONTHLY.
  const periodType = pick(params.get('periodType'), PERIOD_TYPES, 'MONTHLY');
  const layout = pick(params.get('layout'), STATEMENT_LAYOUTS, 'ABREVIADO');
  const set = (key: string, value: string | undefined) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const balance = useBalanceSheet({ balanceDate, periodType, layout }, companyId);
  const dates = useBalanceDates(companyId);

  return (
    <>
      <PageHeader
        title="Balance de situación"
        meta={balance.data ? <span>A {formatDate(balance.data.balanceDate)}</span> : null}
        actions={
          <ExportButtons
            companyId={companyId}
            exportOf={(format) => ({ kind: 'balanceSheet', body: { format, balanceDate, layout } })}
          />
        }
      />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap role="search" aria-label="Filtros del balance">
          <DatePicker
            aria-label="Fecha del balance"
            format={DATE_FORMAT}
            placeholder="Hoy"
            value={balanceDate ? dayjs(balanceDate) : null}
            onChange={(value) => set('balanceDate', value ? value.format('YYYY-MM-DD') : undefined)}
          />
          <Select
            allowClear
            aria-label="Cierres disponibles"
            placeholder="Cierres de mes"
            style={{ minWidth: 200 }}
            value={dates.data?.dates.some((d) => d.date === balanceDate) ? balanceDate : undefined}
            options={(dates.data?.dates ?? []).map((d) => ({ value: d.date, label: d.label }))}
            onChange={(value?: string) => set('balanceDate', value)}
            popupMatchSelectWidth={false}
          />
          <Select
            aria-label="Periodicidad"
            style={{ width: 140 }}
            value={periodType}
            options={PERIOD_TYPES.map((p) => ({ value: p, label: PERIOD_TYPE_LABELS[p] }))}
            onChange={(value: PeriodType) => set('periodType', value === 'MONTHLY' ? undefined : value)}
          />
          <Select
            aria-label="Modelo"
            style={{ width: 140 }}
            value={layout}
            options={STATEMENT_LAYOUTS.map((l) => ({ value: l, label: LAYOUT_LABELS[l] }))}
            onChange={(value: StatementLayout) => set('layout', value === 'ABREVIADO' ? undefined : value)}
          />
        </Flex>
        {balance.isPending ? (
          <LoadingBlock label="Cargando el balance" />
        ) : balance.isError ? (
          <AccountingLoadError
            title="Error obteniendo el balance"
            error={balance.error}
            onRetry={() => void balance.refetch()}
          />
        ) : (
          <BalanceView balance={balance.data} />
        )}
      </Flex>
    </>
  );
}

/** The figures of a balance sheet: totals, the legal lines and the two sides by category. */
export function BalanceView({
  balance,
  linkAccounts = true,
}: {
  balance: BalanceSheet;
  linkAccounts?: boolean;
}) {
  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title="Total activo" value={formatCents(balance.totalAssetsCents)} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic
              title="Patrimonio neto y pasivo"
              value={formatCents(balance.totalLiabilitiesAndEquityCents)}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title="Resultado del ejercicio" value={formatCents(balance.resultCents)} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Flex vertical gap={8}>
              <span>Cuadre</span>
              {balance.isBalanced ? (
                <Tag color="success">Cuadrado</Tag>
              ) : (
                <Tag color="error">Descuadrado</Tag>
              )}
            </Flex>
          </Card>
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'categories',
            label: 'Por masas patrimoniales',
            children: (
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={12}>
                  <BalanceSide
                    title="Activo"
                    totalCents={balance.assets.totalCents}
                    linkAccounts={linkAccounts}
                    sections={[
                      {
                        title: 'Activo no corriente',
                        categories: balance.assets.nonCurrent,
                        totalCents: balance.assets.nonCurrentTotalCents,
                      },
                      {
                        title: 'Activo corriente',
                        categories: balance.assets.current,
                        totalCents: balance.assets.currentTotalCents,
                      },
                    ]}
                  />
                </Col>
                <Col xs={24} xl={12}>
                  <BalanceSide
                    title="Patrimonio neto y pasivo"
                    totalCents={balance.totalLiabilitiesAndEquityCents}
                    linkAccounts={linkAccounts}
                    sections={[
                      {
                        title: 'Patrimonio neto',
                        categories: balance.equity.items,
                        totalCents: balance.equity.totalCents,
                      },
                      {
                        title: 'Pasivo no corriente',
                        categories: balance.liabilities.nonCurrent,
                        totalCents: balance.liabilities.nonCurrentTotalCents,
                      },
                      {
                        title: 'Pasivo corriente',
                        categories: balance.liabilities.current,
                        totalCents: balance.liabilities.currentTotalCents,
                      },
                    ]}
                  />
                </Col>
              </Row>
            ),
          },
          {
            key: 'lines',
            label: `Modelo ${LAYOUT_LABELS[balance.layout] ?? ''}`.trim(),
            children: <StatementLines lines={balance.lines} label="Partidas del balance" />,
          },
        ]}
      />
    </Flex>
  );
}
