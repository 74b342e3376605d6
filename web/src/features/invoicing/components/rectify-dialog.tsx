/**
 * "Emitir rectificativa" (art. 15 RD 1619/2012): type R1–R5, method by substitution (the corrected
 * lines replace the invoice's) or by differences (the lines carry what changes, negative to
 * lower), or the annulment of every amount; the reason is required. A substitution starts as an
 * exact copy of the original lines, every field kept (discount, exemption cause, not-subject kind,
 * reverse charge, recargo); the IRPF withholding is the original's.
 */
import {
  type Invoice,
  RECTIFICATION_METHODS,
  RECTIFICATIVA_TYPES,
  type RectificationMethod,
  type RectificativaType,
} from '@shared/schemas/invoices';
import { InvoiceLinesEditor } from '@web/components/invoice-lines-editor';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { emptyInvoiceLine, type InvoiceLineValues, lineValuesOf, toLineBody } from '@web/lib/invoice-lines';
import { formatBp } from '@web/lib/money-input';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Alert, Checkbox, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInvoiceSeries } from '../api/get-invoice-series';
import { type RectifyBody, useRectifyInvoice } from '../api/rectify-invoice';
import { RECTIFICATION_METHOD_LABELS, RECTIFICATIVA_DESCRIPTIONS } from '../utils/labels';

export interface RectifyValues {
  series?: string;
  rectificationType: RectificativaType;
  method: RectificationMethod;
  reason: string;
  cancelAll?: boolean;
  lines: InvoiceLineValues[];
}

/** The original's lines, every field kept: a substitution starts as an exact copy. */
export const originalLines = (invoice: Invoice): InvoiceLineValues[] =>
  invoice.invoiceLines.map((line, index) => ({ ...lineValuesOf(line), sourceLine: index }));

const sameBody = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

const inRecargo = (invoice: Invoice) => invoice.customer?.vatTreatment === 'RECARGO_EQUIVALENCIA';

export function toRectifyBody(values: RectifyValues, invoice: Invoice): RectifyBody {
  const base = {
    rectificationType: values.rectificationType,
    method: values.method,
    reason: values.reason.trim(),
    ...(values.series ? { series: values.series } : {}),
  };
  if (values.cancelAll) return { ...base, cancelAll: true };
  const options = { recargoEquivalencia: inRecargo(invoice), allowNegative: values.method === 'DIFFERENCES' };
  if (values.method !== 'SUBSTITUTION')
    return { ...base, invoiceLines: values.lines.map((l) => toLineBody(l, options)) };
  // A substitution says which original line each one copies and whether it was changed: the
  // server refuses an unchanged line that differs from its original (a lost discount, say).
  const invoiceLines = values.lines.map((l) => {
    const body = toLineBody(l, options);
    const original = l.sourceLine === undefined ? undefined : invoice.invoiceLines[l.sourceLine];
    if (!original) return { ...body, changed: true };
    const changed = !sameBody(body, toLineBody(lineValuesOf(original), options));
    return { ...body, sourceLine: l.sourceLine, ...(changed ? { changed: true } : {}) };
  });
  return { ...base, invoiceLines };
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
  const [form] = Form.useForm<RectifyValues>();
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
        const checked = await form.validateFields().catch(() => null);
        if (!checked) return;
        setError(null);
        // Every stored value of the lines, also those without a visible field (recargo).
        const stored = form.getFieldsValue(true) as RectifyValues;
        const values = {
          ...stored,
          ...checked,
          lines: (stored.lines ?? []).map((l, i) => ({ ...l, ...checked.lines?.[i] })),
        } as RectifyValues;
        rectify.mutate(toRectifyBody(values, invoice), {
          onSuccess: (created) => {
            showToast('success', `Rectificativa ${created.invoiceNumber ?? ''} emitida.`);
            onClose();
            navigate(paths.app.invoicing.invoice(created.invoiceId));
          },
          onError: (e) => setError(errorMessage(e)),
        });
      }}
    >
      <Form<RectifyValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          rectificationType: defaultType,
          method: 'SUBSTITUTION',
          lines: originalLines(invoice),
        }}
        onValuesChange={(changed: Partial<RectifyValues>) => {
          // By differences the lines say what changes: start from an empty one.
          if (changed.method === 'DIFFERENCES') form.setFieldValue('lines', [emptyInvoiceLine()]);
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
        {invoice.irpfRateBp ? (
          <Typography.Paragraph type="secondary">
            Retención de IRPF de la factura original: {formatBp(invoice.irpfRateBp)}.
          </Typography.Paragraph>
        ) : null}
        {cancelAll ? null : (
          <InvoiceLinesEditor
            allowNegative={allowNegative}
            recargoEquivalencia={inRecargo(invoice)}
            // Same customer: an OSS invoice is corrected at the rates of its member state then.
            ossCountry={invoice.customer?.vatTreatment === 'OSS' ? invoice.customer.country : undefined}
            invoiceDate={invoice.operationDate ?? invoice.invoiceDate}
          />
        )}
      </Form>
    </Modal>
  );
}
