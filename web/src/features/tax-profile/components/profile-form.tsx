/**
 * The full tax profile form (issue 13 item 1): every census fact of TaxProfileFacts, the prorrata
 * and the IRPF rate as percentages, and the domiciliation of each model that can be paid by direct
 * debit. Creating (the assistant skipped) sends POST taxProfile.create with the first tax year and
 * what to do with the obligations already due; editing sends PUT taxProfile.update, a new version
 * effective from the first day of next month, so periods already started keep their obligations.
 * Field errors of the API are shown under their fields; a person who may not write reads it.
 */
import type { CompanyType } from '@shared/db/records';
import {
  DOMICILIABLE_MODELS,
  IRPF_METHODS,
  irpfMethodLabels,
  type TaxModel,
  type TaxProfileFacts,
  taxModelNames,
  VAT_REGIMES,
  VAT_ZONES,
  vatRegimeLabels,
  vatZoneLabels,
} from '@shared/schemas/tax-profile';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@web/lib/api-error';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { formatDate } from '@web/lib/format';
import { parsePercentToBp } from '@web/lib/money-input';
import { type TaxProfileView, useUpdateTaxProfile } from '@web/lib/tax-api';
import { toast } from '@web/lib/toast';
import { Alert, Button, Checkbox, Col, Divider, Flex, Form, Input, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useState } from 'react';
import { useCreateTaxProfile } from '../api/create-tax-profile';
import { refreshAfterProfileWrite } from '../api/keys';
import {
  formFieldOf,
  isAutonomo,
  ownTaxYearEnd,
  type ProfileFormValues,
  toFacts,
  toFormValues,
} from '../utils/facts-form';
import { FACT_LABELS } from '../utils/labels';

/** How many tax years back and ahead a first profile may start (the server's window, LGT arts. 66-67). */
const TAX_YEARS_BACK = 4;
const TAX_YEARS_AHEAD = 1;

export const changesApplyLine = (date: string) =>
  `Los cambios se aplican desde el ${formatDate(date)}; los periodos ya empezados conservan sus obligaciones.`;

const percentRule = (required: boolean, message: string): Rule => ({
  validator: async (_, value: string | undefined) => {
    const text = (value ?? '').trim();
    if (text === '' && !required) return;
    if (parsePercentToBp(text) === null) throw new Error(message);
  },
});

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

interface CommonProps {
  companyId: string;
  companyType: CompanyType | undefined;
  canEdit: boolean;
}

type Props = CommonProps &
  (
    | {
        mode: 'edit';
        profile: TaxProfileView;
        /** The first day a change made now applies (the server's `nextEffectiveFrom`). */
        changesFrom: string;
      }
    | { mode: 'create'; initialFacts: TaxProfileFacts; currentYear: number; onBack: () => void }
  );

