/**
 * /app/my-obligations, the client portal's 'Mis obligaciones' (spec part 2 §2 client menu; issue 13
 * item 7): the selected company's AEAT obligations in three simple lists: overdue, due in the next
 * 30 days and filed this year, each with the model, the period, the due date and the days left.
 * Read from the fiscal calendar of this year and the last (the annual returns and the fourth
 * quarter of a year are filed in the next one), once the profile status (`useTaxProfileStatus`)
 * says the company has a tax profile; without one, 'No hay datos disponibles'.
 */

import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { spanishToday } from '@web/lib/spanish-today';
import { isNoTaxProfile, useTaxCalendar, useTaxProfileStatus } from '@web/lib/tax-api';
import { Badge, Card, Flex, Tag } from 'antd';
import type { ReactNode } from 'react';
import { type DatedObligation, groupObligations } from '../utils/group-obligations';
import { daysText } from '../utils/labels';
import { DaysLeft } from './days-left';

export function MyObligations() {
  const company = useSelectedCompany();
  if (!company) {
    return (
      <>
        <PageHeader title="Mis obligaciones" />
        <NoCompanySelected description="Selecciona una empresa para ver sus obligaciones fiscales." />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Mis obligaciones"
        meta={<span>{company.name}</span>}
        actions={<LinkButton to={paths.app.tax.calendar}>Calendario fiscal</LinkButton>}
      />
      <CompanyObligations companyId={company.companyId} />
    </>
  );
}

function CompanyObligations({ companyId }: { companyId: string }) {
  // The Spanish calendar day, as the server counts deadlines (Europe/Madrid).
  const today = spanishToday();
  const year = Number(today.slice(0, 4));
  const canRead = useCan('taxAssistant.status');
  const profile = useTaxProfileStatus(companyId, { enabled: canRead });
  const current = useTaxCalendar(companyId, year, { enabled: profile.profileReady });
  const previous = useTaxCalendar(companyId, year - 1, { enabled: profile.profileReady });

  if (profile.noProfile || [current, previous].some((q) => isNoTaxProfile(q.error))) {
    return (
      <EmptyState description="No hay datos disponibles">
        <span>La empresa aún no tiene perfil fiscal: tu gestor lo configurará.</span>
      </EmptyState>
    );
  }
  if (current.isPending || previous.isPending) return <LoadingBlock label="Cargando tus obligaciones" />;
  const failed = [current, previous].find((q) => q.isError);
  if (failed) {
    return (
      <LoadError
        title="No se han podido cargar tus obligaciones"
        error={failed.error}
        onRetry={() => {
          void current.refetch();
          void previous.refetch();
        }}
      />
    );
  }

  const groups = groupObligations(
    [...(previous.data?.obligations ?? []), ...(current.data?.obligations ?? [])],
    today,
    year,
  );
  if (groups.overdue.length + groups.upcoming.length + groups.filed.length === 0) {
    return <EmptyState description="No hay datos disponibles" />;
  }
  return (
    <Flex vertical gap={16}>
      <Group title="Vencidas" color="#cf1322" rows={groups.overdue}>
        {(o) => <Tag color="red">Vencida hace {daysText(o.daysOverdue)}</Tag>}
      </Group>
      <Group title="Próximas (30 días)" color="#1677ff" rows={groups.upcoming}>
        {(o) => <DaysLeft days={o.daysLeft} />}
      </Group>
      <Group title="Presentadas" color="#389e0d" rows={groups.filed}>
        {(o) => (
          <Tag color="green">
            {o.obligation.submittedAt
              ? `Presentada el ${formatDate(o.obligation.submittedAt)}`
              : 'Presentada'}
          </Tag>
        )}
      </Group>
    </Flex>
  );
}

function Group({
  title,
  color,
  rows,
  children,
}: {
  title: string;
  color: string;
  rows: DatedObligation[];
  children: (o: DatedObligation) => ReactNode;
}) {
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <span>{title}</span>
          <Badge count={rows.length} showZero color={color} />
        </Flex>
      }
    >
      {rows.length === 0 ? (
        <EmptyState description="No hay datos disponibles" />
      ) : (
        <Flex vertical role="list" aria-label={title}>
          {rows.map((row) => {
            const o = row.obligation;
            return (
              <Flex
                key={o.obligationId}
                role="listitem"
                justify="space-between"
                align="center"
                gap={8}
                wrap
                style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <Flex vertical style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <strong>
                    Modelo {o.modelType} · {o.modelName}
                  </strong>
                  <span style={{ color: 'rgba(0, 0, 0, 0.55)' }}>{o.periodLabel}</span>
                  <span style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 12 }}>
                    Vence el {formatDate(o.dueDate)}
                    {o.paidByDomiciliation && o.domiciliationDueDate
                      ? ` · domiciliación hasta el ${formatDate(o.domiciliationDueDate)}`
                      : ''}
                  </span>
                </Flex>
                {children(row)}
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
