/**
 * The tax profile assistant (spec part 1 §7 tax-profile assistant; issue 13 item 1): plain
 * questions in four short steps, then 'Analizar' (taxAssistant.analyze) shows the facts the answers
 * imply, the models they bring with their reasons and the issues. 'Guardar borrador' keeps answers
 * and facts (taxAssistant.configure), 'Aplicar' creates the profile from them (taxAssistant.apply),
 * 'Empezar de nuevo' forgets the draft (taxAssistant.reset). A saved draft fills the questions in.
 */
import type { CompanyType } from '@shared/db/records';
import type { AssistantProposal, AssistantStatus } from '@shared/schemas/tax';
import { IRPF_METHODS, irpfMethodLabels, VAT_ZONES, vatZoneLabels } from '@shared/schemas/tax-profile';
import { errorMessage } from '@web/lib/api-error';
import { formatDateTime } from '@web/lib/format';
import { parseEurosToCents, parsePercentToBp } from '@web/lib/money-input';
import { toast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Grid,
  Input,
  Progress,
  Radio,
  Steps,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useState } from 'react';
import { useAnalyzeAnswers } from '../api/analyze-answers';
import { useApplyAssistant } from '../api/apply-assistant';
import { useConfigureAssistant } from '../api/configure-assistant';
import { useResetAssistant } from '../api/reset-assistant';
import {
  type AssistantFormValues,
  asksIrpfMethod,
  asksWithheldShare,
  emptyAssistantValues,
  fromAnswers,
  toAnswers,
} from '../utils/answers';
import { ACTIVITY_LABELS, optionsOf } from '../utils/labels';
import { AssistantProposalView, hasBlockingIssues } from './assistant-proposal';

type FieldName = keyof AssistantFormValues;

/** The questions of each step (validated before moving on). */
const STEP_FIELDS: FieldName[][] = [
  ['activity', 'vatZone', 'annualTurnover', 'irpfMethod', 'withheldIncomeShare'],
  ['hasEmployees', 'paysProfessionals', 'rentsPremises', 'paysDividendsOrInterest', 'paysNonResidents'],
  ['intraEuOperations', 'intraEuQuarter', 'sellsB2cToOtherEuCountries', 'assetsAbroad'],
  ['wantsMonthlyRefunds', 'cashAccounting', 'payByDomiciliation'],
];
const STEP_TITLES = ['Actividad', 'Pagos y retenciones', 'Extranjero', 'IVA y pagos', 'Resultado'];
const RESULT_STEP = STEP_FIELDS.length;

const YES_NO = [
  { value: true, label: 'Sí' },
  { value: false, label: 'No' },
];

const eurosRule = (message: string): Rule => ({
  validator: async (_, value: string | undefined) => {
    if (parseEurosToCents((value ?? '').trim()) === null) throw new Error(message);
  },
});

export function ProfileAssistant({
  companyId,
  companyType,
  draft,
  onSkip,
}: {
  companyId: string;
  companyType: CompanyType | undefined;
  /**
   * The saved draft, from the status the fiscal tab asked first (`useTaxProfileStatus`); null
   * without one, or when the status could not be read (the assistant then starts empty).
   */
  draft: AssistantStatus['draft'];
  /** 'Rellenar el perfil directamente': the full form instead of the questions. */
  onSkip: () => void;
}) {
  // The draft fills the questions in once, when the assistant opens; saving it again later does
  // not reset the screen.
  return (
    <AssistantSteps
      companyId={companyId}
      companyType={companyType}
      onSkip={onSkip}
      draftAnswers={draft?.answers ?? null}
      draftSavedAt={draft?.updatedAt ?? null}
    />
  );
}