export function ProfileForm(props: Props) {
  const { companyId, companyType, canEdit } = props;
  const [form] = Form.useForm<ProfileFormValues>();
  const queryClient = useQueryClient();
  const create = useCreateTaxProfile(companyId);
  const update = useUpdateTaxProfile(companyId);
  const [error, setError] = useState<string | null>(null);
  const intraEu = Form.useWatch('intraEuOperations', form);
  const autonomo = isAutonomo(companyType);
  const editing = props.mode === 'edit';

  const initialValues: ProfileFormValues = editing
    ? toFormValues(props.profile.facts)
    : { ...toFormValues(props.initialFacts), taxYear: props.currentYear, assumeFiled: false };
  const required = new Set<TaxModel>(editing ? props.profile.requiredModels.map((m) => m.model) : []);

  const onError = (e: unknown) => {
    if (!showMappedApiErrors(form, e, formFieldOf)) setError(errorMessage(e));
  };

  const submit = () => {
    setError(null);
    // Every value of the store, also those of fields not shown for this company type.
    const values = form.getFieldsValue(true) as ProfileFormValues;
    const facts = toFacts(values, companyType);
    if (props.mode === 'edit') {
      update.mutate(
        { facts },
        {
          onSuccess: async (result) => {
            const change = result as TaxProfileView & { changed?: boolean; effectiveFrom?: string };
            if (change.changed === false) toast.info('No hay cambios que guardar.');
            else {
              toast.success(
                `Perfil fiscal guardado. Los cambios se aplican desde el ${formatDate(change.effectiveFrom ?? props.changesFrom)}.`,
              );
            }
            await refreshAfterProfileWrite(queryClient, companyId);
          },
          onError,
        },
      );
    } else {
      create.mutate(
        {
          facts,
          taxYear: values.taxYear ?? props.currentYear,
          pastObligations: values.assumeFiled ? 'ASSUME_FILED' : 'PENDING',
        },
        { onSuccess: () => toast.success('Perfil fiscal creado.'), onError },
      );
    }
  };

  const saving = create.isPending || update.isPending;
  const yearOptions =
    props.mode === 'create'
      ? Array.from({ length: TAX_YEARS_BACK + TAX_YEARS_AHEAD + 1 }, (_, i) => {
          const year = props.currentYear - TAX_YEARS_BACK + i;
          return { value: year, label: String(year) };
        })
      : [];

  return (
    <Form<ProfileFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      disabled={!canEdit}
      aria-label="Perfil fiscal"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}

      <Section title="IVA">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="vatRegime" label={FACT_LABELS.vatRegime} rules={[{ required: true }]}>
              <Select options={VAT_REGIMES.map((v) => ({ value: v, label: vatRegimeLabels[v] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="vatZone" label={FACT_LABELS.vatZone} rules={[{ required: true }]}>
              <Select options={VAT_ZONES.map((v) => ({ value: v, label: vatZoneLabels[v] }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <SwitchItem name="siiEnabled" />
          <SwitchItem name="largeCompany" />
          <SwitchItem name="redeme" />
          <SwitchItem name="vatGroup" />
          <SwitchItem name="cashAccounting" />
          <Col xs={24} md={12}>
            <Form.Item
              name="prorrata"
              label={FACT_LABELS.prorrataBp}
              extra="Déjalo vacío si todo el IVA soportado es deducible (art. 104 LIVA)."
              rules={[
                percentRule(false, 'Indica un porcentaje entre 0 y 100, con dos decimales como máximo.'),
              ]}
            >
              <Input inputMode="decimal" suffix="%" />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      {autonomo ? (
        <Section title="IRPF">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="irpfMethod"
                label={FACT_LABELS.irpfMethod}
                rules={[{ required: true, message: 'Indica el método de estimación del IRPF.' }]}
              >
                <Select options={IRPF_METHODS.map((m) => ({ value: m, label: irpfMethodLabels[m] }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="irpfRate"
                label={FACT_LABELS.irpfRateBp}
                extra="El 15 % general de los profesionales, o el 7 % en los primeros años de actividad (art. 101.5 LIRPF)."
                rules={[
                  percentRule(true, 'Indica un porcentaje entre 0 y 100, con dos decimales como máximo.'),
                ]}
              >
                <Input inputMode="decimal" suffix="%" />
              </Form.Item>
            </Col>
            <SwitchItem name="withholdingExemption130" />
          </Row>
        </Section>
      ) : null}

      <Section title="Retenciones y pagos a terceros">
        <Row gutter={16}>
          <SwitchItem name="hasEmployees" />
          <SwitchItem name="paysProfessionals" />
          <SwitchItem name="rentsPremises" />
          <SwitchItem name="paysDividendsOrInterest" />
          <SwitchItem name="paysNonResidents" />
        </Row>
      </Section>

      <Section title="Operaciones con el extranjero">
        <Row gutter={16}>
          <SwitchItem name="intraEuOperations" />
          <SwitchItem name="intraEuMonthly" disabled={!intraEu} />
          <SwitchItem name="ossRegistered" />
          <SwitchItem name="assetsAbroad" />
        </Row>
      </Section>

      <Section title="Ejercicio fiscal">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="fiscalYearEnd"
              label={FACT_LABELS.fiscalYearEnd}
              extra={
                ownTaxYearEnd(companyType)
                  ? 'Las sociedades pueden cerrar su ejercicio en otra fecha (art. 27 LIS).'
                  : 'En el IRPF el ejercicio es el año natural: cierra el 31 de diciembre.'
              }
              rules={[{ pattern: MONTH_DAY, message: 'La fecha debe tener el formato MM-DD.' }]}
            >
              <Input disabled={!ownTaxYearEnd(companyType)} placeholder="12-31" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {props.mode === 'create' ? (
              <Form.Item
                name="taxYear"
                label="Primer ejercicio que cubre el perfil"
                extra="El perfil se aplica desde el 1 de enero de ese año."
              >
                <Select options={yearOptions} />
              </Form.Item>
            ) : (
              <Form.Item label="Primer ejercicio que cubre el perfil">
                <Input value={String(props.profile.taxYear)} disabled />
              </Form.Item>
            )}
          </Col>
        </Row>
      </Section>

      <Section title="Domiciliación bancaria">
        <Row gutter={16}>
          {DOMICILIABLE_MODELS.map((model) => (
            <Col xs={24} md={12} key={model}>
              <Form.Item
                name={['domiciliation', model]}
                label={`Modelo ${model} · ${taxModelNames[model]}`}
                valuePropName="checked"
                extra={
                  editing && !required.has(model) ? 'La empresa no presenta este modelo ahora.' : undefined
                }
              >
                <Switch checkedChildren="Domiciliado" unCheckedChildren="No" />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Section>

      {props.mode === 'create' ? (
        <Form.Item name="assumeFiled" valuePropName="checked">
          <Checkbox>Las obligaciones vencidas antes de hoy ya están presentadas</Checkbox>
        </Form.Item>
      ) : null}

      {editing ? <Alert type="info" showIcon title={changesApplyLine(props.changesFrom)} /> : null}

      {canEdit ? (
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {editing ? 'Guardar cambios' : 'Crear perfil fiscal'}
          </Button>
          {props.mode === 'create' ? (
            <Button onClick={props.onBack} disabled={saving}>
              Volver al asistente
            </Button>
          ) : null}
        </Flex>
      ) : null}
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        {title}
      </Divider>
      {children}
    </section>
  );
}

type BooleanFact = {
  [K in keyof TaxProfileFacts]: TaxProfileFacts[K] extends boolean ? K : never;
}[keyof TaxProfileFacts];

function SwitchItem({ name, disabled }: { name: BooleanFact; disabled?: boolean }) {
  return (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={FACT_LABELS[name]} valuePropName="checked">
        <Switch checkedChildren="Sí" unCheckedChildren="No" disabled={disabled} />
      </Form.Item>
    </Col>
  );
}
