import { WITHHOLDING_KIND_INFO, type WithholdingKind } from '@shared/fiscal/withholdings';
import type { ExpenseCategory, Supplier } from '@shared/schemas/expenses';
import { SUPPLIER_FOREIGN_ID_TYPES } from '@shared/schemas/expenses';
import { FormDrawer } from '@web/components/form-drawer';
import { PaymentTermsEditor, paymentTermsRule } from '@web/components/payment-terms-editor';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { toast } from '@web/lib/toast';
import { Checkbox, Col, Form, type FormInstance, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useSaveSupplier } from '../api/suppliers';
import {
  addressCountryProblem,
  EMPTY_SUPPLIER,
  FOREIGN_ID_LABELS,
  foreignIdProblem,
  fromSupplier,
  ibanProblem,
  irpfProblem,
  nifProblem,
  SUPPLIER_API_FIELDS,
  type SupplierFormValues,
  toSupplierBody,
  VAT_RATE_OPTIONS,
} from '../utils/supplier-form-values';
import { keyForKind, WITHHOLDING_KIND_OPTIONS, withholdingKeyOptions, withholds } from '../utils/withholding';

const FOREIGN_OPTIONS = SUPPLIER_FOREIGN_ID_TYPES.map((value) => ({
  value,
  label: FOREIGN_ID_LABELS[value],
}));

