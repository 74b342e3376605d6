/**
 * /app/tax/fiscal-year-config, 'Ejercicio fiscal': the profile's first tax year (read only once the
 * profile exists), the end of the tax year (MM-DD, Impuesto sobre Sociedades) and whether each
 * domiciliable model the company files is paid by direct debit. Saved with `taxProfile.update`
 * (the whole facts with these fields changed) as a new version from the first day of next month:
 * periods already started keep their obligations. Without a tax profile (asked first:
 * `useTaxProfileStatus`) the welcome card, and the profile is not asked.
 */
import {
  DOMICILIABLE_MODELS,
  type DomiciliableModel,
  TaxProfileFacts,
  taxModelNames,
} from '@shared/schemas/tax-profile';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { TaxWelcomeCard } from '@web/components/tax-welcome-card';
import { useCan } from '@web/lib/access';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { useCompanyId } from '@web/lib/company';
import { formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import {
  isNoTaxProfile,
  isProfileNotFound,
  type TaxProfileView,
  useTaxProfile,
  useTaxProfileStatus,
  useUpdateTaxProfile,
} from '@web/lib/tax-api';
import { toast } from '@web/lib/toast';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Switch, Typography } from 'antd';
import { Link } from 'react-router-dom';

interface YearValues {
  fiscalYearEnd: string;
  domiciliation: Partial<Record<DomiciliableModel, boolean>>;
}

/** The domiciliable models the profile's current facts make the company file. */
export function domiciliableModelsOf(profile: Pick<TaxProfileView, 'requiredModels'>): DomiciliableModel[] {
  const filed = new Set(profile.requiredModels.map((r) => r.model));
  return DOMICILIABLE_MODELS.filter((m) => filed.has(m));
}

/** The facts to send: the current ones with the end of the tax year and the domiciliations changed. */
export function factsWithYearValues(facts: TaxProfileFacts, values: YearValues): TaxProfileFacts {
  return {
    ...facts,
    fiscalYearEnd: values.fiscalYearEnd,
    domiciliation: { ...facts.domiciliation, ...values.domiciliation },
  };
}

const validFiscalYearEnd = (value: string) => TaxProfileFacts.shape.fiscalYearEnd.safeParse(value).success;

export function FiscalYearConfig() {
  const companyId = useCompanyId();
  const company = useSelectedCompany();
  const canRead = useCan('taxAssistant.status');
  const status = useTaxProfileStatus(companyId, { enabled: canRead });
  const query = useTaxProfile(companyId, { enabled: status.profileReady });

  if (!companyId) {
    return (
      <>
        <PageHeader title="Ejercicio fiscal" />
        <NoCompanySelected description="Selecciona una empresa para ver su ejercicio fiscal." />
      </>
    );
  }
  const header = <PageHeader title="Ejercicio fiscal" meta={company ? <span>{company.name}</span> : null} />;
  if (status.noProfile || isProfileNotFound(query.error) || isNoTaxProfile(query.error)) {
    return (
      <>
        {header}
        <TaxWelcomeCard companyId={companyId} />
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        {header}
        <LoadingBlock label="Cargando el perfil fiscal" />
      </>
    );
  }
  if (query.isError || !query.data) {
    return (
      <>
        {header}
        <LoadError
          title="Error cargando el perfil fiscal"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return (
    <>
      {header}
      <YearForm key={query.data.updatedAt} companyId={companyId} profile={query.data} />
    </>
  );
}

function YearForm({ companyId, profile }: { companyId: string; profile: TaxProfileView }) {
  const [form] = Form.useForm<YearValues>();
  const canSave = useCan('taxProfile.update');
  const update = useUpdateTaxProfile(companyId);
  const models = domiciliableModelsOf(profile);
  // The server's own answer: the first day of next month, or later when a change is already pending.
  const effectiveFrom = profile.nextEffectiveFrom;
  const autonomo = profile.companyType === 'AUTONOMO';
  const initial: YearValues = {
    fiscalYearEnd: profile.facts.fiscalYearEnd,
    domiciliation: Object.fromEntries(models.map((m) => [m, profile.facts.domiciliation[m] === true])),
  };

  const onFinish = (values: YearValues) => {
    update.mutate(
      { facts: factsWithYearValues(profile.facts, values) },
      {
        onSuccess: () =>
          toast.success(`Ejercicio fiscal guardado. Se aplica desde el ${formatDate(effectiveFrom)}.`),
        onError: (error) => {
          const placed = showMappedApiErrors(form, error, (field) => {
            const path = field.replace(/^facts\./, '').split('.');
            if (path[0] === 'fiscalYearEnd') return ['fiscalYearEnd'];
            if (path[0] === 'domiciliation' && path[1]) return ['domiciliation', path[1]];
            return undefined;
          });
          if (!placed) toast.fromError(error);
        },
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Primer ejercicio del perfil">{profile.taxYear}</Descriptions.Item>
          <Descriptions.Item label="Perfil fiscal creado">
            {formatDateTime(profile.createdAt)}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          El primer ejercicio no se puede cambiar una vez creado el perfil.{' '}
          <Link to={paths.app.companyConfiguration(companyId, 'fiscal')}>Perfil fiscal completo</Link>
        </Typography.Text>
      </Card>
      <Card title="Cierre del ejercicio y domiciliaciones">
        <Form<YearValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          disabled={!canSave}
          onFinish={onFinish}
        >
          {autonomo ? (
            <Typography.Paragraph type="secondary">
              Como persona física, el ejercicio del IRPF coincide con el año natural (art. 12 LIRPF).
            </Typography.Paragraph>
          ) : (
            <Form.Item
              name="fiscalYearEnd"
              label="Fin del ejercicio (MM-DD)"
              extra="Para el Impuesto sobre Sociedades: 12-31 si el ejercicio coincide con el año natural (art. 27 LIS)."
              rules={[
                {
                  validator: (_, value: string) =>
                    validFiscalYearEnd(value ?? '')
                      ? Promise.resolve()
                      : Promise.reject(new Error('La fecha debe tener el formato MM-DD.')),
                },
              ]}
            >
              <Input placeholder="12-31" style={{ width: 140 }} maxLength={5} />
            </Form.Item>
          )}
          <Typography.Title level={5}>Pago por domiciliación bancaria</Typography.Title>
          {models.length === 0 ? (
            <Typography.Paragraph type="secondary">
              La empresa no presenta ningún modelo que admita domiciliación.
            </Typography.Paragraph>
          ) : (
            models.map((model) => (
              <Form.Item
                key={model}
                name={['domiciliation', model]}
                valuePropName="checked"
                label={`Modelo ${model} · ${taxModelNames[model]}`}
              >
                <Switch checkedChildren="Domiciliado" unCheckedChildren="No" />
              </Form.Item>
            ))
          )}
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`Los cambios se aplicarán desde el ${formatDate(effectiveFrom)}; los periodos anteriores conservan sus obligaciones.`}
          />
          {canSave ? (
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              Guardar
            </Button>
          ) : null}
        </Form>
      </Card>
      {profile.versions.length > 1 ? (
        <Card title="Versiones del perfil">
          <Flex vertical gap={4} role="list">
            {[...profile.versions].reverse().map((v) => (
              <Typography.Text key={v.effectiveFrom} role="listitem">
                Desde el {formatDate(v.effectiveFrom)} · cambiado el {formatDateTime(v.changedAt)}
              </Typography.Text>
            ))}
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}
