import type { PaymentTerms } from '@shared/fiscal/due-dates';
import { formatIban, validateIban } from '@shared/fiscal/iban';
import type { CompanySettings } from '@shared/schemas/companies';
import { PaymentTermsEditor, paymentTermsRule } from '@web/components/payment-terms-editor';
import { errorMessage } from '@web/lib/api-error';
import { showApiErrorOnForm } from '@web/lib/api-field-errors';
import { toast } from '@web/lib/toast';
import { Alert, Button, Descriptions, Flex, Form, Input, InputNumber, Select, Spin } from 'antd';
import { useState } from 'react';
import { useCompanySettings } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { optionsOf, paymentMethodLabels } from '../utils/labels';
import { CompanyLogoField, CompanyLogoPreview } from './company-logo-field';
import { LoadError } from './load-error';

type Invoicing = CompanySettings['invoicing'];
interface SettingsFormValues extends Omit<Invoicing, 'iban' | 'logo'> {
  iban: string;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;
const FIELDS = [
  'invoicing.defaultPaymentTermsDays',
  'invoicing.defaultPaymentTerms',
  'invoicing.defaultPaymentMethod',
  'invoicing.iban',
  'invoicing.footerNotes',
  'invoicing.primaryColor',
];

/** 'Configuración': invoicing defaults; editable by who may manage the company. */
export function CompanySettingsPanel({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const { data, error, isPending, isError, refetch } = useCompanySettings(companyId);
  if (isPending) {
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin aria-label="Cargando" />
      </Flex>
    );
  }
  if (isError) {
    return (
      <LoadError
        title="No se ha podido cargar la configuración"
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }
  return canManage ? (
    <SettingsForm companyId={companyId} invoicing={data.invoicing} />
  ) : (
    <SettingsView companyId={companyId} invoicing={data.invoicing} />
  );
}

function ColorSwatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: 4,
        border: '1px solid rgba(0,0,0,0.15)',
        background: COLOR.test(color) ? color : 'transparent',
        verticalAlign: 'middle',
      }}
    />
  );
}

function SettingsView({ companyId, invoicing }: { companyId: string; invoicing: Invoicing }) {
  return (
    <Descriptions
      bordered
      column={1}
      items={[
        {
          key: 'terms',
          label: 'Plazo de pago por defecto',
          children: `${invoicing.defaultPaymentTermsDays} días`,
        },
        ...(invoicing.defaultPaymentTerms
          ? [
              {
                key: 'instalments',
                label: 'Vencimientos por defecto',
                children: termsText(invoicing.defaultPaymentTerms),
              },
            ]
          : []),
        {
          key: 'method',
          label: 'Forma de pago',
          children: paymentMethodLabels[invoicing.defaultPaymentMethod],
        },
        { key: 'iban', label: 'IBAN', children: invoicing.iban ? formatIban(invoicing.iban) : '—' },
        { key: 'footer', label: 'Notas al pie', children: invoicing.footerNotes || '—' },
        {
          key: 'color',
          label: 'Color principal',
          children: (
            <>
              <ColorSwatch color={invoicing.primaryColor} /> {invoicing.primaryColor}
            </>
          ),
        },
        {
          key: 'logo',
          label: 'Logotipo para las facturas',
          children: <CompanyLogoPreview companyId={companyId} logo={invoicing.logo ?? null} />,
        },
      ]}
    />
  );
}

/** '30 días (50 %) · 60 días (50 %); días de pago 10 y 25'. */
export function termsText(terms: PaymentTerms): string {
  const parts = terms.instalments.map((i) =>
    terms.instalments.length === 1
      ? `${i.days} días`
      : `${i.days} días (${(i.percentBp / 100).toLocaleString('es-ES')} %)`,
  );
  const days = terms.paymentDays?.length ? `; días de pago ${terms.paymentDays.join(', ')}` : '';
  return `${parts.join(' · ')}${days}`;
}

function withoutLogo({ logo: _logo, ...rest }: Invoicing): Omit<Invoicing, 'logo'> {
  return rest;
}

