/**
 * /app/accounting/closing: 'Cierre del ejercicio' (issue 18 item 3). The year's months, open or
 * closed (nothing is posted nor changed in a closed month: automatic entries of a closed month go
 * to the first open day), closed and reopened in order; the year closed with its regularisation
 * (groups 6 and 7 against 129), closing and opening entries, after a confirmation saying so, and
 * reopened (those three entries are removed).
 */
import type { AccountingPeriod, FiscalYearStatus } from '@shared/schemas/accounting';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { YearSelect } from '@web/components/year-select';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { spanishToday } from '@web/lib/spanish-today';
import { showToast } from '@web/lib/toast';
import { yearFrom } from '@web/lib/years';
import {
  Alert,
  Button,
  Card,
  Flex,
  Modal,
  Popconfirm,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useFiscalYear } from '../api/get-fiscal-year';
import { type PeriodCommand, usePeriodCommand } from '../api/period-actions';
import { AccountingLoadError, toastFailure } from './accounting-error';

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];
/** 'YYYY-MM' → 'Marzo 2026'. */
export const monthLabel = (period: string) =>
  `${MONTHS[Number(period.slice(5, 7)) - 1] ?? period} ${period.slice(0, 4)}`;

export function ClosingPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Cierre del ejercicio" />
        <EmptyState description="Selecciona una empresa para ver sus periodos contables." />
      </>
    );
  }
  return <ClosingContent companyId={companyId} />;
}

function ClosingContent({ companyId }: { companyId: string }) {
  const [params, setParams] = useSearchParams();
  const thisYear = Number(spanishToday().slice(0, 4));
  const year = yearFrom(params.get('year'), thisYear);
  const fiscalYear = useFiscalYear(year, companyId);

  return (
    <>
      <PageHeader
        title="Cierre del ejercicio"
        meta={<span>Cierre de meses, regularización y asientos de cierre y apertura</span>}
        actions={
          <YearSelect
            thisYear={thisYear}
            value={year}
            onChange={(next) => setParams(next === thisYear ? {} : { year: String(next) })}
          />
        }
      />
      {fiscalYear.isPending ? (
        <LoadingBlock label="Cargando los periodos" />
      ) : fiscalYear.isError ? (
        <AccountingLoadError
          title="Error obteniendo los periodos"
          error={fiscalYear.error}
          onRetry={() => void fiscalYear.refetch()}
        />
      ) : (
        <FiscalYear companyId={companyId} status={fiscalYear.data} />
      )}
    </>
  );
}

