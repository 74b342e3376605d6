/**
 * /app/tax/models/generate (issue 14 item 7): generate one model of a period (model, year, period;
 * 'Vista previa' opens it computed from the books without storing it), or several at once (models ×
 * quarters or months of one year, at most 20, spec part 2 §5, with the spec's messages). A period
 * already generated answers TAX_022: 'Regenerar' then recomputes it on purpose. The models the
 * company owes (its tax profile's: the VAT returns, the 130, the withholdings 111/115/123/216) come
 * first and ticked; the periods offered follow the profile (a monthly 303 filer gets months, a large
 * company's withholdings too; the 130 is always quarterly).
 */
import type { BatchGenerateResult, TaxModelType } from '@shared/schemas/tax-models';
import { ModelYear, modelIdOf, TAX_MODEL_TYPES } from '@shared/schemas/tax-models';
import { taxModelNames } from '@shared/schemas/tax-profile';
import { LoadingBlock } from '@web/components/load-states';
import { useCan } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { spanishToday } from '@web/lib/spanish-today';
import { useTaxProfile } from '@web/lib/tax-api';
import { BATCH_OUTCOME_COLORS, BATCH_OUTCOME_LABELS, modelPeriodLabel } from '@web/lib/tax-labels';
import { periodsOfModel } from '@web/lib/tax-models-api';
import { toast } from '@web/lib/toast';
import { yearFrom } from '@web/lib/years';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  InputNumber,
  Row,
  Select,
  type SelectProps,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useBatchGenerate } from '../api/batch-generate';
import { isAlreadyGenerated, useGenerateModel } from '../api/generate-model';
import {
  type BatchErrors,
  type BatchPair,
  batchRequests,
  isAnnualModel,
  isBatchModel,
  regenerateRequests,
} from '../utils/batch';
import { lastClosedPeriod } from '../utils/periods';
import { ModelsPageHeader, TaxModelsFrame, useTaxModelsContext } from './tax-page';

type Periodicity = 'QUARTERLY' | 'MONTHLY';

const QUARTERS = ['1T', '2T', '3T', '4T'];
const MONTHS = periodsOfModel('303', 'MONTHLY');

const modelOption = (m: TaxModelType) => ({ value: m, label: `${m} · ${taxModelNames[m]}` });

/** The company's models first (its profile's), then the others Cuadra computes. */
function modelOptions(owed: readonly TaxModelType[]): NonNullable<SelectProps['options']> {
  if (owed.length === 0) return TAX_MODEL_TYPES.map(modelOption);
  const others = TAX_MODEL_TYPES.filter((m) => !owed.includes(m));
  return [
    { label: 'Modelos que presenta la empresa', options: owed.map(modelOption) },
    ...(others.length > 0 ? [{ label: 'Otros modelos', options: others.map(modelOption) }] : []),
  ];
}

/** 'modelos 303, 349 y 130'. */
function modelsText(models: readonly TaxModelType[]): string {
  if (models.length === 1) return `modelo ${models[0]}`;
  return `modelos ${models.slice(0, -1).join(', ')} y ${models.at(-1)}`;
}

export function GenerateModelsPage() {
  const context = useTaxModelsContext();
  const header = <ModelsPageHeader title="Generar modelos" />;
  return (
    <TaxModelsFrame
      context={context}
      header={header}
      noCompanyText="Selecciona una empresa para generar sus modelos."
    >
      {(companyId) => <GenerateForms key={companyId} companyId={companyId} ready={context.ready} />}
    </TaxModelsFrame>
  );
}