function SettingsForm({ companyId, invoicing }: { companyId: string; invoicing: Invoicing }) {
  const [form] = Form.useForm<{ invoicing: SettingsFormValues }>();
  const update = useUpdateCompanySettings(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const color = Form.useWatch(['invoicing', 'primaryColor'], form) ?? '';
  const termDays =
    Form.useWatch(['invoicing', 'defaultPaymentTermsDays'], form) ?? invoicing.defaultPaymentTermsDays;

  const onFinish = async ({ invoicing: values }: { invoicing: SettingsFormValues }) => {
    setFormError(null);
    const iban = values.iban?.trim() ? validateIban(values.iban).normalized : null;
    try {
      await update.mutateAsync({
        invoicing: {
          defaultPaymentTermsDays: values.defaultPaymentTermsDays,
          // Issue 19: null returns to one instalment at the days above.
          defaultPaymentTerms: values.defaultPaymentTerms ?? null,
          defaultPaymentMethod: values.defaultPaymentMethod,
          iban,
          footerNotes: values.footerNotes ?? '',
          primaryColor: values.primaryColor,
        },
      });
      form.setFieldValue(['invoicing', 'iban'], iban ? formatIban(iban) : '');
      toast.success('Configuración guardada');
    } catch (error) {
      if (!showApiErrorOnForm(form, error, FIELDS)) setFormError(errorMessage(error));
    }
  };

  return (
    <Form
      form={form}
      name="company-settings"
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{
        invoicing: { ...withoutLogo(invoicing), iban: invoicing.iban ? formatIban(invoicing.iban) : '' },
      }}
      onFinish={onFinish}
    >
      {formError ? (
        <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item label="Logotipo para las facturas">
        <CompanyLogoField companyId={companyId} logo={invoicing.logo ?? null} />
      </Form.Item>
      <Form.Item
        name={['invoicing', 'defaultPaymentTermsDays']}
        label="Plazo de pago por defecto (días)"
        rules={[
          { required: true, message: 'Indica el plazo de pago.' },
          { type: 'integer', min: 0, max: 365, message: 'Entre 0 y 365 días.' },
        ]}
      >
        <InputNumber min={0} max={365} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name={['invoicing', 'defaultPaymentTerms']}
        label="Vencimientos por defecto"
        extra="Para los clientes sin condiciones propias. Hasta 12 vencimientos (Ley 3/2004: como máximo 60 días entre empresas)."
        rules={[paymentTermsRule]}
      >
        <PaymentTermsEditor fallbackDays={termDays} />
      </Form.Item>
      <Form.Item
        name={['invoicing', 'defaultPaymentMethod']}
        label="Forma de pago por defecto"
        rules={[{ required: true, message: 'Elige la forma de pago.' }]}
      >
        <Select options={optionsOf(paymentMethodLabels)} />
      </Form.Item>
      <Form.Item
        name={['invoicing', 'iban']}
        label="IBAN"
        extra="La cuenta que aparece en las facturas para cobrar por transferencia."
        rules={[
          {
            validator: (_, value: string | undefined) => {
              if (!value?.trim()) return Promise.resolve();
              const result = validateIban(value);
              return result.valid ? Promise.resolve() : Promise.reject(new Error(result.reason));
            },
          },
        ]}
      >
        <Input autoComplete="off" placeholder="ES00 0000 0000 0000 0000 0000" maxLength={42} />
      </Form.Item>
      <Form.Item
        name={['invoicing', 'footerNotes']}
        label="Notas al pie de las facturas"
        rules={[{ max: 1000, message: 'Como mucho 1000 caracteres.' }]}
      >
        <Input.TextArea rows={3} showCount maxLength={1000} />
      </Form.Item>
      <Form.Item
        name={['invoicing', 'primaryColor']}
        label="Color principal"
        extra="En formato #RRGGBB; se usa en los PDF de las facturas."
        rules={[
          { required: true, message: 'Indica el color.' },
          { pattern: COLOR, message: 'El color debe tener el formato #RRGGBB.' },
        ]}
      >
        <Input prefix={<ColorSwatch color={color} />} maxLength={7} style={{ width: 200 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Guardar configuración
      </Button>
    </Form>
  );
}