function FiscalYear({ companyId, status }: { companyId: string; status: FiscalYearStatus }) {
  const command = usePeriodCommand(companyId);
  const can = useCanCall();
  const [confirming, setConfirming] = useState<'close' | 'reopen' | null>(null);
  const year = status.fiscalYear;

  const run = (c: PeriodCommand, done: string, fallback: string, after?: () => void) =>
    command.mutate(c, {
      onSuccess: () => {
        showToast('success', done);
        after?.();
      },
      onError: (e) => toastFailure(e, fallback),
    });

  const columns: TableColumnsType<AccountingPeriod> = [
    { title: 'Mes', key: 'month', render: (_, p) => monthLabel(p.period) },
    {
      title: 'Estado',
      key: 'status',
      render: (_, p) =>
        p.status === 'CLOSED' ? <Tag color="default">Cerrado</Tag> : <Tag color="processing">Abierto</Tag>,
    },
    { title: 'Asientos', key: 'count', align: 'right', render: (_, p) => formatInteger(p.entryCount) },
    { title: 'Total Debe', key: 'debit', align: 'right', render: (_, p) => formatCents(p.totalDebitCents) },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, p) =>
        status.yearClosed ? null : p.status === 'OPEN' ? (
          can('accounting.closePeriod') ? (
            <Popconfirm
              title={`¿Cerrar ${monthLabel(p.period)}?`}
              description="Se cierran también los meses anteriores. No se podrán registrar ni modificar asientos en ellos."
              okText="Cerrar mes"
              cancelText="Cancelar"
              onConfirm={() =>
                run(
                  { kind: 'closePeriod', period: p.period },
                  `${monthLabel(p.period)} cerrado`,
                  'Error cerrando el periodo',
                )
              }
            >
              <Button size="small">Cerrar mes</Button>
            </Popconfirm>
          ) : null
        ) : can('accounting.reopenPeriod') ? (
          <Popconfirm
            title={`¿Reabrir ${monthLabel(p.period)}?`}
            description="Se reabren también los meses posteriores."
            okText="Reabrir mes"
            cancelText="Cancelar"
            onConfirm={() =>
              run(
                { kind: 'reopenPeriod', period: p.period },
                `${monthLabel(p.period)} reabierto`,
                'Error reabriendo el periodo',
              )
            }
          >
            <Button size="small">Reabrir mes</Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={32} wrap align="center" justify="space-between">
          <Flex gap={32} wrap align="center">
            <Statistic title={`Resultado ${year}`} value={formatCents(status.resultCents)} />
            <Flex vertical gap={4}>
              <span>Ejercicio {year}</span>
              {status.yearClosed ? <Tag color="default">Cerrado</Tag> : <Tag color="processing">Abierto</Tag>}
            </Flex>
          </Flex>
          <Flex gap={8} wrap>
            {status.yearClosed ? (
              <Link
                to={`${paths.app.accounting.journal}?${new URLSearchParams({ fromDate: `${year}-12-31`, toDate: `${year + 1}-01-01` })}`}
              >
                Ver asientos de cierre y apertura
              </Link>
            ) : null}
            {!status.yearClosed && can('accounting.closeYear') ? (
              <Button type="primary" onClick={() => setConfirming('close')}>
                Cerrar ejercicio
              </Button>
            ) : null}
            {status.yearClosed && can('accounting.reopenYear') ? (
              <Button onClick={() => setConfirming('reopen')}>Reabrir ejercicio</Button>
            ) : null}
          </Flex>
        </Flex>
      </Card>
      <Card title="Meses">
        <Table<AccountingPeriod>
          aria-label="Meses del ejercicio"
          size="small"
          rowKey="period"
          columns={columns}
          dataSource={status.periods}
          pagination={false}
        />
      </Card>
      <Modal
        open={confirming !== null}
        title={confirming === 'close' ? `Cerrar el ejercicio ${year}` : `Reabrir el ejercicio ${year}`}
        okText={confirming === 'close' ? 'Cerrar ejercicio' : 'Reabrir ejercicio'}
        cancelText="Cancelar"
        confirmLoading={command.isPending}
        onCancel={() => setConfirming(null)}
        onOk={() =>
          confirming === 'close'
            ? run(
                { kind: 'closeYear', year },
                `Ejercicio ${year} cerrado`,
                'Error cerrando el ejercicio',
                () => setConfirming(null),
              )
            : run(
                { kind: 'reopenYear', year },
                `Ejercicio ${year} reabierto`,
                'Error reabriendo el ejercicio',
                () => setConfirming(null),
              )
        }
      >
        {confirming === 'close' ? (
          <Flex vertical gap={8}>
            <span>Se registrarán tres asientos:</span>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              <li>
                <strong>Regularización</strong> a 31/12/{year}: las cuentas de gastos (grupo 6) e ingresos
                (grupo 7) se saldan contra la 129 «Resultado del ejercicio» ({formatCents(status.resultCents)}
                ).
              </li>
              <li>
                <strong>Cierre</strong> a 31/12/{year}: todas las cuentas con saldo quedan a cero.
              </li>
              <li>
                <strong>Apertura</strong> a 01/01/{year + 1}: los mismos saldos se abren en el ejercicio
                siguiente.
              </li>
            </ul>
            <Alert
              type="warning"
              showIcon
              title="Todos los meses del ejercicio quedarán cerrados: no se podrán registrar ni modificar asientos en ellos."
            />
          </Flex>
        ) : (
          <span>Se eliminarán los asientos de regularización, cierre y apertura del ejercicio {year}.</span>
        )}
      </Modal>
    </Flex>
  );
}