function GenerateForms({ companyId, ready }: { companyId: string; ready: boolean }) {
  const [searchParams] = useSearchParams();
  const canGenerate = useCan('taxModels.generate');
  const canBatch = useCan('taxModels.batchGenerate');
  const profile = useTaxProfile(companyId, { enabled: ready });
  const required = profile.data?.requiredModels ?? [];
  /** The company's periodicity of a periodic model (303, 349): its profile's, else quarterly. */
  const periodicityOf = (m: TaxModelType): Periodicity =>
    required.find((r) => r.model === m)?.periodicity === 'MONTHLY' ? 'MONTHLY' : 'QUARTERLY';
  const owed = TAX_MODEL_TYPES.filter((m) => required.some((r) => r.model === m));
  /** The periods of a model for this company: its own list, by quarter or month as the profile files it. */
  const periodsOf = (m: TaxModelType): string[] => periodsOfModel(m, periodicityOf(m));
  const today = spanishToday();
  const fallbackYear = yearFrom(searchParams.get('year'), Number(today.slice(0, 4)));
  // The forms start from the profile (its models ticked, its periods offered): wait for it.
  if (profile.isLoading) return <LoadingBlock label="Cargando el perfil fiscal" />;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <SingleForm
          companyId={companyId}
          canGenerate={canGenerate}
          owed={owed}
          periodsOf={periodsOf}
          initialYear={fallbackYear}
          today={today}
        />
      </Col>
      <Col xs={24} lg={14}>
        {canBatch ? (
          <BatchForm
            companyId={companyId}
            periodsOf={periodsOf}
            initialModels={owed.length > 0 ? owed.filter(isBatchModel) : ['303']}
            initialYear={fallbackYear}
          />
        ) : null}
      </Col>
    </Row>
  );
}

// --- one model -----------------------------------------------------------------------------------

function periodOptions(periods: readonly string[], modelType: TaxModelType, year: number) {
  return periods.map((p) => ({
    value: p,
    label: modelPeriodLabel(modelType, p, year).replace(` ${year}`, ''),
  }));
}

/** How a list of periods runs, for the period a person most likely works on today. */
const periodicityOfPeriods = (periods: readonly string[]): Periodicity | 'ANNUAL' =>
  periods.every((p) => p === '0A')
    ? 'ANNUAL'
    : periods.some((p) => MONTHS.includes(p))
      ? 'MONTHLY'
      : 'QUARTERLY';

function SingleForm({
  companyId,
  canGenerate,
  owed,
  periodsOf,
  initialYear,
  today,
}: {
  companyId: string;
  canGenerate: boolean;
  owed: readonly TaxModelType[];
  periodsOf: (m: TaxModelType) => string[];
  initialYear: number;
  today: string;
}) {
  const navigate = useNavigate();
  const generate = useGenerateModel(companyId);
  const [modelType, setModelType] = useState<TaxModelType>(owed[0] ?? '303');
  const periods = periodsOf(modelType);
  const last = lastClosedPeriod(today, periodicityOfPeriods(periods));
  const [year, setYear] = useState<number | null>(initialYear);
  const [period, setPeriod] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [yearError, setYearError] = useState<string | null>(null);

  const options = periodOptions(periods, modelType, year ?? initialYear);
  const chosen = period && options.some((o) => o.value === period) ? period : null;
  const effective =
    chosen ?? (options.some((o) => o.value === last.period) ? last.period : (options[0]?.value ?? '0A'));

  const checked = () => {
    const parsed = ModelYear.safeParse(year ?? Number.NaN);
    setYearError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    return parsed.success ? { modelType, year: parsed.data, period: effective } : null;
  };
  const openPreview = () => {
    const ref = checked();
    if (ref) navigate(paths.app.tax.modelPreview(modelIdOf(ref.year, ref.modelType, ref.period)));
  };
  const run = (regenerate: boolean) => {
    const ref = checked();
    if (!ref) return;
    generate.mutate(
      { ...ref, regenerate },
      {
        onSuccess: (model) => {
          toast.success(regenerate ? 'Modelo regenerado' : 'Modelo generado');
          navigate(
            paths.app.tax.modelPreview(model.modelId ?? modelIdOf(ref.year, ref.modelType, ref.period)),
          );
        },
        onError: (error) => {
          if (isAlreadyGenerated(error)) setConflict(errorMessage(error));
          else setConflict(null);
        },
      },
    );
  };

  return (
    <Card title="Un modelo" size="small">
      <Form layout="vertical" component="div">
        <Form.Item label="Modelo">
          <Select
            aria-label="Modelo"
            value={modelType}
            options={modelOptions(owed)}
            onChange={(m: TaxModelType) => {
              setModelType(m);
              setPeriod(null);
              setConflict(null);
            }}
          />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            label="Año"
            validateStatus={yearError ? 'error' : undefined}
            help={yearError}
            style={{ minWidth: 120 }}
          >
            <InputNumber
              aria-label="Año del modelo"
              value={year}
              controls={false}
              precision={0}
              style={{ width: 120 }}
              onChange={(v) => {
                setYear(typeof v === 'number' ? v : null);
                setConflict(null);
              }}
            />
          </Form.Item>
          <Form.Item label="Periodo" style={{ minWidth: 160, flex: 1 }}>
            <Select
              aria-label="Periodo"
              value={effective}
              options={options}
              onChange={(p: string) => {
                setPeriod(p);
                setConflict(null);
              }}
            />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          <Button onClick={openPreview}>Vista previa</Button>
          {canGenerate ? (
            <Button type="primary" loading={generate.isPending} onClick={() => run(false)}>
              Generar
            </Button>
          ) : null}
        </Flex>
        {conflict ? (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            title={conflict}
            description="El periodo ya tiene un modelo generado. Regenerarlo lo vuelve a calcular con los libros de hoy."
            action={
              <Button size="small" loading={generate.isPending} onClick={() => run(true)}>
                Regenerar
              </Button>
            }
          />
        ) : generate.isError ? (
          <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessage(generate.error)} />
        ) : null}
      </Form>
    </Card>
  );
}

