/** Create or edit a customer: identity (NIF or foreign id), fiscal address, contact, payment terms. */
import type { Customer } from '@shared/schemas/customers';
import { FormDrawer } from '@web/components/form-drawer';
import { PaymentTermsEditor, paymentTermsRule } from '@web/components/payment-terms-editor';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { toast } from '@web/lib/toast';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useSaveCustomer } from '../api/customers';
import {
  type CustomerFormValues,
  customerFieldOf,
  EMPTY_CUSTOMER,
  FOREIGN_ID_OPTIONS,
  fromCustomer,
  toCustomerBody,
  VAT_TREATMENT_OPTIONS,
} from '../utils/customer-form-values';

export function CustomerDrawer({
  companyId,
  customer,
  onClose,
}: {
  companyId: string | null;
  /** The customer being edited; null to create one. */
  customer: Customer | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CustomerFormValues>();
  const save = useSaveCustomer(companyId);
  const idKind = (Form.useWatch('idKind', form) as CustomerFormValues['idKind'] | undefined) ?? 'NIF';
  const termDays = (Form.useWatch('paymentTermsDays', form) as number | null | undefined) ?? 30;

  const submit = (values: CustomerFormValues) =>
    save.mutate(
      { customerId: customer?.customerId, body: toCustomerBody(values) },
      {
        onSuccess: () => {
          toast.success(customer ? 'Cliente actualizado.' : 'Cliente creado.');
          onClose();
        },
        onError: (error) => {
          if (!showMappedApiErrors(form, error, (field) => customerFieldOf(field, idKind)))
            toast.fromError(error);
        },
      },
    );

  return (
    <FormDrawer
      title={customer ? 'Editar cliente' : 'Nuevo cliente'}
      open
      onClose={onClose}
      saving={save.isPending}
      onSave={() => form.submit()}
    >
      <Form<CustomerFormValues>
        form={form}
        layout="vertical"
        initialValues={customer ? fromCustomer(customer) : EMPTY_CUSTOMER}
        onFinish={submit}
        aria-label="Datos del cliente"
      >
        <Form.Item
          name="name"
          label="Nombre o razón social"
          rules={[{ required: true, whitespace: true, message: 'El nombre es obligatorio.' }]}
        >
          <Input maxLength={200} aria-label="Nombre o razón social" />
        </Form.Item>
        <Form.Item name="idKind">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'NIF', label: 'NIF español' },
              { value: 'FOREIGN', label: 'Identificador extranjero' },
            ]}
          />
        </Form.Item>
        {idKind === 'NIF' ? (
          <Form.Item
            name="nif"
            label="NIF"
            rules={[{ required: true, whitespace: true, message: 'El NIF es obligatorio.' }]}
          >
            <Input aria-label="NIF" />
          </Form.Item>
        ) : (
          <Row gutter={12}>
            <Col xs={24} md={10}>
              <Form.Item
                name="foreignType"
                label="Tipo"
                rules={[{ required: true, message: 'Elige el tipo.' }]}
              >
                <Select options={FOREIGN_ID_OPTIONS} aria-label="Tipo de identificador" />
              </Form.Item>
            </Col>
            <Col xs={8} md={4}>
              <Form.Item
                name="foreignCountry"
                label="País"
                rules={[{ pattern: /^[A-Za-z]{2}$/, message: 'ISO (FR).' }]}
              >
                <Input maxLength={2} aria-label="País del identificador" />
              </Form.Item>
            </Col>
            <Col xs={16} md={10}>
              <Form.Item
                name="foreignValue"
                label="Identificador"
                rules={[{ required: true, message: 'Obligatorio.' }]}
              >
                <Input maxLength={20} aria-label="Identificador extranjero" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item
          name="street"
          label="Dirección fiscal"
          rules={[{ required: true, whitespace: true, message: 'La dirección es obligatoria.' }]}
        >
          <Input aria-label="Dirección fiscal" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={10} md={6}>
            <Form.Item
              name="postalCode"
              label="Código postal"
              rules={[{ required: true, message: 'Obligatorio.' }]}
            >
              <Input aria-label="Código postal" />
            </Form.Item>
          </Col>
          <Col xs={14} md={8}>
            <Form.Item
              name="city"
              label="Población"
              rules={[{ required: true, whitespace: true, message: 'Obligatoria.' }]}
            >
              <Input aria-label="Población" />
            </Form.Item>
          </Col>
          <Col xs={16} md={6}>
            <Form.Item name="province" label="Provincia">
              <Input aria-label="Provincia" />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item
              name="country"
              label="País"
              rules={[{ pattern: /^[A-Za-z]{2}$/, message: 'ISO (ES).' }]}
            >
              <Input maxLength={2} aria-label="País" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label="E-mail"
              rules={[{ type: 'email', message: 'No es un e-mail válido.' }]}
            >
              <Input aria-label="E-mail" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label="Teléfono">
              <Input aria-label="Teléfono" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="paymentTermsDays" label="Plazo de pago (días)">
              <InputNumber
                min={0}
                max={365}
                precision={0}
                style={{ width: '100%' }}
                aria-label="Plazo de pago"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={16}>
            <Form.Item name="vatTreatment" label="Tratamiento de IVA">
              <Select options={VAT_TREATMENT_OPTIONS} aria-label="Tratamiento de IVA" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="iban" label="IBAN">
              <Input aria-label="IBAN" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="paymentTerms"
              label="Vencimientos"
              extra="Sus facturas vencen en estos plazos (hasta 12), en los días de pago que indique."
              rules={[paymentTermsRule]}
            >
              <PaymentTermsEditor fallbackDays={termDays} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="isActive" label="Activo" valuePropName="checked">
              <Switch aria-label="Activo" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDrawer>
  );
}
