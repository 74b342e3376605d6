/**
 * The company's VeriFacTu configuration (spec part 1 §7 verifactu-config): mode, environment,
 * certificate (one of the uploaded ones), representative (a gestoría submitting for its client),
 * seal certificate, enabled → POST the first time, PUT afterwards; 'Probar conexión' with its result.
 */
import type {
  CertificateView,
  ConnectionTestResult,
  VerifactuConfig,
  VerifactuConfigBody,
  VerifactuEnvironment,
  VerifactuMode,
} from '@shared/schemas/verifactu';
import { errorMessage } from '@web/lib/api-error';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { formatDate, formatDateTime } from '@web/lib/format';
import { showToast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Switch,
} from 'antd';
import { useState } from 'react';
import { useSaveVerifactuConfig } from '../api/save-config';
import { useTestVerifactuConnection } from '../api/test-connection';
import { ENVIRONMENT_LABELS, MODE_LABELS, optionsOf } from '../utils/labels';

export interface ConfigFormValues {
  mode: VerifactuMode;
  environment: VerifactuEnvironment;
  certificateId?: string | null;
  hasRepresentative: boolean;
  representativeName?: string;
  representativeNif?: string;
  sealCertificate: boolean;
  enabled: boolean;
}

export function configFormValues(config: VerifactuConfig | null): ConfigFormValues {
  return {
    mode: config?.mode ?? 'VERIFACTU',
    environment: config?.environment ?? 'TEST',
    certificateId: config?.certificateId ?? null,
    hasRepresentative: Boolean(config?.representative),
    representativeName: config?.representative?.name ?? '',
    representativeNif: config?.representative?.nif ?? '',
    sealCertificate: config?.sealCertificate ?? false,
    enabled: config?.enabled ?? true,
  };
}

export function toConfigBody(values: ConfigFormValues): VerifactuConfigBody {
  return {
    mode: values.mode,
    environment: values.environment,
    certificateId: values.certificateId || null,
    representative: values.hasRepresentative
      ? {
          name: (values.representativeName ?? '').trim(),
          nif: (values.representativeNif ?? '').trim().toUpperCase(),
        }
      : null,
    sealCertificate: values.sealCertificate,
    enabled: values.enabled,
  };
}

const FIELD_MAP: Record<string, string> = {
  mode: 'mode',
  environment: 'environment',
  certificateId: 'certificateId',
  'representative.name': 'representativeName',
  'representative.nif': 'representativeNif',
  representative: 'representativeName',
  sealCertificate: 'sealCertificate',
  enabled: 'enabled',
};

const certificateLabel = (c: CertificateView) =>
  `${c.subject}${c.holderNif ? ` (${c.holderNif})` : ''} · hasta ${formatDate(c.validTo)}`;

