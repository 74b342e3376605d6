/**
 * /app/tax/models/{modelId}/preview (issue 14 item 7): one model of the company for one period
 * (`2026-303-1T`), every box of its AEAT design by section with its es-ES value; a click on a box
 * lists the invoices behind it. A period without a stored model shows the live preview computed from
 * the books, with 'Generar'; a stored one shows what was generated, with the person's adjustments
 * (result type, compensation, IBAN, domiciliation, manual boxes), its issues, and the way to file it:
 * export the AEAT file, the PDF summary, mark it as filed elsewhere, or file it ('Presentar').
 * The income-tax models (issue 15) add what the books do not give (income-tax-card.tsx): the 130's
 * provision for hard-to-justify expenses (the preview follows the switch at once, `?applyDifficult
 * Justification=`) and other income, the 111's employment income, the 115's rents, the 123's capital
 * income; a refusal of the server (400) is shown beside the fields it names. The 131's activities in
 * módulos, the 202's basis and the annual summaries' recipients outside the books are in
 * annual-inputs-card.tsx.
 * Every button follows the server's policies (useCan). The stored model is asked only when the list
 * says it exists, so a period without one answers no 404.
 */
import type { ModelValidationView, TaxModelType, TaxModelView } from '@shared/schemas/tax-models';
import { CompanyFromUrlGate } from '@web/components/company-from-url-gate';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { type BoxRow, BoxTable, boxRows } from '@web/components/tax-models/box-table';
import { DeclaredRecords } from '@web/components/tax-models/declared-records';
import { ModelIssues } from '@web/components/tax-models/model-issues';
import { ModelStatusTag } from '@web/components/tax-models/model-status-tag';
import { formatCents, formatDate, formatDateTime } from '@web/lib/format';
import { bpToInput, centsToInput } from '@web/lib/money-input';
import { paths } from '@web/lib/paths';
import type { TaxProfileView } from '@web/lib/tax-api';
import { isNoTaxProfile, useTaxProfile } from '@web/lib/tax-api';
import { modelTitle } from '@web/lib/tax-labels';
import { designBoxes } from '@web/lib/tax-model-designs';
import {
  type ModelRef,
  parseModelId,
  useTaxModel,
  useTaxModelPreview,
  useTaxModels,
} from '@web/lib/tax-models-api';
import { Alert, Button, Card, Col, Descriptions, Flex, Input, Row, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { type AdjustmentsDraft, draftToAdjustments, initialDraft, manualBoxes } from '../utils/adjustments';
import { annualRefusalOf, hasAnnualFields, maxActivities131 } from '../utils/annual-adjustments';
import { type Refusal, refusalOf } from '../utils/income-tax-adjustments';
import { AdjustmentsCard } from './adjustments-card';
import { AnnualInputsCard } from './annual-inputs-card';
import { BoxSourcesDrawer } from './box-sources-drawer';
import { IncomeTaxCard } from './income-tax-card';
import { ModelActions } from './model-actions';
import { OssLinesCard } from './oss-lines-card';
import { ModelsPageHeader, ModelsWelcomeCard, TaxModelsFrame, useTaxModelsContext } from './tax-page';

/**
 * A link naming the model's company (`?company=`, as the cockpit and the validation centre build it,
 * often opened in a new tab) selects that company first.
 */
export function ModelPreviewPage() {
  return (
    <CompanyFromUrlGate refusedTitle="Este modelo es de una empresa a la que no tienes acceso.">
      <ModelPreviewFrame />
    </CompanyFromUrlGate>
  );
}

function ModelPreviewFrame() {
  const { modelId = '' } = useParams();
  const ref = parseModelId(modelId);
  const context = useTaxModelsContext();
  const title = ref ? modelTitle(ref.modelType, ref.period, ref.year) : 'Modelo';
  const header = <ModelsPageHeader title={title} />;
  if (!ref) {
    return (
      <>
        {header}
        <EmptyState description="El modelo no existe: su identificador no es válido.">
          <LinkButton type="primary" to={paths.app.tax.models}>
            Ver los modelos
          </LinkButton>
        </EmptyState>
      </>
    );
  }
  return (
    <TaxModelsFrame
      context={context}
      header={header}
      ownHeader
      noCompanyText="Selecciona una empresa para ver sus modelos."
    >
      {(companyId) => (
        <ModelPreviewContent
          key={`${companyId}:${modelId}`}
          companyId={companyId}
          modelId={modelId}
          modelRef={ref}
          ready={context.ready}
          title={title}
        />
      )}
    </TaxModelsFrame>
  );
}

function ModelPreviewContent({
  companyId,
  modelId,
  modelRef: ref,
  ready,
  title,
}: {
  companyId: string;
  modelId: string;
  modelRef: ModelRef;
  ready: boolean;
  title: string;
}) {
  const { modelType, year, period } = ref;
  const list = useTaxModels(companyId, { year, modelType, size: 100 }, { enabled: ready });
  const listed = list.isPlaceholderData ? undefined : list.data?.content.find((m) => m.modelId === modelId);
  const known = list.isSuccess && !list.isPlaceholderData;
  const stored = useTaxModel(companyId, listed ? { modelType, modelId } : null, { enabled: ready && known });
  const [compensation, setCompensation] = useState<number | undefined>(undefined);
  const [difficult, setDifficult] = useState<boolean | undefined>(undefined);
  const preview = useTaxModelPreview(
    companyId,
    modelType,
    {
      year,
      period,
      compensationFromPreviousCents: compensation,
      applyDifficultJustification: modelType === '130' ? difficult : undefined,
    },
    { enabled: ready && known && !listed },
  );
  // The 130's provision follows the profile's IRPF method unless the person says otherwise.
  const profile = useTaxProfile(companyId, { enabled: ready && modelType === '130' });
  const model: TaxModelView | null = stored.data ?? listed ?? null;
  const view = model ?? preview.data ?? null;

  const header = (
    <ModelsPageHeader
      title={title}
      meta={view ? <ModelStatusTag status={model?.status ?? 'NOT_GENERATED'} /> : null}
    />
  );

  const failed = list.isError ? list : stored.isError ? stored : preview.isError ? preview : null;
  if (failed && isNoTaxProfile(failed.error)) {
    return (
      <>
        {header}
        <ModelsWelcomeCard companyId={companyId} />
      </>
    );
  }
  if (failed) {
    return (
      <>
        {header}
        <LoadError
          title="Error cargando el modelo"
          error={failed.error}
          onRetry={() => void failed.refetch()}
        />
      </>
    );
  }
  if (!view) {
    return (
      <>
        {header}
        <LoadingBlock label="Calculando el modelo" />
      </>
    );
  }
  return (
    <>
      {header}
      <ModelView
        companyId={companyId}
        modelRef={ref}
        view={view}
        model={model}
        previewFetching={preview.isFetching}
        onRecalculate={setCompensation}
        onPreviewDifficult={setDifficult}
        difficultDefault={profile.data ? appliesDifficultJustification(profile.data, year, period) : null}
      />
    </>
  );
}

/**
 * Whether the profile in force on the period's first day applies the 130's provision for
 * hard-to-justify expenses: only the estimación directa simplificada has it (art. 30.2.4ª LIRPF).
 */
export function appliesDifficultJustification(
  profile: TaxProfileView,
  year: number,
  period: string,
): boolean {
  const quarter = /^([1-4])T$/.exec(period);
  const start = `${year}-${String(quarter ? (Number(quarter[1]) - 1) * 3 + 1 : 1).padStart(2, '0')}-01`;
  const inForce = [...profile.versions]
    .filter((v) => v.effectiveFrom <= start)
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
    .pop();
  return (inForce?.facts ?? profile.facts).irpfMethod === 'DIRECTA_SIMPLIFICADA';
}

function ModelView({
  companyId,
  modelRef,
  view,
  model,
  previewFetching,
  onRecalculate,
  onPreviewDifficult,
  difficultDefault,
}: {
  companyId: string;
  modelRef: ModelRef;
  view: TaxModelView | NonNullable<ReturnType<typeof useTaxModelPreview>['data']>;
  model: TaxModelView | null;
  previewFetching: boolean;
  onRecalculate: (compensationCents: number | undefined) => void;
  /** 130 without a stored model: preview with or without the provision. */
  onPreviewDifficult: (apply: boolean | undefined) => void;
  /** 130: what the profile says of the provision; null while unknown. */
  difficultDefault: boolean | null;
}) {
  const modelType: TaxModelType = modelRef.modelType;
  const defs = useMemo(() => designBoxes(modelType, view.design), [modelType, view.design]);
  const saved = model?.adjustments;
  const savedKey = model ? `${model.modelId}:${model.version}:${model.updatedAt}` : 'preview';
  const [draft, setDraftState] = useState<AdjustmentsDraft>(() => initialDraft(modelType, saved, defs));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // A new version of the stored model (saved, regenerated) starts the form again from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored version changes
  useEffect(() => {
    setDraftState(initialDraft(modelType, saved, defs));
    setRefusal(null);
  }, [savedKey, defs]);
  /** A change of what is typed: the server's last refusal no longer applies to it. */
  const setDraft = (next: AdjustmentsDraft) => {
    setDraftState(next);
    setRefusal(null);
    const apply = next.income.applyDifficultJustification;
    if (!model && modelType === '130' && apply !== draft.income.applyDifficultJustification) {
      onPreviewDifficult(apply ?? undefined);
    }
  };
  const [openBox, setOpenBox] = useState<BoxRow | null>(null);
  const [validation, setValidation] = useState<ModelValidationView | null>(null);
  // The 369 has four boxes for each of the 26 member states: most are zero.
  const [hideZeros, setHideZeros] = useState(modelType === '369');

  const submitted = model?.status === 'SUBMITTED';
  const editable = !submitted;
  const { adjustments, errors } = draftToAdjustments(modelType, draft, view, defs);
  const savedAdjustments = draftToAdjustments(
    modelType,
    initialDraft(modelType, saved, defs),
    view,
    defs,
  ).adjustments;
  const editableBoxes = new Set(editable ? manualBoxes(modelType, defs).map((d) => d.box) : []);
  const rows = boxRows(view.boxes, defs, view.sources);
  const issues = validation?.issues ?? view.issues;

  const renderInput = (row: BoxRow) => {
    if (!editableBoxes.has(row.box)) return null;
    const error = errors[row.box];
    return (
      <Flex vertical align="flex-end">
        <Input
          size="small"
          aria-label={`Casilla ${row.box}`}
          inputMode="decimal"
          status={error ? 'error' : undefined}
          style={{ width: 130, textAlign: 'right' }}
          placeholder={
            row.unit === 'BP'
              ? bpToInput(row.value)
              : row.unit === 'COUNT'
                ? String(row.value)
                : centsToInput(row.value)
          }
          value={draft.boxes[row.box] ?? ''}
          onChange={(e) => setDraft({ ...draft, boxes: { ...draft.boxes, [row.box]: e.target.value } })}
        />
        {error ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {error}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  };

  const recalculate =
    !model && draft.compensation.trim() !== '' && !errors.compensation ? (
      <Button
        size="small"
        loading={previewFetching}
        onClick={() => onRecalculate(adjustments.compensationFromPreviousCents)}
      >
        Recalcular con esta compensación
      </Button>
    ) : null;

  return (
    <Flex vertical gap={16}>
      {!model ? (
        <Alert
          type="info"
          showIcon
          title="Vista previa calculada con los libros de hoy"
          description="El modelo de este periodo aún no se ha generado. Revísalo y pulsa 'Generar' para guardarlo; los ajustes se aplican al generarlo."
        />
      ) : null}
      <ModelActions
        companyId={companyId}
        modelRef={modelRef}
        model={model}
        adjustments={adjustments}
        dirty={JSON.stringify(adjustments) !== JSON.stringify(savedAdjustments)}
        invalid={Object.keys(errors).length > 0}
        onValidated={setValidation}
        onRefused={(error) =>
          setRefusal(
            hasAnnualFields(modelType)
              ? annualRefusalOf(error, modelType, draft.annual)
              : refusalOf(error, draft.income),
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Flex vertical gap={12}>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text type="secondary">
                Pulsa un importe para ver las facturas que suman en la casilla.
              </Typography.Text>
              <Flex gap={8} align="center">
                <Switch
                  size="small"
                  checked={hideZeros}
                  onChange={setHideZeros}
                  aria-label="Ocultar casillas a cero"
                />
                <Typography.Text>Ocultar casillas a cero</Typography.Text>
              </Flex>
            </Flex>
            <BoxTable rows={rows} onOpenBox={setOpenBox} renderInput={renderInput} hideZeros={hideZeros} />
            {modelType === '369' ? <OssLinesCard records={view.records} /> : null}
            {['349', '347', '190', '180', '193', '296'].includes(modelType) ? (
              <Card size="small" title={`Declarados (${view.records.length})`}>
                <DeclaredRecords modelType={modelType} records={view.records} />
              </Card>
            ) : null}
          </Flex>
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={16}>
            <AdjustmentsCard
              modelType={modelType}
              view={view}
              defs={defs}
              draft={draft}
              onChange={setDraft}
              errors={errors}
              editable={editable}
              extra={recalculate}
            />
            <IncomeTaxCard
              modelType={modelType}
              draft={draft.income}
              onChange={(income) => setDraft({ ...draft, income })}
              errors={{ ...refusal?.fields, ...errors }}
              refusal={refusal?.message ?? null}
              editable={editable}
              difficultDefault={difficultDefault}
            />
            <AnnualInputsCard
              modelType={modelType}
              draft={draft.annual}
              onChange={(annual) => setDraft({ ...draft, annual })}
              errors={{ ...refusal?.fields, ...errors }}
              refusal={refusal?.message ?? null}
              editable={editable}
              maxActivities={maxActivities131(view.design)}
            />
            <Card title="Incidencias" size="small">
              <Flex vertical gap={12}>
                <ModelIssues
                  issues={issues}
                  emptyText={
                    validation ? 'Validación correcta: el modelo no tiene incidencias.' : 'Sin incidencias.'
                  }
                />
                {validation ? <ValidationExtras validation={validation} /> : null}
              </Flex>
            </Card>
            {model ? <StoredModelFacts model={model} /> : null}
          </Flex>
        </Col>
      </Row>
      <BoxSourcesDrawer
        companyId={companyId}
        model={modelRef}
        row={openBox}
        onClose={() => setOpenBox(null)}
      />
    </Flex>
  );
}

/** What 'Validar' adds: the form's identities that do not hold, and the boxes the books changed since. */
function ValidationExtras({ validation }: { validation: ModelValidationView }) {
  const broken = validation.identities.filter((i) => !i.ok);
  const changed = validation.changedSinceGenerated;
  if (broken.length === 0 && changed.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      {broken.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title="Sumas del formulario que no cuadran"
          description={
            <Flex vertical gap={2}>
              {broken.map((i) => (
                <span key={i.rule}>
                  {i.rule}: debería ser {formatCents(i.expectedCents)} y es {formatCents(i.actualCents)}
                </span>
              ))}
            </Flex>
          }
        />
      ) : null}
      {changed.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="Los libros han cambiado desde que se generó"
          description={
            <Flex vertical gap={2}>
              {changed.map((c) => (
                <span key={c.box}>
                  Casilla {c.box}: {formatCents(c.storedCents)} en el modelo, {formatCents(c.booksCents)} en
                  los libros hoy
                </span>
              ))}
              <span>Regenera el modelo para tomar los importes de hoy.</span>
            </Flex>
          }
        />
      ) : null}
    </Flex>
  );
}

function StoredModelFacts({ model }: { model: TaxModelView }) {
  return (
    <Card title="Seguimiento" size="small">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Generado el">{formatDateTime(model.generatedAt)}</Descriptions.Item>
        {model.approvedAt ? (
          <Descriptions.Item label="Aprobado el">{formatDateTime(model.approvedAt)}</Descriptions.Item>
        ) : null}
        {model.submittedAt ? (
          <Descriptions.Item label="Presentado el">
            {/^\d{4}-\d{2}-\d{2}$/.test(model.submittedAt)
              ? formatDate(model.submittedAt)
              : formatDateTime(model.submittedAt)}
          </Descriptions.Item>
        ) : null}
        {model.reference ? (
          <Descriptions.Item label="Justificante">
            <Typography.Text copyable>{model.reference}</Typography.Text>
          </Descriptions.Item>
        ) : null}
        {model.publishedAt ? (
          <Descriptions.Item label="Publicado al cliente">
            {formatDateTime(model.publishedAt)}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}
