import LockOutlined from '@ant-design/icons/LockOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { companyTypeFromCif, validateTaxId } from '@shared/fiscal/nif';
import { companyTypeLabels } from '@shared/schemas/companies';
import { type AccountType, RegisterBody, SOCIETY_TYPES } from '@shared/schemas/identity';
import { AddressFields } from '@web/components/address-fields';
import { errorMessage } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Alert, Button, Checkbox, Col, Form, type FormInstance, Input, Radio, Row } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { type RegisterDraft, useRegister } from '../api/register';
import { applyApiFieldErrors } from '../utils/api-field-errors';
import { emailRules } from '../utils/email-rules';
import {
  confirmPasswordRules,
  newPasswordRules,
  nifProblem,
  nifRules,
  PASSWORD_HINT,
  phoneRules,
} from '../utils/form-rules';

type SocietyType = (typeof SOCIETY_TYPES)[number];

interface RegisterValues {
  accountType: AccountType;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  password: string;
  confirmPassword: string;
  firmName?: string;
  company?: {
    name?: string;
    nif?: string;
    companyType?: SocietyType;
    address?: { street?: string; postalCode?: string; city?: string; province?: string; country?: string };
  };
  acceptTerms: boolean;
}

const ACCOUNT_TYPE_OPTIONS: { value: AccountType; label: string; description: string }[] = [
  {
    value: 'AUTONOMO',
    label: 'Autónomo',
    description: 'Trabajas por cuenta propia con tu DNI o NIE.',
  },
  {
    value: 'COMPANY',
    label: 'Empresa',
    description: 'Una sociedad limitada, anónima, comunidad de bienes o sociedad civil, con su CIF.',
  },
  {
    value: 'GESTORIA',
    label: 'Gestoría',
    description: 'Un despacho que lleva la gestión de varias empresas cliente.',
  },
];

/** Form fields the API may name in a validation error (`field` or `details.issues[].field`). */
const FIELD_NAMES = [
  'accountType',
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'firmName',
  'company.name',
  'company.nif',
  'company.companyType',
  'company.address.street',
  'company.address.postalCode',
  'company.address.city',
  'company.address.province',
  'company.address.country',
  'acceptTerms',
] as const;

/** The request body from the form: only the parts the chosen account type uses. */
export function toRegisterDraft(values: RegisterValues): RegisterDraft {
  const phone = values.phone?.trim();
  const base = {
    accountType: values.accountType,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email.trim(),
    password: values.password,
    acceptTerms: values.acceptTerms === true,
    ...(phone ? { phone } : {}),
  };
  if (values.accountType === 'GESTORIA') return { ...base, firmName: values.firmName?.trim() ?? '' };
  const name = values.company?.name?.trim();
  const address = values.company?.address;
  return {
    ...base,
    company: {
      nif: values.company?.nif ?? '',
      companyType: values.accountType === 'AUTONOMO' ? 'AUTONOMO' : values.company?.companyType,
      ...(name ? { name } : {}),
      // Issue 10 item 2: the first company's fiscal address, printed on every complete invoice (F1).
      address: {
        street: address?.street?.trim() ?? '',
        postalCode: address?.postalCode?.trim() ?? '',
        city: address?.city?.trim() ?? '',
        province: address?.province?.trim() ?? '',
        country: 'ES',
      },
    },
  };
}

/**
 * Sign-up for autónomos, companies and gestorías (POST auth/register). Field rules mirror the
 * server's schema (the same password policy and NIF check from @shared), the whole body is checked
 * against that schema before sending, and the API's field errors land on their fields.
 */