export function ConfigForm({
  companyId,
  config,
  certificates,
}: {
  companyId: string;
  config: VerifactuConfig | null;
  certificates: CertificateView[];
}) {
  const [form] = Form.useForm<ConfigFormValues>();
  const save = useSaveVerifactuConfig(companyId);
  const [error, setError] = useState<string | null>(null);
  const hasRepresentative = Form.useWatch('hasRepresentative', form);

  const onFinish = (values: ConfigFormValues) => {
    setError(null);
    save.mutate(
      { body: toConfigBody(values), exists: config !== null },
      {
        onSuccess: () => showToast('success', 'Configuración VeriFacTu guardada.'),
        onError: (e) => {
          if (!showMappedApiErrors(form, e, (field) => FIELD_MAP[field])) setError(errorMessage(e));
        },
      },
    );
  };

  return (
    <Form<ConfigFormValues>
      form={form}
      layout="vertical"
      initialValues={configFormValues(config)}
      onFinish={onFinish}
      aria-label="Configuración VeriFacTu"
    >
      {config === null ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="VeriFacTu no está configurado todavía para esta empresa."
        />
      ) : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="mode"
            label="Modo"
            extra="VERI*FACTU envía cada registro a la AEAT en el momento. El modo NO VERI*FACTU (registros firmados y registro de eventos) aún no está disponible."
          >
            <Radio.Group
              options={optionsOf(MODE_LABELS).map((o) =>
                o.value === 'NO_VERIFACTU' ? { ...o, disabled: true } : o,
              )}
              optionType="button"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="environment" label="Entorno">
            <Radio.Group options={optionsOf(ENVIRONMENT_LABELS)} optionType="button" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="certificateId"
        label="Certificado"
        extra="El certificado con el que se firma la conexión con la AEAT."
      >
        <Select
          allowClear
          placeholder={certificates.length ? 'Elige un certificado' : 'Sube antes un certificado'}
          options={certificates.map((c) => ({
            value: c.certificateId,
            label: certificateLabel(c),
            disabled: c.status !== 'VALID',
          }))}
        />
      </Form.Item>
      <Form.Item name="hasRepresentative" valuePropName="checked">
        <Checkbox>Presentar como representante (gestoría que envía por su cliente)</Checkbox>
      </Form.Item>
      {hasRepresentative ? (
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item
              name="representativeName"
              label="Representante: nombre o razón social"
              rules={[
                { required: true, whitespace: true, message: 'El nombre del representante es obligatorio.' },
                { min: 2, message: 'El nombre del representante es obligatorio.' },
                { max: 120, message: 'Como máximo 120 caracteres.' },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="representativeNif"
              label="Representante: NIF"
              rules={[
                { required: true, message: 'El NIF del representante es obligatorio.' },
                {
                  pattern: /^\s*[0-9A-Za-z]{9}\s*$/,
                  message: 'El NIF del representante no es válido.',
                },
              ]}
            >
              <Input style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Flex gap={32} wrap>
        <Form.Item name="sealCertificate" label="Certificado de sello" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="enabled" label="Activado" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {config ? 'Guardar cambios' : 'Guardar configuración'}
      </Button>
    </Form>
  );
}

/** The configuration for who may only read it. */
export function ConfigView({
  config,
  certificates,
}: {
  config: VerifactuConfig | null;
  certificates: CertificateView[];
}) {
  if (!config)
    return <Alert type="info" showIcon title="VeriFacTu no está configurado todavía para esta empresa." />;
  const certificate = certificates.find((c) => c.certificateId === config.certificateId);
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={[
        { key: 'mode', label: 'Modo', children: MODE_LABELS[config.mode] },
        { key: 'env', label: 'Entorno', children: ENVIRONMENT_LABELS[config.environment] },
        { key: 'cert', label: 'Certificado', children: certificate ? certificateLabel(certificate) : '—' },
        {
          key: 'rep',
          label: 'Representante',
          children: config.representative
            ? `${config.representative.name} (${config.representative.nif})`
            : '—',
        },
        { key: 'seal', label: 'Certificado de sello', children: config.sealCertificate ? 'Sí' : 'No' },
        { key: 'enabled', label: 'Activado', children: config.enabled ? 'Sí' : 'No' },
      ]}
    />
  );
}

/** 'Probar conexión': the last result (kept in the configuration) or the one just made. */
export function ConnectionTest({
  companyId,
  config,
  canManage,
}: {
  companyId: string;
  config: VerifactuConfig | null;
  canManage: boolean;
}) {
  const test = useTestVerifactuConnection(companyId);
  const result: ConnectionTestResult | null = test.data ?? config?.lastConnectionTest ?? null;
  return (
    <Flex vertical gap={12}>
      {canManage ? (
        <div>
          <Button onClick={() => test.mutate()} loading={test.isPending} disabled={config === null}>
            Probar conexión
          </Button>
        </div>
      ) : null}
      {config === null ? <span>Guarda la configuración antes de probar la conexión.</span> : null}
      {test.isError ? <Alert type="error" showIcon title={errorMessage(test.error)} /> : null}
      {result && !test.isError ? (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={result.ok ? 'Conexión correcta' : 'La conexión ha fallado'}
          description={
            <>
              <div>
                {result.message}
                {result.code ? ` (código ${result.code})` : ''}
              </div>
              <div>
                {result.endpoint} · {formatDateTime(result.at)}
              </div>
            </>
          }
        />
      ) : null}
    </Flex>
  );
}
