/**
 * "Emitir rectificativa" (art. 15 RD 1619/2012): type R1–R5, method by substitution (the corrected
 * lines replace the invoice's) or by differences (the lines carry what changes, negative to
 * lower), or the annulment of every amount; the reason is required.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { OperationKind } from '@shared/fiscal/vat';
import {
  type Invoice,
  RECTIFICATION_METHODS,
  RECTIFICATIVA_TYPES,
  type RectificationMethod,
  type RectificativaType,
} from '@shared/schemas/invoices';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Modal, Radio, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInvoiceSeries } from '../api/get-invoice-series';
import { type RectifyBody, useRectifyInvoice } from '../api/rectify-invoice';
import { RECTIFICATION_METHOD_LABELS, RECTIFICATIVA_DESCRIPTIONS } from '../utils/labels';
import { centsToInput, milliToInput, parseEurosToCents, scaledInteger } from '../utils/money';
import { VAT_RATE_OPTIONS } from './invoice-form';

interface LineValues {
  description?: string;
  quantity?: string;
  unitPrice?: string;
  vatRateBp?: number;
  treatment?: OperationKind;
  discountBp?: number;
}

interface Values {
  series?: string;
  rectificationType: RectificativaType;
  method: RectificationMethod;
  reason: string;
  cancelAll?: boolean;
  lines: LineValues[];
}

const originalLines = (invoice: Invoice): LineValues[] =>
  invoice.invoiceLines.map((l) => ({
    description: l.description,
    quantity: milliToInput(l.quantityMilli),
    unitPrice: centsToInput(l.unitPriceCents),
    vatRateBp: l.vatRateBp,
    treatment: l.operation as OperationKind,
    discountBp: l.discountBp,
  }));

/** A signed quantity with at most 3 decimals, as the API takes it (`-1.5`), or null. */
function signedQuantity(text: string | undefined): string | null {
  const milli = scaledInteger(text ?? '', 3);
  if (milli === null || milli === 0) return null;
  const abs = Math.abs(milli);
  const whole = Math.floor(abs / 1000);
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${milli < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function toRectifyBody(values: Values): RectifyBody {
  const base = {
    rectificationType: values.rectificationType,
    method: values.method,
    reason: values.reason.trim(),
  };
  if (values.cancelAll) return { ...base, cancelAll: true };
  return {
    ...base,
    invoiceLines: values.lines.map((l) => {
      const treatment = l.treatment ?? 'S1';
      return {
        description: (l.description ?? '').trim(),
        quantity: signedQuantity(l.quantity) ?? '',
        unitPriceCents: parseEurosToCents(l.unitPrice ?? '', { allowNegative: true }) ?? Number.NaN,
        ...(l.discountBp ? { discountBp: l.discountBp } : {}),
        vatRateBp: treatment === 'S1' ? (l.vatRateBp ?? 0) : 0,
        ...(treatment.startsWith('E') ? { exemptionCause: treatment } : {}),
        ...(treatment.startsWith('N') ? { notSubject: treatment } : {}),
        ...(treatment === 'S2' ? { reverseCharge: true } : {}),
      };
    }),
  };
}

export function RectifyDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
}) {
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const rectify = useRectifyInvoice(companyId, invoice.invoiceId);
  const [error, setError] = useState<string | null>(null);
  const method = Form.useWatch('method', form) as RectificationMethod | undefined;
  const cancelAll = Form.useWatch('cancelAll', form) as boolean | undefined;
  const allowNegative = method === 'DIFFERENCES';
  const defaultType: RectificativaType = invoice.invoiceType === 'F2' ? 'R5' : 'R1';
  const series = useInvoiceSeries(companyId);
  const rectSeries = (series.data ?? []).filter((s) => s.purpose === 'RECTIFICATIVA');

  return (
    <Modal
      open={open}
      width={880}
      title={`Emitir rectificativa de ${invoice.invoiceNumber ?? 'la factura'}`}
      okText="Emitir rectificativa"
      cancelText="Cancelar"
      okButtonProps={{ loading: rectify.isPending }}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        setError(null);
        rectify.mutate(toRectifyBody(values), {
          onSuccess: (created) => {
            showToast('success', `Rectificativa ${created.invoiceNumber ?? ''} emitida.`);
            onClose();
            navigate(paths.app.invoicing.invoice(created.invoiceId));
          },
          onError: (e) => setError(errorMessage(e)),
        });
      }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          rectificationType: defaultType,
          method: 'SUBSTITUTION',
          lines: originalLines(invoice),
        }}
        onValuesChange={(changed: Partial<Values>) => {
          // By differences the lines say what changes: start from an empty one.
          if (changed.method === 'DIFFERENCES')
            form.setFieldValue('lines', [
              { description: '', quantity: '1', unitPrice: '', vatRateBp: 2100, treatment: 'S1' },
            ]);
          if (changed.method === 'SUBSTITUTION') form.setFieldValue('lines', originalLines(invoice));
        }}
      >
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="rectificationType" label="Tipo de rectificativa" rules={[{ required: true }]}>
          <Select
            options={RECTIFICATIVA_TYPES.map((t) => ({
              value: t,
              label: `${t} · ${RECTIFICATIVA_DESCRIPTIONS[t]}`,
            }))}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="series" label="Serie" extra="Sin elegir, la serie de rectificativas por defecto.">
          <Select
            allowClear
            placeholder="Serie de rectificativas por defecto"
            loading={series.isLoading}
            options={rectSeries.map((s) => ({
              value: s.seriesId,
              label: `${s.code}${s.isDefault ? ' (por defecto)' : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="method" label="Método">
          <Radio.Group
            options={RECTIFICATION_METHODS.map((m) => ({ value: m, label: RECTIFICATION_METHOD_LABELS[m] }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {method === 'DIFFERENCES'
            ? 'Indica solo lo que cambia: cantidades o precios negativos para reducir importes.'
            : 'Las líneas corregidas sustituyen a las de la factura original.'}
        </Typography.Paragraph>
        <Form.Item
          name="reason"
          label="Motivo"
          rules={[
            { required: true, whitespace: true, message: 'Indica el motivo de la rectificación.' },
            { min: 5, message: 'Al menos 5 caracteres.' },
            { max: 500, message: 'Como máximo 500 caracteres.' },
          ]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="cancelAll" valuePropName="checked">
          <Checkbox>Anular todos los importes de la factura</Checkbox>
        </Form.Item>
        {cancelAll ? null : (
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4}>
                {fields.map((field, i) => (
                  <Row gutter={8} key={field.key} align="top">
                    <Col span={9}>
                      <Form.Item
                        name={[field.name, 'description']}
                        rules={[{ required: true, whitespace: true, message: 'Obligatoria.' }]}
                      >
                        <Input placeholder="Descripción" aria-label={`Descripción de la línea ${i + 1}`} />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item
                        name={[field.name, 'quantity']}
                        rules={[
                          {
                            validator: (_, v?: string) => {
                              const q = signedQuantity(v);
                              if (!q) return Promise.reject(new Error('Cantidad no válida.'));
                              if (!allowNegative && q.startsWith('-'))
                                return Promise.reject(new Error('Solo por diferencias.'));
                              return Promise.resolve();
                            },
                          },
                        ]}
                      >
                        <Input placeholder="Cantidad" aria-label={`Cantidad de la línea ${i + 1}`} />
                      </Form.Item>
                    </Col>
                    <Col span={5}>
                      <Form.Item
                        name={[field.name, 'unitPrice']}
                        rules={[
                          {
                            validator: (_, v?: string) =>
                              parseEurosToCents(v ?? '', { allowNegative }) !== null
                                ? Promise.resolve()
                                : Promise.reject(new Error('Importe no válido.')),
                          },
                        ]}
                      >
                        <Input
                          placeholder="Precio"
                          suffix="€"
                          aria-label={`Precio unitario de la línea ${i + 1}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[field.name, 'vatRateBp']}>
                        <Select options={VAT_RATE_OPTIONS} aria-label={`Tipo de IVA de la línea ${i + 1}`} />
                      </Form.Item>
                    </Col>
                    <Col span={2}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length === 1}
                        onClick={() => remove(field.name)}
                        aria-label={`Quitar la línea ${i + 1}`}
                      />
                    </Col>
                  </Row>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({ description: '', quantity: '1', unitPrice: '', vatRateBp: 2100, treatment: 'S1' })
                  }
                  style={{ alignSelf: 'flex-start' }}
                >
                  Añadir línea
                </Button>
              </Flex>
            )}
          </Form.List>
        )}
      </Form>
    </Modal>
  );
}
