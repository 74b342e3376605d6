/**
 * The fields of a customer typed in place (web/src/lib/new-customer.ts): NIF, name and fiscal
 * address, under `prefix` in the surrounding antd Form. The invoice form writes them on the invoice
 * (and may save them as a customer); the recurring template saves them as its customer first.
 */
import { countryOf, type NewCustomerValues, nifProblem, provinceOf } from '@web/lib/new-customer';
import { provinceOfPostalCode } from '@web/lib/provinces';
import { Col, Form, Input, Row } from 'antd';

const check = (problem: (value: string | undefined) => string | undefined) => ({
  validator: (_: unknown, value: string | undefined) => {
    const text = problem(value);
    return text ? Promise.reject(new Error(text)) : Promise.resolve();
  },
});

export function NewCustomerFields({
  prefix,
  nifRequired,
  fiscalAddressRequired = false,
}: {
  /** Where the values live in the form (`customer` → `customer.nif`, `customer.name`...). */
  prefix: string;
  /** A complete invoice (and any saved customer) identifies the recipient. */
  nifRequired: boolean;
  /** Saving the customer: street, postal code, city and (in Spain) province are needed. */
  fiscalAddressRequired?: boolean;
}) {
  const form = Form.useFormInstance();
  const typed = (Form.useWatch(prefix, form) ?? {}) as NewCustomerValues;
  const spanish = countryOf(typed) === 'ES';
  const deducedProvince = spanish ? provinceOfPostalCode((typed.postalCode ?? '').trim())?.name : undefined;
  const needed = (message: string) => ({ required: fiscalAddressRequired, whitespace: true, message });
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          name={[prefix, 'nif']}
          label="NIF"
          rules={[
            {
              required: nifRequired,
              whitespace: true,
              message: 'El NIF es obligatorio en una factura completa.',
            },
            check(nifProblem),
          ]}
        >
          <Input aria-label="NIF del cliente" />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item
          name={[prefix, 'name']}
          label="Nombre o razón social"
          rules={[{ required: true, whitespace: true, message: 'El nombre es obligatorio.' }]}
        >
          <Input aria-label="Nombre del cliente" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={[prefix, 'address']}
          label="Dirección"
          rules={[needed('La dirección es obligatoria para guardar el cliente.')]}
        >
          <Input aria-label="Dirección del cliente" />
        </Form.Item>
      </Col>
      <Col xs={8} md={4}>
        <Form.Item
          name={[prefix, 'postalCode']}
          label="Código postal"
          rules={[needed('El código postal es obligatorio para guardar el cliente.')]}
        >
          <Input aria-label="Código postal del cliente" />
        </Form.Item>
      </Col>
      <Col xs={16} md={5}>
        <Form.Item
          name={[prefix, 'city']}
          label="Población"
          rules={[needed('La población es obligatoria para guardar el cliente.')]}
        >
          <Input aria-label="Población del cliente" />
        </Form.Item>
      </Col>
      <Col xs={24} md={3}>
        <Form.Item
          name={[prefix, 'country']}
          label="País"
          rules={[{ pattern: /^[A-Za-z]{2}$/, message: 'Código ISO de 2 letras (ES).' }]}
        >
          <Input maxLength={2} aria-label="País del cliente" />
        </Form.Item>
      </Col>
      {fiscalAddressRequired ? (
        <Col xs={24} md={12}>
          <Form.Item
            name={[prefix, 'province']}
            label="Provincia"
            dependencies={[
              [prefix, 'postalCode'],
              [prefix, 'country'],
            ]}
            extra={deducedProvince ? `Vacía: ${deducedProvince}, por el código postal.` : undefined}
            rules={[
              // Read at validation time: the postal code may have changed since the last render.
              ({ getFieldValue }) =>
                check((v) =>
                  v?.trim() || provinceOf(getFieldValue(prefix) ?? {})
                    ? undefined
                    : 'La provincia es obligatoria.',
                ),
            ]}
          >
            <Input aria-label="Provincia del cliente" placeholder={deducedProvince} />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
