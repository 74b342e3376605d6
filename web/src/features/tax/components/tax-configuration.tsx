/**
 * /app/tax/configuration, 'Configuración fiscal' (spec part 2 §3 Tax configuration): taxRegime,
 * vatZone, siiEnabled, quarterlyVat and irpfRate of the selected company, read with
 * `taxConfig.get` and saved with `taxConfig.update` (only the fields changed), or with
 * `taxConfig.create` when the company has no profile yet (`useTaxProfileStatus` says so first, and
 * then taxConfig.get is not asked; its TAX_021 means the same). Shows the models the configuration
 * implies, the API's errors under their fields, and a link to the full profile.
 */

import type { TaxConfiguration, UpdateTaxConfigurationBody } from '@shared/schemas/tax';
import {
  defaultTaxProfileFacts,
  filesVatMonthly,
  irpfMethodLabels,
  taxModelNames,
  VAT_REGIMES,
  VAT_ZONES,
  vatRegimeLabels,
  vatZoneLabels,
} from '@shared/schemas/tax-profile';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { isNoTaxProfile, useTaxProfileStatus } from '@web/lib/tax-api';
import { toast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { Link } from 'react-router-dom';
import { useTaxConfiguration } from '../api/get-tax-configuration';
import { useSaveTaxConfiguration } from '../api/save-tax-configuration';

export interface ConfigurationValues {
  taxRegime: TaxConfiguration['taxRegime'];
  vatZone: TaxConfiguration['vatZone'];
  siiEnabled: boolean;
  quarterlyVat: boolean;
  irpfRate: number;
}

/**
 * The form's field of each field an API error names: the update* payload fields, the
 * configuration's names, and the profile facts behind them (a refused fact is listed by its own
 * name in `details.issues`).
 */
const FIELD_OF: Record<string, keyof ConfigurationValues> = {
  vatRegime: 'taxRegime',
  irpfRateBp: 'irpfRate',
  updateTaxRegime: 'taxRegime',
  updateVatZone: 'vatZone',
  updateSiiEnabled: 'siiEnabled',
  updateQuarterlyVat: 'quarterlyVat',
  updateIrpfRate: 'irpfRate',
  taxRegime: 'taxRegime',
  vatZone: 'vatZone',
  siiEnabled: 'siiEnabled',
  quarterlyVat: 'quarterlyVat',
  irpfRate: 'irpfRate',
};

/** The update* body: every field on create; on update only those that changed (absent ones are kept). */
export function configurationBody(
  values: ConfigurationValues,
  saved: ConfigurationValues | null,
): UpdateTaxConfigurationBody {
  const body: UpdateTaxConfigurationBody = {};
  const changed = <K extends keyof ConfigurationValues>(key: K) =>
    saved === null || saved[key] !== values[key];
  if (changed('taxRegime')) body.updateTaxRegime = values.taxRegime;
  if (changed('vatZone')) body.updateVatZone = values.vatZone;
  if (changed('siiEnabled')) body.updateSiiEnabled = values.siiEnabled;
  if (changed('quarterlyVat')) body.updateQuarterlyVat = values.quarterlyVat;
  if (changed('irpfRate')) body.updateIrpfRate = values.irpfRate;
  return body;
}

const valuesOf = (c: TaxConfiguration): ConfigurationValues => ({
  taxRegime: c.taxRegime,
  vatZone: c.vatZone,
  siiEnabled: c.siiEnabled,
  quarterlyVat: c.quarterlyVat,
  irpfRate: c.irpfRate,
});

export function TaxConfigurationPage() {
  const companyId = useCompanyId();
  const company = useSelectedCompany();
  const canRead = useCan('taxAssistant.status');
  const profile = useTaxProfileStatus(companyId, { enabled: canRead });
  const query = useTaxConfiguration(companyId, { enabled: profile.profileReady });

  if (!companyId || !company) {
    return (
      <>
        <PageHeader title="Configuración fiscal" />
        <NoCompanySelected description="Selecciona una empresa para ver su configuración fiscal." />
      </>
    );
  }

  const header = (
    <PageHeader
      title="Configuración fiscal"
      meta={<span>{company.name}</span>}
      actions={<Link to={paths.app.companyConfiguration(companyId, 'fiscal')}>Perfil fiscal completo</Link>}
    />
  );
  // Without a profile: the form that creates it (nothing to read first).
  const noProfile = profile.noProfile || isNoTaxProfile(query.error);
  if (!noProfile && query.isPending) {
    return (
      <>
        {header}
        <LoadingBlock label="Cargando la configuración fiscal" />
      </>
    );
  }
  if (!noProfile && query.isError) {
    return (
      <>
        {header}
        <LoadError
          title="Error cargando la configuración fiscal"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }

  const configuration = noProfile ? null : (query.data ?? null);
  const initial: ConfigurationValues = configuration
    ? valuesOf(configuration)
    : (() => {
        const facts = defaultTaxProfileFacts({
          companyType: company.companyType,
          siiEnabled: company.siiEnabled,
        });
        return {
          taxRegime: facts.vatRegime,
          vatZone: facts.vatZone,
          siiEnabled: facts.siiEnabled,
          quarterlyVat: !filesVatMonthly(facts),
          irpfRate: facts.irpfRateBp / 100,
        };
      })();
  return (
    <>
      {header}
      <ConfigurationForm
        key={configuration?.updatedAt ?? 'new'}
        companyId={companyId}
        autonomo={company.companyType === 'AUTONOMO'}
        configuration={configuration}
        initial={initial}
      />
    </>
  );
}

function ConfigurationForm({
  companyId,
  autonomo,
  configuration,
  initial,
}: {
  companyId: string;
  autonomo: boolean;
  configuration: TaxConfiguration | null;
  initial: ConfigurationValues;
}) {
  const [form] = Form.useForm<ConfigurationValues>();
  const exists = configuration !== null;
  const canSave = useCan(exists ? 'taxConfig.update' : 'taxConfig.create');
  const save = useSaveTaxConfiguration(companyId);

  const onFinish = (values: ConfigurationValues) => {
    // Fields not shown (the IRPF rate of a company) keep their value.
    const body = configurationBody({ ...initial, ...values }, exists ? initial : null);
    if (Object.keys(body).length === 0) {
      toast.info('No hay cambios que guardar.');
      return;
    }
    save.mutate(
      { body, exists },
      {
        onSuccess: () =>
          toast.success(
            exists
              ? 'Configuración fiscal guardada. Se aplica desde el mes que viene; los periodos ya iniciados conservan sus obligaciones.'
              : 'Perfil fiscal creado con esta configuración.',
          ),
        onError: (error) => {
          if (!showMappedApiErrors(form, error, (field) => FIELD_OF[field])) toast.fromError(error);
        },
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      {exists ? null : (
        <Alert
          type="info"
          showIcon
          title="La empresa aún no tiene perfil fiscal"
          description={
            canSave
              ? 'Al guardar se crea con esta configuración y los valores por defecto del resto de datos censales; complétalo en el perfil fiscal completo.'
              : 'Quien gestiona la empresa debe configurarlo.'
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="Configuración">
            <Form<ConfigurationValues>
              form={form}
              layout="vertical"
              initialValues={initial}
              disabled={!canSave}
              onFinish={onFinish}
              onValuesChange={(changed: Partial<ConfigurationValues>) => {
                // SII means monthly VAT returns (RIVA art. 71.3): the periodicity follows.
                if (changed.siiEnabled === true) form.setFieldValue('quarterlyVat', false);
              }}
            >
              <Form.Item name="taxRegime" label="Régimen de IVA" rules={[{ required: true }]}>
                <Select options={VAT_REGIMES.map((r) => ({ value: r, label: vatRegimeLabels[r] }))} />
              </Form.Item>
              <Form.Item name="vatZone" label="Territorio" rules={[{ required: true }]}>
                <Select options={VAT_ZONES.map((z) => ({ value: z, label: vatZoneLabels[z] }))} />
              </Form.Item>
              <Form.Item
                name="siiEnabled"
                label="Suministro Inmediato de Información (SII)"
                valuePropName="checked"
                extra="Con SII, el IVA se liquida cada mes y no se presentan los modelos 347 ni 390."
              >
                <Switch />
              </Form.Item>
              <Form.Item name="quarterlyVat" label="Periodicidad del IVA (modelo 303)">
                <Radio.Group
                  options={[
                    { value: true, label: 'Trimestral' },
                    { value: false, label: 'Mensual' },
                  ]}
                />
              </Form.Item>
              {autonomo ? (
                <Form.Item
                  name="irpfRate"
                  label="Retención de IRPF en tus facturas"
                  rules={[{ required: true, message: 'Indica el porcentaje de retención.' }]}
                  extra="Normalmente el 15 %; el 7 % los tres primeros años de actividad profesional (art. 101.5.a LIRPF y art. 95.1 RIRPF)."
                >
                  <InputNumber
                    min={0}
                    max={100}
                    step={0.01}
                    precision={2}
                    suffix="%"
                    style={{ width: 160 }}
                  />
                </Form.Item>
              ) : null}
              {configuration?.irpfMethod ? (
                <Typography.Paragraph type="secondary">
                  Método de IRPF: {irpfMethodLabels[configuration.irpfMethod]}.
                </Typography.Paragraph>
              ) : null}
              {canSave ? (
                <Button type="primary" htmlType="submit" loading={save.isPending} disabled={false}>
                  {exists ? 'Guardar' : 'Crear perfil fiscal'}
                </Button>
              ) : null}
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Modelos que presenta">
            {configuration ? (
              configuration.requiredModels.length === 0 ? (
                <Typography.Text type="secondary">
                  Esta configuración no implica ningún modelo.
                </Typography.Text>
              ) : (
                <Flex vertical gap={6} role="list" aria-label="Modelos que presenta">
                  {configuration.requiredModels.map((model) => (
                    <Flex key={model} role="listitem" gap={8} align="baseline">
                      <Tag color="blue">{model}</Tag>
                      <Typography.Text>{taxModelNames[model]}</Typography.Text>
                    </Flex>
                  ))}
                </Flex>
              )
            ) : (
              <Typography.Text type="secondary">
                Se calcularán al crear el perfil fiscal de la empresa.
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
