/**
 * The company's SII configuration (SiiConfig): environment (Pruebas / Producción), the certificate
 * the connection uses (one of the company's uploaded ones, the store VeriFacTu uses too), the
 * representative presenting for the company (colaborador social or apoderado), the submission mode
 * (Automático: records go as soon as they exist; Manual: they wait for 'Enviar', deadline alerts
 * still run) and whether received invoices wait for their approval before their FR record is sent.
 */
import type { SiiConfig, SiiConfigBody, SiiEnvironment } from '@shared/schemas/sii';
import type { CertificateView } from '@shared/schemas/verifactu';
import { errorMessage } from '@web/lib/api-error';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { formatDate, formatDateTime } from '@web/lib/format';
import { SII_ENVIRONMENT_LABELS, SII_SUBMISSION_MODE_LABELS } from '@web/lib/sii-labels';
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
import { useSaveSiiConfig } from '../api/save-config';
import { type SiiConnectionTest, useTestSiiConnection } from '../api/test-connection';

export interface SiiConfigFormValues {
  environment: SiiEnvironment;
  certificateId?: string | null;
  hasRepresentative: boolean;
  representativeName?: string;
  representativeNif?: string;
  submissionMode: SiiConfig['submissionMode'];
  holdUnapprovedReceived: boolean;
}

export function siiConfigFormValues(config: SiiConfig | null): SiiConfigFormValues {
  return {
    environment: config?.environment ?? 'TEST',
    certificateId: config?.certificateId ?? null,
    hasRepresentative: Boolean(config?.representative),
    representativeName: config?.representative?.name ?? '',
    representativeNif: config?.representative?.nif ?? '',
    submissionMode: config?.submissionMode ?? 'AUTOMATIC',
    holdUnapprovedReceived: config?.holdUnapprovedReceived ?? false,
  };
}

export function toSiiConfigBody(values: SiiConfigFormValues): SiiConfigBody {
  return {
    environment: values.environment,
    certificateId: values.certificateId || null,
    representative: values.hasRepresentative
      ? {
          name: (values.representativeName ?? '').trim(),
          nif: (values.representativeNif ?? '').trim().toUpperCase(),
        }
      : null,
    submissionMode: values.submissionMode,
    holdUnapprovedReceived: values.holdUnapprovedReceived,
  };
}

const FIELD_MAP: Record<string, string> = {
  environment: 'environment',
  certificateId: 'certificateId',
  representative: 'representativeName',
  'representative.name': 'representativeName',
  'representative.nif': 'representativeNif',
  submissionMode: 'submissionMode',
  holdUnapprovedReceived: 'holdUnapprovedReceived',
};

const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

export const certificateLabel = (c: CertificateView) =>
  `${c.subject}${c.holderNif ? ` (${c.holderNif})` : ''} · hasta ${formatDate(c.validTo)}`;

export function SiiConfigForm({
  companyId,
  config,
  certificates,
}: {
  companyId: string;
  config: SiiConfig | null;
  certificates: CertificateView[];
}) {
  const [form] = Form.useForm<SiiConfigFormValues>();
  const save = useSaveSiiConfig(companyId);
  const [error, setError] = useState<string | null>(null);
  const hasRepresentative = Form.useWatch('hasRepresentative', form);

  const onFinish = (values: SiiConfigFormValues) => {
    setError(null);
    save.mutate(toSiiConfigBody(values), {
      onSuccess: () => showToast('success', 'Configuración SII guardada.'),
      onError: (e) => {
        if (!showMappedApiErrors(form, e, (field) => FIELD_MAP[field])) setError(errorMessage(e));
      },
    });
  };

  return (
    <Form<SiiConfigFormValues>
      form={form}
      layout="vertical"
      initialValues={siiConfigFormValues(config)}
      onFinish={onFinish}
      aria-label="Configuración SII"
    >
      {config === null ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="El SII no está configurado todavía para esta empresa."
        />
      ) : null}
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="environment"
            label="Entorno"
            extra="Pruebas envía al entorno de pruebas de la AEAT; Producción, a los libros reales."
          >
            <Radio.Group options={optionsOf(SII_ENVIRONMENT_LABELS)} optionType="button" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="submissionMode"
            label="Modo de envío"
            extra="Automático: cada registro se envía en cuanto existe. Manual: esperan a 'Enviar pendientes' (los avisos de plazo siguen)."
          >
            <Radio.Group options={optionsOf(SII_SUBMISSION_MODE_LABELS)} optionType="button" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="certificateId"
        label="Certificado"
        extra="El certificado con el que se establece la conexión con la AEAT."
      >
        <Select
          allowClear
          aria-label="Certificado"
          placeholder={certificates.length ? 'Elige un certificado' : 'Sube antes un certificado'}
          options={certificates.map((c) => ({
            value: c.certificateId,
            label: certificateLabel(c),
            disabled: c.status !== 'VALID',
          }))}
        />
      </Form.Item>
      <Form.Item name="hasRepresentative" valuePropName="checked">
        <Checkbox>Presentar como representante (colaborador social o apoderado de la empresa)</Checkbox>
      </Form.Item>
      {hasRepresentative ? (
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item
              name="representativeName"
              label="Representante: nombre o razón social"
              rules={[
                { required: true, whitespace: true, message: 'El nombre del representante es obligatorio.' },
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
                { pattern: /^\s*[0-9A-Za-z]{9}\s*$/, message: 'El NIF del representante no es válido.' },
              ]}
            >
              <Input style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Form.Item
        name="holdUnapprovedReceived"
        label="Retener facturas recibidas no aprobadas"
        valuePropName="checked"
        extra="Las facturas recibidas esperan a estar aprobadas antes de enviarse al libro de facturas recibidas."
      >
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {config ? 'Guardar cambios' : 'Guardar configuración'}
      </Button>
    </Form>
  );
}

/** The configuration for who may only read it. */
export function SiiConfigView({
  config,
  certificates,
}: {
  config: SiiConfig | null;
  certificates: CertificateView[];
}) {
  if (!config)
    return <Alert type="info" showIcon title="El SII no está configurado todavía para esta empresa." />;
  const certificate = certificates.find((c) => c.certificateId === config.certificateId);
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={[
        { key: 'env', label: 'Entorno', children: SII_ENVIRONMENT_LABELS[config.environment] },
        { key: 'cert', label: 'Certificado', children: certificate ? certificateLabel(certificate) : '—' },
        {
          key: 'rep',
          label: 'Representante',
          children: config.representative
            ? `${config.representative.name} (${config.representative.nif})`
            : '—',
        },
        { key: 'mode', label: 'Modo de envío', children: SII_SUBMISSION_MODE_LABELS[config.submissionMode] },
        {
          key: 'hold',
          label: 'Retener facturas recibidas no aprobadas',
          children: config.holdUnapprovedReceived ? 'Sí' : 'No',
        },
      ]}
    />
  );
}

/** 'Probar conexión': the last result (kept in the configuration) or the one just made. */
export function SiiConnectionTestPanel({
  companyId,
  config,
  canTest,
}: {
  companyId: string;
  config: SiiConfig | null;
  canTest: boolean;
}) {
  const test = useTestSiiConnection(companyId);
  const result: SiiConnectionTest | null = test.data ?? config?.lastConnectionTest ?? null;
  return (
    <Flex vertical gap={12}>
      {canTest ? (
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
              <div>{result.message}</div>
              <div>{formatDateTime(result.at)}</div>
            </>
          }
        />
      ) : null}
    </Flex>
  );
}
