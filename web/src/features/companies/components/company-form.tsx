import type { CompanyType } from '@shared/db/records';
import { companyTypeLabels } from '@shared/schemas/companies';
import { errorMessage } from '@web/lib/api-error';
import { showApiErrorOnForm } from '@web/lib/api-field-errors';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import {
  COMPANY_FORM_FIELDS,
  type CompanyFormValues,
  defaultDirectTax,
  directTaxOptionsFor,
  siiRequired,
} from '../utils/company-form-values';
import { checkCompanyNif } from '../utils/company-nif';
import { directTaxLabels, optionsOf, vatRegimeLabels } from '../utils/labels';
import { PROVINCES, postalCodeProblem, provinceOfPostalCode } from '../utils/provinces';

const PHONE = /^\+?[\d\s]{9,15}$/;
const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.name, label: p.name }));
const TYPE_OPTIONS = optionsOf(companyTypeLabels);
const VAT_OPTIONS = optionsOf(vatRegimeLabels);

export interface CompanyFormProps {
  mode: 'create' | 'edit';
  initialValues: CompanyFormValues;
  /** Sends the form; a rejected ApiError naming a field is shown under that field. */
  onSubmit: (values: CompanyFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** Creating and editing a company: identity, address, fiscal data, SII and VeriFacTu. */
export function CompanyForm({ mode, initialValues, onSubmit, onCancel }: CompanyFormProps) {
  const [form] = Form.useForm<CompanyFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const companyType = Form.useWatch('companyType', form);
  const nif = Form.useWatch('nif', form) ?? '';
  const largeCompany = Form.useWatch(['fiscal', 'largeCompany'], form) ?? false;
  const redeme = Form.useWatch(['fiscal', 'redeme'], form) ?? false;
  const siiEnabled = Form.useWatch('siiEnabled', form) ?? false;
  const siiForced = siiRequired({ largeCompany, redeme });

  const applyType = (type: CompanyType) => {
    form.setFieldValue('companyType', type);
    onTypeChange(type);
    void form.validateFields(['nif']);
  };

  const onTypeChange = (type: CompanyType) => {
    const current = form.getFieldValue(['fiscal', 'directTax']);
    if (!directTaxOptionsFor(type).includes(current))
      form.setFieldValue(['fiscal', 'directTax'], defaultDirectTax(type));
  };

  const onValuesChange = (changed: Partial<CompanyFormValues>, all: CompanyFormValues) => {
    if (changed.companyType) onTypeChange(changed.companyType);
    if (changed.nif !== undefined && !all.companyType) {
      // No type chosen yet: the NIF tells it (a CIF's letter, or a person's NIF for an autónomo).
      const implied = checkCompanyNif(changed.nif).impliedType;
      if (implied) applyType(implied);
    }
    if (changed.address?.postalCode !== undefined && !all.address?.province) {
      const province = provinceOfPostalCode(changed.address.postalCode.trim());
      if (province) form.setFieldValue(['address', 'province'], province.name);
    }
    if (changed.fiscal && siiRequired(all.fiscal)) {
      form.setFieldsValue({ siiEnabled: true, verifactuEnabled: false });
    }
    if (changed.siiEnabled !== undefined) form.setFieldValue('verifactuEnabled', !changed.siiEnabled);
  };

  const onFinish = async (values: CompanyFormValues) => {
    setFormError(null);
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!showApiErrorOnForm(form, error, COMPANY_FORM_FIELDS)) setFormError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const suggestion = typeSuggestion(nif, companyType);

  return (
    <Form<CompanyFormValues>
      form={form}
      name="company"
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      scrollToFirstError
      style={{ maxWidth: 960 }}
    >
      <Flex vertical gap={16}>
        {formError ? <Alert type="error" showIcon title={formError} role="alert" /> : null}

        <Card title="Datos de la empresa">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label="Nombre o razón social"
                rules={[
                  { required: true, whitespace: true, message: 'El nombre es obligatorio.' },
                  { min: 2, message: 'El nombre debe tener al menos 2 caracteres.' },
                  { max: 200, message: 'El nombre no puede superar 200 caracteres.' },
                ]}
              >
                <Input autoComplete="organization" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="nif"
                label="NIF"
                dependencies={['companyType']}
                validateFirst
                normalize={(value: string) => value.toUpperCase()}
                rules={[
                  { required: true, whitespace: true, message: 'El NIF es obligatorio.' },
                  {
                    validator: (_, value: string) => {
                      const error = checkCompanyNif(value ?? '', form.getFieldValue('companyType')).error;
                      return error ? Promise.reject(new Error(error)) : Promise.resolve();
                    },
                  },
                ]}
                extra={
                  suggestion ? (
                    <span>
                      {suggestion.text}{' '}
                      <Button type="link" size="small" onClick={() => applyType(suggestion.type)}>
                        Usar {companyTypeLabels[suggestion.type]}
                      </Button>
                    </span>
                  ) : (
                    'DNI o NIE para autónomos; CIF para sociedades.'
                  )
                }
              >
                <Input autoComplete="off" maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="companyType"
                label="Tipo de empresa"
                rules={[{ required: true, message: 'Elige el tipo de empresa.' }]}
              >
                <Radio.Group options={TYPE_OPTIONS} optionType="button" aria-label="Tipo de empresa" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label="Email"
                rules={[{ type: 'email', message: 'El email no es válido.' }]}
              >
                <Input type="email" autoComplete="email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="phone"
                label="Teléfono"
                rules={[
                  { pattern: PHONE, message: 'El teléfono no es válido (9 a 15 cifras, con + opcional).' },
                ]}
              >
                <Input type="tel" autoComplete="tel" />
              </Form.Item>
            </Col>
            {mode === 'edit' ? (
              <Col span={24}>
                <Form.Item
                  name="isActive"
                  label="Empresa activa"
                  valuePropName="checked"
                  extra="Una empresa inactiva se conserva, pero no se trabaja con ella."
                >
                  <Switch />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </Card>

        <Card title="Dirección fiscal">
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item
                name={['address', 'street']}
                label="Dirección"
                rules={[{ required: true, whitespace: true, message: 'La dirección es obligatoria.' }]}
              >
                <Input autoComplete="street-address" placeholder="Calle, número, piso" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name={['address', 'postalCode']}
                label="Código postal"
                dependencies={[['address', 'province']]}
                validateFirst
                rules={[
                  { required: true, whitespace: true, message: 'El código postal es obligatorio.' },
                  {
                    validator: (_, value: string) => {
                      const problem = postalCodeProblem(
                        value ?? '',
                        form.getFieldValue(['address', 'province']),
                      );
                      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                    },
                  },
                ]}
              >
                <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} />
              </Form.Item>
            </Col>
            <Col xs={24} md={9}>
              <Form.Item
                name={['address', 'city']}
                label="Población"
                rules={[{ required: true, whitespace: true, message: 'La población es obligatoria.' }]}
              >
                <Input autoComplete="address-level2" />
              </Form.Item>
            </Col>
            <Col xs={24} md={9}>
              <Form.Item
                name={['address', 'province']}
                label="Provincia"
                rules={[{ required: true, message: 'Elige la provincia.' }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={PROVINCE_OPTIONS}
                  placeholder="Elige la provincia"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={['address', 'country']} label="País">
                <Select disabled options={[{ value: 'ES', label: 'España' }]} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Datos fiscales">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name={['fiscal', 'vatRegime']} label="Régimen de IVA" rules={[{ required: true }]}>
                <Select options={VAT_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['fiscal', 'directTax']}
                label="Imposición directa"
                rules={[{ required: true }]}
                extra={
                  companyType === 'AUTONOMO'
                    ? 'Los autónomos tributan por el IRPF.'
                    : 'Las sociedades tributan por el Impuesto sobre Sociedades.'
                }
              >
                <Select
                  options={directTaxOptionsFor(companyType).map((value) => ({
                    value,
                    label: directTaxLabels[value],
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={['fiscal', 'activityCode']}
                label="Epígrafe IAE / CNAE"
                rules={[{ max: 10, message: 'Como mucho 10 caracteres.' }]}
              >
                <Input placeholder="Por ejemplo, 504.1 o 1071" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name={['fiscal', 'activityDescription']}
                label="Descripción de la actividad"
                rules={[{ max: 200, message: 'Como mucho 200 caracteres.' }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['fiscal', 'largeCompany']} valuePropName="checked">
                <Checkbox>Gran empresa (facturación anual superior a 6.010.121,04 €)</Checkbox>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['fiscal', 'redeme']} valuePropName="checked">
                <Checkbox>Inscrita en el REDEME (devolución mensual del IVA)</Checkbox>
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="SII y VeriFacTu">
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="El SII (Suministro Inmediato de Información) es obligatorio para las grandes empresas y las inscritas en el REDEME."
            description="Esas empresas envían sus libros de IVA a la AEAT por el SII y no están en VeriFacTu; el resto emite sus facturas con VeriFacTu."
          />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="siiEnabled"
                label="SII"
                valuePropName="checked"
                extra={siiForced ? 'Obligatorio por ser gran empresa o estar en el REDEME.' : undefined}
              >
                <Switch disabled={siiForced} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="verifactuEnabled"
                label="VeriFacTu"
                valuePropName="checked"
                extra={siiEnabled ? 'No aplica a las empresas que llevan el SII.' : undefined}
              >
                <Switch disabled={siiEnabled} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Flex gap={8} justify="end">
          <Button onClick={onCancel} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {mode === 'create' ? 'Crear empresa' : 'Guardar cambios'}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

/** A valid CIF whose letter implies another type than the chosen one (A SA, B SL, E CB, J SC). */
function typeSuggestion(
  nif: string,
  companyType: CompanyType | undefined,
): { type: CompanyType; text: string } | undefined {
  if (!companyType) return undefined;
  const { impliedType, normalized } = checkCompanyNif(nif);
  if (!impliedType || impliedType === 'AUTONOMO' || impliedType === companyType) return undefined;
  return {
    type: impliedType,
    text: `La letra ${normalized[0]} del CIF corresponde a una ${companyTypeLabels[impliedType]}.`,
  };
}
