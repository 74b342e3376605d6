/**
 * The fiscal address as form fields (street, postal code, city, province, country Spain), under a
 * name prefix of the surrounding antd Form: `['company', 'address']` at registration. The postal
 * code and the province are checked against each other, and a postal code fills an empty province.
 * Art. 6 RD 1619/2012: a complete invoice carries the issuer's address, so the fields are required.
 */
import { PROVINCES, postalCodeProblem, provinceOfPostalCode } from '@web/lib/provinces';
import { Col, Form, Input, Row, Select } from 'antd';

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.name, label: p.name }));

export function AddressFields({ prefix }: { prefix: readonly string[] }) {
  const form = Form.useFormInstance();
  const name = (field: string) => [...prefix, field];
  const fillProvince = (postalCode: string) => {
    if (form.getFieldValue(name('province'))) return;
    const province = provinceOfPostalCode(postalCode.trim());
    if (province) form.setFieldValue(name('province'), province.name);
  };
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item
          name={name('street')}
          label="Dirección"
          rules={[
            { required: true, whitespace: true, message: 'La dirección es obligatoria.' },
            { max: 200, message: 'La dirección no puede superar 200 caracteres.' },
          ]}
        >
          <Input autoComplete="street-address" placeholder="Calle, número, piso" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name={name('postalCode')}
          label="Código postal"
          dependencies={[name('province')]}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: 'El código postal es obligatorio.' },
            {
              validator: (_, value: string) => {
                const problem = postalCodeProblem(value ?? '', form.getFieldValue(name('province')));
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            onChange={(event) => fillProvince(event.target.value)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={16}>
        <Form.Item
          name={name('city')}
          label="Población"
          rules={[
            { required: true, whitespace: true, message: 'La población es obligatoria.' },
            { max: 100, message: 'La población no puede superar 100 caracteres.' },
          ]}
        >
          <Input autoComplete="address-level2" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name={name('province')}
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
      <Col xs={24} sm={12}>
        <Form.Item name={name('country')} label="País" initialValue="ES">
          <Select disabled options={[{ value: 'ES', label: 'España' }]} />
        </Form.Item>
      </Col>
    </Row>
  );
}