/** A rule reading the whole form (the NIF-IVA and the country depend on each other). */
const formRule =
  (check: (v: Partial<SupplierFormValues>) => string | undefined) =>
  ({ getFieldsValue }: Pick<FormInstance, 'getFieldsValue'>) => ({
    validator: () => {
      const problem = check(getFieldsValue(true) as Partial<SupplierFormValues>);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

export interface SupplierDrawerProps {
  companyId: string;
  open: boolean;
  /** The supplier being edited; null to create one. */
  supplier: Supplier | null;
  categories: readonly ExpenseCategory[];
  onClose: () => void;
  onSaved?: (supplier: Supplier) => void;
}

/** Create or edit a supplier: identity (NIF or foreign id), address, contact, payment data. */
export function SupplierDrawer({
  companyId,
  open,
  supplier,
  categories,
  onClose,
  onSaved,
}: SupplierDrawerProps) {
  const [form] = Form.useForm<SupplierFormValues>();
  const save = useSaveSupplier(companyId);
  const idKind = Form.useWatch('idKind', form) ?? 'NIF';
  const irpfRate = Form.useWatch('irpfRate', form) as string | undefined;
  const termDays = (Form.useWatch('paymentTermsDays', form) as number | null | undefined) ?? 30;
  const withholdingKind = Form.useWatch('withholdingKind', form) as WithholdingKind | undefined;
  const withholding = withholds(irpfRate);

  // A rate above 0 without a kind yet: a professional's (G.01), the usual withholding of a supplier.
  useEffect(() => {
    // The store, not the watched value: a supplier just loaded may not be watched yet.
    if (!withholding || withholdingKind || form.getFieldValue('withholdingKind')) return;
    form.setFieldsValue({
      withholdingKind: 'PROFESSIONAL',
      withholdingKey: WITHHOLDING_KIND_INFO.PROFESSIONAL.defaultKey,
    });
  }, [withholding, withholdingKind, form]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(supplier ? fromSupplier(supplier) : EMPTY_SUPPLIER);
  }, [open, supplier, form]);

  const submit = (values: SupplierFormValues) =>
    save.mutate(
      { supplierId: supplier?.supplierId, body: toSupplierBody(values) },
      {
        onSuccess: (saved) => {
          toast.success(supplier ? 'Proveedor actualizado.' : 'Proveedor creado.');
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          const placed = showMappedApiErrors(form, error, (field) => {
            const name = SUPPLIER_API_FIELDS[field];
            if (name === 'nif' && idKind === 'FOREIGN') return 'foreignValue';
            return name;
          });
          if (!placed) toast.fromError(error);
        },
      },
    );

  return (
    <FormDrawer
      title={supplier ? 'Editar proveedor' : 'Nuevo proveedor'}
      open={open}
      onClose={onClose}
      size={640}
      saving={save.isPending}
      onSave={() => form.submit()}
    >
      <Form<SupplierFormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY_SUPPLIER}
        onFinish={submit}
        onValuesChange={(changed: Partial<SupplierFormValues>, all: SupplierFormValues) => {
          // A NIF-IVA's country is the supplier's: carry it to the address while that is still Spain.
          const country = changed.foreignCountry?.trim().toUpperCase();
          if (country && /^[A-Z]{2}$/.test(country) && (all.country ?? 'ES').toUpperCase() === 'ES')
            form.setFieldsValue({ country });
          // Another kind keeps the key when it has it, else takes the kind's default.
          if (changed.withholdingKind)
            form.setFieldsValue({ withholdingKey: keyForKind(changed.withholdingKind, all.withholdingKey) });
        }}
        aria-label="Datos del proveedor"
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label="Razón social o nombre"
              rules={[{ required: true, whitespace: true, message: 'El nombre es obligatorio.' }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="tradeName" label="Nombre comercial">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="idKind" label="Identificación fiscal">
          <Radio.Group
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
            required
            validateTrigger="onBlur"
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const problem = nifProblem(value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={20} placeholder="B12345674" autoComplete="off" />
          </Form.Item>
        ) : (
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item
                name="foreignType"
                label="Tipo"
                rules={[{ required: true, message: 'Elige el tipo.' }]}
              >
                <Select options={FOREIGN_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item
                name="foreignValue"
                label="Identificador"
                dependencies={['foreignType', 'foreignCountry']}
                validateTrigger="onBlur"
                rules={[
                  { required: true, whitespace: true, message: 'El identificador es obligatorio.' },
                  formRule(foreignIdProblem),
                ]}
              >
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="foreignCountry"
                label="País"
                rules={[
                  { required: true, message: 'El país es obligatorio.' },
                  { pattern: /^[A-Za-z]{2}$/, message: 'Código de país de dos letras (FR, DE…).' },
                ]}
              >
                <Input maxLength={2} placeholder="FR" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item name="street" label="Dirección">
          <Input maxLength={200} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <Form.Item name="postalCode" label="Código postal">
              <Input maxLength={12} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="city" label="Población">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="province" label="Provincia">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="country"
              label="País"
              dependencies={['idKind', 'foreignType', 'foreignCountry']}
              rules={[
                { pattern: /^[A-Za-z]{2}$/, message: 'Código de dos letras.' },
                formRule(addressCountryProblem),
              ]}
            >
              <Input maxLength={2} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label="Email"
              rules={[{ type: 'email', message: 'El email no es válido.' }]}
            >
              <Input maxLength={254} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label="Teléfono"
              rules={[{ pattern: /^\+?[\d\s]{6,20}$/, message: 'El teléfono no es válido.' }]}
            >
              <Input maxLength={24} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="iban"
          label="IBAN"
          validateTrigger="onBlur"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = ibanProblem(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={42} placeholder="ES91 2100 0418 4502 0005 1332" autoComplete="off" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="defaultExpenseCategoryId" label="Categoría de gasto por defecto">
              <Select
                allowClear
                placeholder="Sin categoría"
                options={categories
                  .filter((c) => c.isActive || c.categoryId === supplier?.defaultExpenseCategoryId)
                  .map((c) => ({ value: c.categoryId, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="paymentTermsDays"
              label="Plazo de pago (días)"
              rules={[{ type: 'integer', min: 0, max: 365, message: 'Entre 0 y 365 días.' }]}
            >
              <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="defaultVatRateBp" label="IVA habitual">
              <Select options={VAT_RATE_OPTIONS} />
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
        </Row>
        <Row gutter={12}>
          <Col xs={12} md={8}>
            <Form.Item
              name="irpfRate"
              label="Retención IRPF (%)"
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    const problem = irpfProblem(value);
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="isActive" label="Activo" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {withholding ? (
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item
                name="withholdingKind"
                label="Tipo de retención"
                extra="Sus facturas recibidas lo toman al registrarlas."
              >
                <Select
                  aria-label="Tipo de retención"
                  options={WITHHOLDING_KIND_OPTIONS}
                  popupMatchSelectWidth={false}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="withholdingKey" label="Clave">
                <Select
                  aria-label="Clave de la retención"
                  options={withholdingKeyOptions(withholdingKind)}
                  disabled={withholdingKeyOptions(withholdingKind).length <= 1}
                  popupMatchSelectWidth={false}
                />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
        <Form.Item
          name="supplierCashCriterion"
          valuePropName="checked"
          extra="Sus facturas recibidas lo toman al registrarlas: su IVA se deduce al pagarlas."
        >
          <Checkbox>El proveedor aplica el régimen especial del criterio de caja</Checkbox>
        </Form.Item>
        <Form.Item name="notes" label="Notas">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
