/**
 * 'Operación intracomunitaria' of the issued and received invoice forms: optional and collapsed,
 * for companies in the SII, whose book OI (determinadas operaciones intracomunitarias, art. 66.1
 * RIVA) takes the goods sent to or received from another member state for works or expert reports
 * (art. 70.Uno.7º LIVA) and the transfers of arts. 9.3º and 16.2º LIVA. Its values live under
 * `name` (web/src/lib/intra-eu-operation.ts turns them into the body's `intraEuOperation`).
 * `IntraEuOperationCard` shows an invoice's operation on its page.
 */
import type { IntraEuOperation } from '@shared/schemas/intra-eu-operation';
import {
  countryName,
  INTRA_EU_LIMITS,
  INTRA_EU_OPERATION_TYPE_LABELS,
  MEMBER_STATE_OPTIONS,
} from '@web/lib/intra-eu-operation';
import { Card, Checkbox, Col, Collapse, Descriptions, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect, useState } from 'react';

export const INTRA_EU_SECTION_TITLE =
  'Operación intracomunitaria (libro de determinadas operaciones intracomunitarias)';

const TYPE_OPTIONS = (['A', 'B'] as const).map((value) => ({
  value,
  label: INTRA_EU_OPERATION_TYPE_LABELS[value],
}));

const max = (limit: number) => ({ max: limit, message: `Como máximo ${limit} caracteres.` });

export function IntraEuOperationFields({ name = 'intraEuOperation' }: { name?: string }) {
  const form = Form.useFormInstance();
  const enabled = Form.useWatch([name, 'enabled'], form) === true;
  const [open, setOpen] = useState(false);
  // An invoice that carries one opens with the section open.
  useEffect(() => {
    if (enabled) setOpen(true);
  }, [enabled]);

  return (
    <Collapse
      style={{ marginBottom: 16 }}
      activeKey={open ? ['oi'] : []}
      onChange={(keys) => setOpen(keys.includes('oi'))}
      items={[
        {
          key: 'oi',
          label: INTRA_EU_SECTION_TITLE,
          // Rendered while closed too: the form keeps and submits what an invoice already carries.
          forceRender: true,
          children: (
            <>
              <Form.Item name={[name, 'enabled']} valuePropName="checked">
                <Checkbox>Esta factura incluye una operación de este libro (art. 66.1 RIVA)</Checkbox>
              </Form.Item>
              {enabled ? <OperationFields name={name} /> : null}
            </>
          ),
        },
      ]}
    />
  );
}

function OperationFields({ name }: { name: string }) {
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} md={16}>
          <Form.Item
            name={[name, 'operationType']}
            label="Tipo de operación intracomunitaria"
            rules={[{ required: true, message: 'Elige el tipo de operación.' }]}
          >
            <Select options={TYPE_OPTIONS} popupMatchSelectWidth={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={[name, 'memberState']}
            label="Estado miembro"
            rules={[{ required: true, message: 'Elige el Estado miembro de origen o destino.' }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={MEMBER_STATE_OPTIONS}
              placeholder="País de la UE"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item
            name={[name, 'goodsDescription']}
            label="Descripción de los bienes"
            rules={[
              { required: true, whitespace: true, message: 'Describe los bienes.' },
              max(INTRA_EU_LIMITS.goodsDescription),
            ]}
          >
            <Input maxLength={INTRA_EU_LIMITS.goodsDescription} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'operatorAddress']}
            label="Dirección del operador intracomunitario"
            rules={[
              { required: true, whitespace: true, message: 'Indica la dirección del operador.' },
              max(INTRA_EU_LIMITS.operatorAddress),
            ]}
          >
            <Input maxLength={INTRA_EU_LIMITS.operatorAddress} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name={[name, 'termDays']} label="Plazo (días)">
            <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name={[name, 'invoicesOrDocuments']}
        label="Facturas o documentación"
        rules={[max(INTRA_EU_LIMITS.invoicesOrDocuments)]}
      >
        <Input maxLength={INTRA_EU_LIMITS.invoicesOrDocuments} />
      </Form.Item>
    </>
  );
}

/** An invoice's operation of the book OI, on its page. */
export function IntraEuOperationCard({ operation }: { operation: IntraEuOperation }) {
  return (
    <Card title="Operación intracomunitaria (libro OI)" size="small" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'type',
            label: 'Tipo de operación',
            children: INTRA_EU_OPERATION_TYPE_LABELS[operation.operationType] ?? operation.operationType,
          },
          {
            key: 'state',
            label: 'Estado miembro',
            children: `${countryName(operation.memberState)} (${operation.memberState})`,
          },
          { key: 'goods', label: 'Descripción de los bienes', children: operation.goodsDescription },
          { key: 'address', label: 'Dirección del operador', children: operation.operatorAddress },
          {
            key: 'term',
            label: 'Plazo',
            children: operation.termDays ? `${operation.termDays} días` : '—',
          },
          {
            key: 'documents',
            label: 'Facturas o documentación',
            children: operation.invoicesOrDocuments || '—',
          },
        ]}
      />
    </Card>
  );
}