function AssistantSteps({
  companyId,
  companyType,
  onSkip,
  draftAnswers,
  draftSavedAt,
}: {
  companyId: string;
  companyType: CompanyType | undefined;
  onSkip: () => void;
  draftAnswers: Parameters<typeof fromAnswers>[0] | null;
  draftSavedAt: string | null;
}) {
  const [form] = Form.useForm<AssistantFormValues>();
  const [step, setStep] = useState(0);
  const [proposal, setProposal] = useState<AssistantProposal | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A business onboarded mid-year has usually filed its earlier returns elsewhere.
  const [pastFiled, setPastFiled] = useState(true);
  const analyze = useAnalyzeAnswers(companyId);
  const configure = useConfigureAssistant(companyId);
  const apply = useApplyAssistant(companyId);
  const reset = useResetAssistant(companyId);
  const activity = Form.useWatch('activity', form);
  const intraEu = Form.useWatch('intraEuOperations', form);
  const busy = analyze.isPending || configure.isPending || apply.isPending || reset.isPending;
  const screens = Grid.useBreakpoint();
  // There is something to start over from: a saved draft, answers past the first step, a proposal.
  const canStartOver = draftSavedAt !== null || step > 0 || proposal !== null;

  const answers = () => toAnswers(form.getFieldsValue(true) as AssistantFormValues, companyType);

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
    } catch {
      return;
    }
    setStep(step + 1);
  };

  const runAnalysis = async () => {
    try {
      await form.validateFields(STEP_FIELDS.flat());
    } catch {
      return;
    }
    setError(null);
    analyze.mutate(answers(), {
      onSuccess: (result) => {
        setProposal(result);
        setStep(RESULT_STEP);
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  const saveDraft = () => {
    setError(null);
    configure.mutate(
      { answers: answers(), facts: proposal?.facts },
      {
        onSuccess: () => toast.success('Borrador guardado.'),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const applyProposal = () => {
    if (!proposal) return;
    setError(null);
    apply.mutate(
      { answers: answers(), facts: proposal.facts, pastFiled },
      {
        onSuccess: () => toast.success('Perfil fiscal creado. Ya se han calculado sus obligaciones.'),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const startOver = () => {
    setError(null);
    reset.mutate(undefined, {
      onSuccess: () => {
        form.resetFields();
        form.setFieldsValue({ ...emptyAssistantValues(), activity: undefined, irpfMethod: undefined });
        setProposal(null);
        setStep(0);
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        showIcon
        title="La empresa aún no tiene perfil fiscal"
        description={
          // The button under the text (not beside it): on a phone the text keeps the whole width.
          <Flex vertical gap={8} align="flex-start">
            <span>
              Responde unas preguntas sencillas y Cuadra propondrá sus datos censales y los modelos que debe
              presentar a la AEAT. Si ya los conoces, puedes rellenar el perfil directamente.
            </span>
            <Button size="small" onClick={onSkip} disabled={busy}>
              Rellenar el perfil directamente
            </Button>
          </Flex>
        }
      />
      {draftSavedAt ? (
        <Alert type="success" showIcon title={`Borrador guardado el ${formatDateTime(draftSavedAt)}`} />
      ) : null}
      {/* The questions, the result and the buttons on one white sheet. */}
      <Card>
        <Flex vertical gap={16}>
          {screens.md === false ? (
            // Five steps do not fit a phone's width: where the person is, in one line.
            <Flex vertical gap={4} aria-label="Pasos del asistente">
              <Typography.Text strong>
                Paso {step + 1} de {STEP_TITLES.length}: {STEP_TITLES[step]}
              </Typography.Text>
              <Progress
                percent={Math.round(((step + 1) / STEP_TITLES.length) * 100)}
                steps={STEP_TITLES.length}
                showInfo={false}
                size={[48, 6]}
              />
            </Flex>
          ) : (
            <Steps size="small" current={step} items={STEP_TITLES.map((title) => ({ title }))} />
          )}
          {error ? <Alert type="error" showIcon title={error} /> : null}

          <Form<AssistantFormValues>
            form={form}
            layout="vertical"
            initialValues={draftAnswers ? fromAnswers(draftAnswers) : emptyAssistantValues()}
            aria-label="Asistente del perfil fiscal"
            onFinish={() => undefined}
          >
            <StepPanel shown={step === 0}>
              <Form.Item
                name="activity"
                label="¿A qué se dedica la empresa?"
                rules={[{ required: true, message: 'Elige la actividad principal.' }]}
              >
                <Radio.Group
                  options={optionsOf(ACTIVITY_LABELS)}
                  style={{ display: 'flex', flexDirection: 'column' }}
                />
              </Form.Item>
              <Form.Item name="vatZone" label="¿Dónde realiza su actividad?">
                <Radio.Group options={VAT_ZONES.map((z) => ({ value: z, label: vatZoneLabels[z] }))} />
              </Form.Item>
              <Form.Item
                name="annualTurnover"
                label="Facturación anual estimada (€)"
                extra="Aproximada: sirve para saber si es gran empresa (más de 6.010.121,04 €, art. 71.3 RIVA)."
                rules={[eurosRule('Indica un importe en euros, por ejemplo 85.000 o 85000,50.')]}
              >
                <Input inputMode="decimal" suffix="€" style={{ maxWidth: 260 }} />
              </Form.Item>
              {asksIrpfMethod(companyType) ? (
                <Form.Item
                  name="irpfMethod"
                  label="¿Cómo calcula el rendimiento de la actividad en el IRPF?"
                  rules={[{ required: true, message: 'Elige el método de estimación del IRPF.' }]}
                >
                  <Radio.Group
                    options={IRPF_METHODS.map((m) => ({ value: m, label: irpfMethodLabels[m] }))}
                    style={{ display: 'flex', flexDirection: 'column' }}
                  />
                </Form.Item>
              ) : null}
              {asksWithheldShare(companyType, activity) ? (
                <Form.Item
                  name="withheldIncomeShare"
                  label="¿Qué porcentaje de sus ingresos del año pasado llevó retención de IRPF? (%)"
                  extra="Si fue el 70 % o más, no presenta el modelo 130 (art. 109.1 RIRPF). Déjalo vacío si no lo sabes."
                  rules={[
                    {
                      validator: async (_, value: string | undefined) => {
                        const text = (value ?? '').trim();
                        if (text !== '' && parsePercentToBp(text) === null) {
                          throw new Error('Indica un porcentaje entre 0 y 100.');
                        }
                      },
                    },
                  ]}
                >
                  <Input inputMode="decimal" suffix="%" style={{ maxWidth: 160 }} />
                </Form.Item>
              ) : null}
            </StepPanel>

            <StepPanel shown={step === 1}>
              <YesNo name="hasEmployees" label="¿Tiene trabajadores contratados?" />
              <YesNo
                name="paysProfessionals"
                label="¿Paga facturas de profesionales (abogados, asesores, diseñadores…) con retención de IRPF?"
              />
              <YesNo name="rentsPremises" label="¿Tiene alquilado un local u oficina para la actividad?" />
              <YesNo
                name="paysDividendsOrInterest"
                label="¿Reparte dividendos o paga intereses por préstamos de socios o de terceros?"
              />
              <YesNo
                name="paysNonResidents"
                label="¿Paga rentas a personas o empresas que no residen en España?"
              />
            </StepPanel>

            <StepPanel shown={step === 2}>
              <YesNo
                name="intraEuOperations"
                label="¿Compra o vende a empresas de otros países de la Unión Europea?"
              />
              {intraEu ? (
                <Form.Item
                  name="intraEuQuarter"
                  label="Ventas y servicios a empresas de la UE en el trimestre de más volumen (€)"
                  extra="Más de 50.000 € en un trimestre obliga a presentar el modelo 349 cada mes (art. 81.1 RIVA)."
                  rules={[eurosRule('Indica un importe en euros (0 si solo compra).')]}
                >
                  <Input inputMode="decimal" suffix="€" style={{ maxWidth: 260 }} />
                </Form.Item>
              ) : null}
              <YesNo
                name="sellsB2cToOtherEuCountries"
                label="¿Vende a consumidores particulares de otros países de la UE (ventas a distancia o servicios electrónicos)?"
                extra="Ventanilla única del IVA (OSS), modelo 369."
              />
              <YesNo
                name="assetsAbroad"
                label="¿Tiene bienes o derechos en el extranjero por más de 50.000 € (cuentas, valores, inmuebles)?"
              />
            </StepPanel>

            <StepPanel shown={step === 3}>
              <YesNo
                name="wantsMonthlyRefunds"
                label="¿Quiere pedir la devolución del IVA cada mes (REDEME)?"
                extra="Obliga a liquidar el IVA cada mes y a llevar los libros por el SII (art. 30 RIVA)."
              />
              <YesNo
                name="cashAccounting"
                label="¿Quiere aplicar el criterio de caja del IVA (declarar el IVA al cobrar y al pagar)?"
              />
              <YesNo
                name="payByDomiciliation"
                label="¿Quiere pagar los impuestos por domiciliación bancaria?"
              />
            </StepPanel>
          </Form>

          {step === RESULT_STEP && proposal ? <AssistantProposalView proposal={proposal} /> : null}
          {step === RESULT_STEP && proposal ? (
            <Checkbox checked={pastFiled} onChange={(e) => setPastFiled(e.target.checked)}>
              Las obligaciones vencidas antes de hoy ya están presentadas
            </Checkbox>
          ) : null}

          <Flex gap={8} wrap>
            {step > 0 ? (
              <Button onClick={() => setStep(step === RESULT_STEP ? 0 : step - 1)} disabled={busy}>
                {step === RESULT_STEP ? 'Volver a las preguntas' : 'Anterior'}
              </Button>
            ) : null}
            {step < RESULT_STEP - 1 ? (
              <Button type="primary" onClick={() => void next()}>
                Siguiente
              </Button>
            ) : null}
            {step === RESULT_STEP - 1 ? (
              <Button type="primary" onClick={() => void runAnalysis()} loading={analyze.isPending}>
                Analizar
              </Button>
            ) : null}
            {step === RESULT_STEP && proposal ? (
              <Button
                type="primary"
                onClick={applyProposal}
                loading={apply.isPending}
                disabled={busy || hasBlockingIssues(proposal.issues)}
              >
                Aplicar
              </Button>
            ) : null}
            {step === RESULT_STEP && proposal ? (
              <Button onClick={saveDraft} loading={configure.isPending} disabled={busy}>
                Guardar borrador
              </Button>
            ) : null}
            {canStartOver ? (
              <Button danger onClick={startOver} loading={reset.isPending} disabled={busy}>
                Empezar de nuevo
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

/** Keeps the questions of the other steps mounted (their values and rules stay in the form). */
function StepPanel({ shown, children }: { shown: boolean; children: ReactNode }) {
  return <div hidden={!shown}>{children}</div>;
}

function YesNo({ name, label, extra }: { name: FieldName; label: string; extra?: string }) {
  return (
    <Form.Item name={name} label={label} extra={extra}>
      <Radio.Group options={YES_NO} optionType="button" />
    </Form.Item>
  );
}
