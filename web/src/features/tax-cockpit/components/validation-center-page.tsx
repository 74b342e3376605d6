/**
 * /app/tax/validation-center, 'Centro de validación' (issue 14 item 7): the selected company's VAT
 * models of a year checked together. First the cross-model checks (the 303s against the 390, the
 * 349 against the 303s' intra-EU boxes, the 347 against the books) with their amounts, then every
 * stored model of the year grouped by model with its validation: the design's issues, the box
 * identities that fail, and the boxes the books changed since it was generated. Nothing is asked
 * before the tax profile status says the company has one (without it every call answers 4xx).
 */

import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { spanishToday } from '@web/lib/spanish-today';
import { isNoTaxProfile, useTaxProfileStatus } from '@web/lib/tax-api';
import { useTaxModels } from '@web/lib/tax-models-api';
import { Flex, Select } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useCrossValidation } from '../api/cross-validation';
import { useModelValidations } from '../api/validate-models';
import { MAX_YEAR, MIN_YEAR, yearOptions } from '../utils/periods';
import { CrossValidationCard } from './cross-validation-card';
import { groupByModel, type ModelCheck, ModelChecksCard } from './model-checks-card';

/** The year the page opens on: this one, or last year in January (its annual returns are due then). */
export function defaultValidationYear(today: string): number {
  const year = Number(today.slice(0, 4));
  return today.slice(5, 7) === '01' ? year - 1 : year;
}

function yearFrom(params: URLSearchParams, fallback: number): number {
  const text = params.get('year');
  const year = Number(text);
  return text && Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR ? year : fallback;
}

export function ValidationCenterPage() {
  const company = useSelectedCompany();
  const [params, setParams] = useSearchParams();
  const today = spanishToday();
  const year = yearFrom(params, defaultValidationYear(today));
  const header = (
    <PageHeader title="Centro de validación" meta={company ? <span>{company.name}</span> : null} />
  );
  if (!company) {
    return (
      <>
        {header}
        <NoCompanySelected description="Selecciona una empresa para validar sus modelos." />
      </>
    );
  }
  return (
    <>
      {header}
      <Flex vertical gap={16}>
        <Select
          aria-label="Ejercicio"
          value={year}
          style={{ width: 120 }}
          options={yearOptions(Number(today.slice(0, 4)), year)}
          onChange={(value: number) =>
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('year', String(value));
                return next;
              },
              { replace: true },
            )
          }
        />
        <CompanyValidation key={`${company.companyId}-${year}`} companyId={company.companyId} year={year} />
      </Flex>
    </>
  );
}

function CompanyValidation({ companyId, year }: { companyId: string; year: number }) {
  const canRead = useCan('taxAssistant.status');
  const canConfigure = useCan('taxProfile.update');
  const canGenerate = useCan('taxModels.generate');
  const profile = useTaxProfileStatus(companyId, { enabled: canRead });
  const ready = profile.profileReady;
  const cross = useCrossValidation(companyId, year, { enabled: ready });
  const models = useTaxModels(companyId, { year, size: 100 }, { enabled: ready });
  const stored = models.data?.content ?? [];
  const validations = useModelValidations(companyId, stored, ready && models.isSuccess);

  if (profile.noProfile || [cross.error, models.error].some(isNoTaxProfile)) {
    return (
      <EmptyState description="La empresa aún no tiene perfil fiscal: sin él no se pueden calcular ni validar sus modelos.">
        {canConfigure ? (
          <LinkButton type="primary" to={paths.app.companyConfiguration(companyId, 'fiscal')}>
            Configurar Ahora
          </LinkButton>
        ) : null}
      </EmptyState>
    );
  }
  if (profile.isPending || (ready && (cross.isPending || models.isPending))) {
    return <LoadingBlock label="Validando los modelos" />;
  }
  if (!ready) return <EmptyState description="No hay datos disponibles" />;
  if (cross.isError || models.isError) {
    return (
      <LoadError
        title="No se han podido validar los modelos"
        error={cross.error ?? models.error}
        onRetry={() => {
          void cross.refetch();
          void models.refetch();
        }}
      />
    );
  }

  const checks: ModelCheck[] = stored.map((model, i) => ({
    model,
    validation: validations[i]?.data,
    loading: validations[i]?.isPending ?? false,
    error: validations[i]?.error ?? null,
  }));
  const groups = groupByModel(checks);
  return (
    <Flex vertical gap={16}>
      {cross.data ? <CrossValidationCard view={cross.data} loading={cross.isFetching} /> : null}
      {groups.length === 0 ? (
        <EmptyState description={`No hay modelos de IVA generados en ${year}.`}>
          {canGenerate ? <LinkButton to={paths.app.tax.generateModels}>Generar modelos</LinkButton> : null}
        </EmptyState>
      ) : (
        groups.map((g) => (
          <ModelChecksCard
            key={g.modelType}
            companyId={companyId}
            modelType={g.modelType}
            checks={g.checks}
          />
        ))
      )}
    </Flex>
  );
}