// --- several models ------------------------------------------------------------------------------

type Outcome = BatchGenerateResult['results'][number];

function BatchForm({
  companyId,
  periodsOf,
  initialModels,
  initialYear,
}: {
  companyId: string;
  periodsOf: (m: TaxModelType) => string[];
  initialModels: TaxModelType[];
  initialYear: number;
}) {
  const batch = useBatchGenerate(companyId);
  const [year, setYear] = useState<number | null>(initialYear);
  const [models, setModels] = useState<TaxModelType[]>(initialModels);
  const [periods, setPeriods] = useState<string[]>([]);
  const [errors, setErrors] = useState<BatchErrors>({});
  const [results, setResults] = useState<{ year: number; outcomes: Outcome[] } | null>(null);
  const periodic = models.filter((m) => !isAnnualModel(m));
  const monthly = periodic.some((m) => periodsOf(m).some((p) => MONTHS.includes(p)));
  // Quarters for a quarterly filer (and when no periodic model is chosen yet); months for a monthly one.
  const quarterly = !monthly || periodic.some((m) => periodsOf(m).some((p) => QUARTERS.includes(p)));
  const quarterChoices = QUARTERS.map((p) => ({ value: p, label: p }));
  const monthChoices = MONTHS.map((p) => ({
    value: p,
    label: modelPeriodLabel('303', p, 2000).replace(' 2000', '').slice(0, 3),
  }));

  const send = (bodies: ReturnType<typeof batchRequests>['bodies'], forYear: number) =>
    batch.mutate(bodies, {
      onSuccess: (outcomes) => {
        setResults({ year: forYear, outcomes });
        const made = outcomes.filter((o) => o.outcome === 'GENERATED').length;
        toast.success(`${made} ${made === 1 ? 'modelo generado' : 'modelos generados'}`);
      },
      onError: (error) => toast.fromError(error),
    });

  const run = () => {
    // Only the periods still offered (a switch of models may hide months or quarters chosen before).
    const shown = periods.filter(
      (p) => (quarterly && QUARTERS.includes(p)) || (monthly && MONTHS.includes(p)),
    );
    const { bodies, errors: found } = batchRequests({
      year,
      models,
      periods: shown,
      regenerate: false,
      periodsOf,
    });
    setErrors(found);
    if (bodies.length > 0 && year !== null) send(bodies, year);
  };
  const already = (results?.outcomes ?? []).filter((o) => o.outcome === 'ALREADY_GENERATED');
  const regenerateAlready = () => {
    if (!results) return;
    const pairs: BatchPair[] = already.map((o) => ({ modelType: o.modelType, period: o.period }));
    send(regenerateRequests(results.year, pairs), results.year);
  };

  return (
    <Card title="Varios modelos a la vez" size="small">
      <Form layout="vertical" component="div">
        <Form.Item label="Año" validateStatus={errors.year ? 'error' : undefined} help={errors.year}>
          <InputNumber
            aria-label="Año del lote"
            value={year}
            controls={false}
            precision={0}
            style={{ width: 120 }}
            onChange={(v) => setYear(typeof v === 'number' ? v : null)}
          />
        </Form.Item>
        <Form.Item label="Modelos" validateStatus={errors.models ? 'error' : undefined} help={errors.models}>
          <Checkbox.Group
            aria-label="Modelos del lote"
            value={models}
            onChange={(next) => setModels(next as TaxModelType[])}
          >
            <Flex vertical gap={4}>
              {TAX_MODEL_TYPES.filter(isBatchModel).map((m) => (
                <Checkbox key={m} value={m}>
                  {m} · {taxModelNames[m]}
                  {isAnnualModel(m) ? ' (anual)' : ''}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          label={`${monthly && quarterly ? 'Trimestres o meses' : monthly ? 'Meses' : 'Trimestres'}${
            periodic.length > 0 ? ` (${modelsText(periodic)})` : ''
          }`}
          validateStatus={errors.periods ? 'error' : undefined}
          help={errors.periods}
        >
          <Checkbox.Group
            aria-label="Periodos del lote"
            value={periods}
            onChange={(next) => setPeriods(next as string[])}
          >
            <Flex vertical gap={4}>
              {quarterly ? (
                <Flex gap={4} wrap>
                  {quarterChoices.map((c) => (
                    <Checkbox key={c.value} value={c.value} aria-label={`Trimestre ${c.value}`}>
                      {c.label}
                    </Checkbox>
                  ))}
                </Flex>
              ) : null}
              {monthly ? (
                <Flex gap={4} wrap>
                  {monthChoices.map((c) => (
                    <Checkbox
                      key={c.value}
                      value={c.value}
                      aria-label={modelPeriodLabel('303', c.value, 2000).replace(' 2000', '')}
                    >
                      {c.label}
                    </Checkbox>
                  ))}
                </Flex>
              ) : null}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Button type="primary" loading={batch.isPending} onClick={run}>
          Generar lote
        </Button>
      </Form>
      {results ? (
        <Flex vertical gap={8} style={{ marginTop: 16 }}>
          {already.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={`${already.length} ${already.length === 1 ? 'modelo ya estaba generado' : 'modelos ya estaban generados'}`}
              description="Regenerarlos los vuelve a calcular con los libros de hoy (nunca uno ya presentado)."
              action={
                <Button size="small" loading={batch.isPending} onClick={regenerateAlready}>
                  Regenerar
                </Button>
              }
            />
          ) : null}
          <BatchResults year={results.year} outcomes={results.outcomes} />
        </Flex>
      ) : null}
    </Card>
  );
}

function BatchResults({ year, outcomes }: { year: number; outcomes: Outcome[] }) {
  const columns: TableColumnsType<Outcome> = [
    {
      title: 'Modelo',
      key: 'model',
      render: (_, o) => {
        const modelId = o.modelId ?? modelIdOf(year, o.modelType, o.period);
        const label = `Modelo ${o.modelType} · ${modelPeriodLabel(o.modelType, o.period, year)}`;
        return (
          <Flex vertical gap={2}>
            {o.outcome === 'GENERATED' || o.outcome === 'ALREADY_GENERATED' ? (
              <Link to={paths.app.tax.modelPreview(modelId)}>{label}</Link>
            ) : (
              <span>{label}</span>
            )}
            {o.message ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {o.message}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    {
      title: 'Resultado',
      key: 'outcome',
      width: 130,
      render: (_, o) => <Tag color={BATCH_OUTCOME_COLORS[o.outcome]}>{BATCH_OUTCOME_LABELS[o.outcome]}</Tag>,
    },
  ];
  return (
    <Table<Outcome>
      rowKey={(o) => `${o.modelType}-${o.period}`}
      size="small"
      columns={columns}
      dataSource={outcomes}
      pagination={false}
      aria-label="Resultado del lote"
    />
  );
}
