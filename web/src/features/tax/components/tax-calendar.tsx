/**
 * /app/tax/calendar, 'Calendario fiscal' (issue 13 item 7): the selected company's AEAT
 * obligations of a year, by due date, as a month (antd Calendar) or a list (antd Table) narrowed by
 * `?filter=overdue|pending` (the alerts' links, spec part 3); one obligation opens in a drawer.
 * 'Generar calendario' plans a year that has no obligations yet. Without a tax profile (asked
 * first: `useTaxProfileStatus`) the welcome card, and the calendar is not asked.
 */
import type { ObligationView } from '@shared/schemas/tax';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { TaxWelcomeCard } from '@web/components/tax-welcome-card';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { formatDate } from '@web/lib/format';
import { useSelectedCompany } from '@web/lib/session';
import { isNoTaxProfile, useTaxCalendar, useTaxProfileStatus } from '@web/lib/tax-api';
import { toast } from '@web/lib/toast';
import { Alert, Button, Card, Flex, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useGenerateTaxCalendar } from '../api/generate-calendar';
import { type ObligationFilter, useCalendarState } from '../hooks/use-calendar-state';
import { obligationsForView } from '../utils/calendar';
import { CalendarList } from './calendar-list';
import { CalendarMonth } from './calendar-month';
import { ObligationDrawer } from './obligation-drawer';

const FILTER_OPTIONS: { value: ObligationFilter | 'all'; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'pending', label: 'Pendientes' },
  { value: 'overdue', label: 'Vencidas' },
];

function yearOptions(thisYear: number, selected: number) {
  const years = new Set<number>([selected]);
  for (let y = thisYear + 1; y >= Math.max(2000, thisYear - 5); y--) years.add(y);
  return [...years].sort((a, b) => b - a).map((y) => ({ value: y, label: String(y) }));
}

export function TaxCalendar() {
  const companyId = useCompanyId();
  const company = useSelectedCompany();
  const state = useCalendarState();
  const { year, view, filter } = state;
  const canRead = useCan('taxAssistant.status');
  const profile = useTaxProfileStatus(companyId, { enabled: canRead });
  const current = useTaxCalendar(companyId, year, { enabled: profile.profileReady });
  // What the previous year's periods leave due in this one (4T, annual returns).
  const previous = useTaxCalendar(companyId, year - 1, { enabled: profile.profileReady && year > 2000 });
  const canGenerate = useCan('taxCalendar.generate');
  const generate = useGenerateTaxCalendar(companyId ?? '');
  const [selected, setSelected] = useState<ObligationView | null>(null);

  if (!companyId) {
    return (
      <>
        <PageHeader title="Calendario fiscal" />
        <NoCompanySelected description="Selecciona una empresa para ver su calendario fiscal." />
      </>
    );
  }

  const header = (
    <PageHeader
      title="Calendario fiscal"
      meta={company ? <span>{company.name}</span> : null}
      actions={
        <>
          <Select
            aria-label="Año"
            value={year}
            style={{ width: 110 }}
            options={yearOptions(state.thisYear, year)}
            onChange={(next: number) => state.setYear(next)}
          />
          <Segmented
            aria-label="Vista"
            value={view}
            options={[
              { value: 'month', label: 'Mes' },
              { value: 'list', label: 'Lista' },
            ]}
            onChange={(next) => state.setView(next as 'month' | 'list')}
          />
        </>
      }
    />
  );

  if (profile.noProfile || isNoTaxProfile(current.error)) {
    return (
      <>
        {header}
        <TaxWelcomeCard companyId={companyId} />
      </>
    );
  }
  if (current.isPending) {
    return (
      <>
        {header}
        <LoadingBlock label="Cargando el calendario fiscal" />
      </>
    );
  }
  if (current.isError || !current.data) {
    return (
      <>
        {header}
        <LoadError
          title="Error cargando el calendario fiscal"
          error={current.error}
          onRetry={() => void current.refetch()}
        />
      </>
    );
  }

  const calendar = current.data;
  const obligations = obligationsForView([previous.data?.obligations, calendar.obligations], year, filter);
  const runGenerate = () =>
    generate.mutate(year, {
      onSuccess: (result) =>
        toast.success(
          result.created === 0
            ? `El calendario de ${year} ya estaba al día: el perfil fiscal no implica obligaciones nuevas.`
            : `Calendario de ${year} generado: ${result.created} ${result.created === 1 ? 'obligación' : 'obligaciones'}.`,
        ),
      onError: (error) => toast.fromError(error),
    });

  return (
    <>
      {header}
      <Flex vertical gap={16}>
        {previous.isError && !isNoTaxProfile(previous.error) ? (
          <Alert
            type="warning"
            showIcon
            title={`No se han podido cargar las obligaciones de ${year - 1} que vencen en ${year}.`}
            action={
              <Button size="small" onClick={() => void previous.refetch()}>
                Reintentar
              </Button>
            }
          />
        ) : null}
        {calendar.obligations.length === 0 ? (
          <Card>
            <EmptyState description={`No hay obligaciones calculadas para ${year}.`}>
              {canGenerate ? (
                <Button type="primary" loading={generate.isPending} onClick={runGenerate}>
                  Generar calendario
                </Button>
              ) : null}
            </EmptyState>
          </Card>
        ) : null}
        <Card>
          {view === 'list' ? (
            <Flex vertical gap={12}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Segmented
                  aria-label="Filtro"
                  value={filter ?? 'all'}
                  options={FILTER_OPTIONS}
                  onChange={(next) =>
                    state.setFilter(next === 'all' ? undefined : (next as ObligationFilter))
                  }
                />
                <Typography.Text type="secondary">
                  {filter === 'overdue'
                    ? 'Obligaciones vencidas sin presentar'
                    : filter === 'pending'
                      ? 'Obligaciones pendientes de presentar'
                      : `Obligaciones con vencimiento en ${year}`}
                </Typography.Text>
              </Flex>
              <CalendarList
                obligations={obligations}
                loading={current.isFetching || previous.isFetching}
                onOpen={setSelected}
              />
            </Flex>
          ) : (
            <CalendarMonth
              year={year}
              month={state.month}
              obligations={obligations}
              onMonthChange={state.setMonth}
              onOpen={setSelected}
            />
          )}
        </Card>
        {calendar.profileVersions.length > 0 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Calculado con el perfil fiscal en vigor desde{' '}
            {calendar.profileVersions.map((v) => formatDate(v)).join(', ')}. Un cambio del perfil solo afecta
            a los periodos siguientes: los ya iniciados conservan sus obligaciones.
          </Typography.Text>
        ) : null}
      </Flex>
      <ObligationDrawer
        obligation={selected}
        companyId={companyId}
        onClose={() => setSelected(null)}
        onChanged={setSelected}
      />
    </>
  );
}