export function RegisterForm() {
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const registration = useRegister();
  const [error, setError] = useState<string | null>(null);
  const accountType = Form.useWatch('accountType', form) ?? 'AUTONOMO';
  const nif = Form.useWatch(['company', 'nif'], form) ?? '';

  const nifKind = accountType === 'AUTONOMO' ? 'PERSON' : 'ENTITY';
  const nifOk = nif.trim() !== '' && nifProblem(nif, nifKind) === null;
  const nifHelp = nifOk ? describeNif(nif) : undefined;

  const onValuesChange = (changed: Partial<RegisterValues>) => {
    setError(null);
    if (changed.accountType) {
      // The NIF expected changes with the account type (DNI/NIE or CIF): check it again.
      if (form.getFieldValue(['company', 'nif'])) void form.validateFields([['company', 'nif']]);
    }
    if (changed.company?.nif !== undefined && form.getFieldValue('accountType') === 'COMPANY') {
      // A CIF's first letter says the society type (B = SL, A = SA...): offer it if none was chosen.
      const suggested = companyTypeFromCif(validateTaxId(changed.company.nif).normalized);
      if (suggested && !form.isFieldTouched(['company', 'companyType'])) {
        form.setFieldValue(['company', 'companyType'], suggested);
      }
    }
  };

  const onFinish = (values: RegisterValues) => {
    setError(null);
    const body = toRegisterDraft(values);
    const checked = RegisterBody.safeParse(body);
    if (!checked.success) {
      // The field rules should have caught it; the schema is the last word before the API.
      (form as FormInstance).setFields(
        checked.error.issues.map((issue) => ({ name: issue.path.map(String), errors: [issue.message] })),
      );
      return;
    }
    registration.mutate(checked.data, {
      onSuccess: (result) => {
        navigate(`${paths.auth.registerConfirmation}?${new URLSearchParams({ email: result.email })}`);
      },
      onError: (caught) => {
        if (!applyApiFieldErrors(form, caught, FIELD_NAMES)) setError(errorMessage(caught));
      },
    });
  };

  const typeDescription = ACCOUNT_TYPE_OPTIONS.find((option) => option.value === accountType)?.description;

  return (
    <Form<RegisterValues>
      form={form}
      name="register"
      layout="vertical"
      requiredMark="optional"
      noValidate
      initialValues={{ accountType: 'AUTONOMO', acceptTerms: false }}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0];
        if (first) form.scrollToField(first.name, { block: 'center' });
      }}
      disabled={registration.isPending}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} /> : null}

      <Form.Item label="Tipo de cuenta" name="accountType" extra={typeDescription} required>
        <Radio.Group
          block
          optionType="button"
          buttonStyle="solid"
          options={ACCOUNT_TYPE_OPTIONS.map(({ value, label }) => ({ value, label }))}
        />
      </Form.Item>

      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Nombre"
            name="firstName"
            rules={[
              { required: true, whitespace: true, message: 'El nombre es obligatorio.' },
              { max: 100, message: 'El nombre no puede superar 100 caracteres.' },
            ]}
          >
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Apellidos"
            name="lastName"
            rules={[
              { required: true, whitespace: true, message: 'El apellido es obligatorio.' },
              { max: 100, message: 'El apellido no puede superar 100 caracteres.' },
            ]}
          >
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
      </Row>

      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input prefix={<MailOutlined />} type="email" autoComplete="email" />
      </Form.Item>

      <Form.Item label="Teléfono" name="phone" rules={phoneRules}>
        <Input type="tel" autoComplete="tel" placeholder="600 123 456" />
      </Form.Item>

      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Contraseña" name="password" rules={newPasswordRules} extra={PASSWORD_HINT}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Repite la contraseña"
            name="confirmPassword"
            dependencies={['password']}
            rules={confirmPasswordRules('password')}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>

      {accountType === 'GESTORIA' ? (
        <fieldset style={fieldsetStyle}>
          <legend style={legendStyle}>Tu gestoría</legend>
          <Form.Item
            label="Nombre de la gestoría"
            name="firmName"
            rules={[
              { required: true, whitespace: true, message: 'El nombre de la gestoría es obligatorio.' },
              { min: 2, message: 'El nombre de la gestoría es obligatorio.' },
              { max: 200, message: 'El nombre no puede superar 200 caracteres.' },
            ]}
            extra="Las empresas de tus clientes las añades después, desde la aplicación."
          >
            <Input autoComplete="organization" />
          </Form.Item>
        </fieldset>
      ) : (
        <fieldset style={fieldsetStyle}>
          <legend style={legendStyle}>{accountType === 'AUTONOMO' ? 'Tu actividad' : 'Tu empresa'}</legend>
          {accountType === 'COMPANY' ? (
            <Form.Item
              label="Razón social"
              name={['company', 'name']}
              rules={[
                { required: true, whitespace: true, message: 'El nombre de la empresa es obligatorio.' },
                { min: 2, message: 'El nombre de la empresa es obligatorio.' },
                { max: 200, message: 'El nombre no puede superar 200 caracteres.' },
              ]}
            >
              <Input autoComplete="organization" />
            </Form.Item>
          ) : null}
          <Form.Item
            label={accountType === 'AUTONOMO' ? 'NIF (DNI o NIE)' : 'NIF de la empresa (CIF)'}
            name={['company', 'nif']}
            rules={nifRules(nifKind)}
            validateDebounce={300}
            hasFeedback={nifOk}
            extra={nifHelp}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              style={{ textTransform: 'uppercase' }}
              placeholder={accountType === 'AUTONOMO' ? '12345678Z' : 'B12345674'}
            />
          </Form.Item>
          {accountType === 'COMPANY' ? (
            <Form.Item
              label="Tipo de sociedad"
              name={['company', 'companyType']}
              rules={[{ required: true, message: 'Indica el tipo de sociedad (SL, SA, CB o SC).' }]}
            >
              <Radio.Group
                options={SOCIETY_TYPES.map((type) => ({
                  value: type,
                  label: `${companyTypeLabels[type]} (${type})`,
                }))}
                style={{ display: 'grid', gap: 8 }}
              />
            </Form.Item>
          ) : (
            <Form.Item
              label="Nombre comercial"
              name={['company', 'name']}
              rules={[{ max: 200, message: 'El nombre no puede superar 200 caracteres.' }]}
              extra="Si lo dejas vacío usaremos tu nombre y apellidos."
            >
              <Input autoComplete="organization" />
            </Form.Item>
          )}
        </fieldset>
      )}
      {accountType === 'GESTORIA' ? null : (
        <fieldset style={fieldsetStyle}>
          <legend style={legendStyle}>Dirección fiscal</legend>
          <p style={{ margin: '0 0 12px', opacity: 0.75 }}>
            {accountType === 'AUTONOMO' ? 'Tu domicilio fiscal' : 'El domicilio fiscal de la empresa'}:
            aparece en cada factura que emites.
          </p>
          <AddressFields prefix={['company', 'address']} />
        </fieldset>
      )}

      <Form.Item
        name="acceptTerms"
        valuePropName="checked"
        rules={[
          {
            validator: (_, value: boolean) =>
              value
                ? Promise.resolve()
                : Promise.reject(new Error('Debes aceptar los términos y condiciones.')),
          },
        ]}
      >
        <Checkbox>
          He leído y acepto las{' '}
          <a href={paths.legal.terms} target="_blank" rel="noopener">
            condiciones de uso
          </a>{' '}
          y la{' '}
          <a href={paths.legal.privacy} target="_blank" rel="noopener">
            política de privacidad
          </a>
          .
        </Checkbox>
      </Form.Item>

      <Button type="primary" htmlType="submit" size="large" block loading={registration.isPending}>
        Crear cuenta
      </Button>
      <p style={{ margin: '24px 0 0', textAlign: 'center' }}>
        ¿Ya tienes cuenta? <Link to={paths.auth.login}>Iniciar sesión</Link>
      </p>
    </Form>
  );
}

/** 'DNI válido', 'CIF válido: Sociedad Limitada' for the field's help line once the NIF is right. */
function describeNif(raw: string): string | undefined {
  const result = validateTaxId(raw);
  if (!result.valid || !result.kind) return undefined;
  const type = result.kind === 'CIF' ? companyTypeFromCif(result.normalized) : undefined;
  return type ? `${result.kind} válido: ${companyTypeLabels[type]}` : `${result.kind} válido`;
}

const fieldsetStyle = { border: 'none', margin: '8px 0 0', padding: 0, minWidth: 0 } as const;
const legendStyle = {
  fontSize: 16,
  fontWeight: 600,
  marginBottom: 12,
  padding: 0,
  border: 'none',
  color: 'inherit',
} as const;
