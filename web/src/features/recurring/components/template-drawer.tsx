import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import { PAYMENT_METHODS } from '@shared/schemas/invoices';
import type { RecurringTemplate } from '@shared/schemas/recurring-invoices';
import { FormDrawer } from '@web/components/form-drawer';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { DATE_FORMAT, formatCents } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useCustomerOptions, useSaveRecurringTemplate } from '../api/recurring';
import { FREQUENCY_LABELS, MODE_LABELS, optionsOf } from '../utils/labels';
import {
  emptyTemplate,
  emptyTemplateLine,
  fromTemplate,
  OPERATION_OPTIONS,
  PAYMENT_METHOD_LABELS,
  PLACEHOLDERS_HELP,
  parsePrice,
  parseQuantity,
  parseShare,
  TEMPLATE_VAT_OPTIONS,
  type TemplateFormValues,
  templateApiField,
  toTemplateBody,
  toTemplateTotalsInput,
} from '../utils/template-form-values';

const rule = (check: (value: string | undefined) => string | undefined) => ({
  validator: (_: unknown, value: string | undefined) => {
    const problem = check(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
const DAY_OPTIONS = [
  ...Array.from({ length: 28 }, (_, i) => ({ value: i + 1, label: String(i + 1) })),
  { value: 'LAST', label: 'Último día del mes' },
];
const MODE_OPTIONS = [{ value: 'SETTINGS', label: 'Según la configuración' }, ...optionsOf(MODE_LABELS)];
const PAYMENT_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

export function TemplateDrawer({
  companyId,
  open,
  template,
  onClose,
}: {
  companyId: string;
  open: boolean;
  template: RecurringTemplate | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<TemplateFormValues>();
  const save = useSaveRecurringTemplate(companyId);
  const values = Form.useWatch([], form) as Partial<TemplateFormValues> | undefined;
  const [customerText, setCustomerText] = useState('');
  const customers = useCustomerOptions(companyId, useDebouncedValue(customerText.trim()));
  const customerOptions = (customers.data?.content ?? []).map((c) => ({
    value: c.customerId,
    label: c.name,
  }));
  if (template && !customerOptions.some((o) => o.value === template.customerId))
    customerOptions.unshift({ value: template.customerId, label: template.customerName });

  const totals = useMemo(() => {
    try {
      return computeInvoiceTotals(toTemplateTotalsInput(values ?? {}));
    } catch {
      return null;
    }
  }, [values]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(template ? fromTemplate(template) : emptyTemplate());
  }, [open, template, form]);

  const submit = (v: TemplateFormValues) =>
    save.mutate(
      { templateId: template?.templateId, body: toTemplateBody(v) },
      {
        onSuccess: () => {
          toast.success(template ? 'Plantilla actualizada.' : 'Plantilla creada.');
          onClose();
        },
        onError: (error) => {
          if (!showMappedApiErrors(form, error, templateApiField)) toast.fromError(error);
        },
      },
    );

  return (
    <FormDrawer
      title={template ? 'Editar plantilla' : 'Nueva plantilla recurrente'}
      open={open}
      onClose={onClose}
      size={900}
      saving={save.isPending}
      onSave={() => form.submit()}
    >
      <Form<TemplateFormValues>
        form={form}
        layout="vertical"
        initialValues={emptyTemplate()}
        onFinish={submit}
        aria-label="Plantilla recurrente"
      >
        <Row gutter={12}>
          <Col xs={24} md={10}>
            <Form.Item
              name="name"
              label="Nombre de la plantilla"
              rules={[{ required: true, whitespace: true, message: 'El nombre es obligatorio.' }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="customerId"
              label="Cliente"
              rules={[{ required: true, message: 'Elige un cliente.' }]}
            >
              <Select
                aria-label="Cliente"
                showSearch={{ filterOption: false, onSearch: setCustomerText }}
                placeholder="Busca un cliente"
                loading={customers.isFetching}
                options={customerOptions}
                notFoundContent={customers.isFetching ? 'Buscando…' : 'Sin clientes'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="invoiceType" label="Tipo">
              <Select
                options={[
                  { value: 'F1', label: 'F1 Completa' },
                  { value: 'F3', label: 'F3 Sustitutiva' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Alert type="info" showIcon title={PLACEHOLDERS_HELP} style={{ marginBottom: 12 }} />
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => {
                const n = index + 1;
                return (
                  <div
                    key={field.key}
                    style={{ border: '1px solid rgba(0,0,0,0.08)', borderRadius: 8, padding: 12 }}
                  >
                    <Row gutter={8}>
                      <Col xs={24} md={12}>
                        <Form.Item
                          name={[field.name, 'description']}
                          label="Descripción"
                          rules={[
                            { required: true, whitespace: true, message: 'La descripción es obligatoria.' },
                          ]}
                        >
                          <Input
                            maxLength={500}
                            aria-label={`Descripción (línea ${n})`}
                            placeholder="Cuota {MES} {AÑO}"
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={4}>
                        <Form.Item
                          name={[field.name, 'quantity']}
                          label="Cantidad"
                          required
                          rules={[
                            rule((v) => (parseQuantity(v) === null ? 'Cantidad no válida.' : undefined)),
                          ]}
                        >
                          <Input inputMode="decimal" aria-label={`Cantidad (línea ${n})`} />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={5}>
                        <Form.Item
                          name={[field.name, 'unitPrice']}
                          label="Precio (€)"
                          required
                          rules={[rule((v) => (parsePrice(v) === null ? 'Importe no válido.' : undefined))]}
                        >
                          <Input inputMode="decimal" aria-label={`Precio (línea ${n})`} placeholder="0,00" />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={3}>
                        <Form.Item
                          name={[field.name, 'discount']}
                          label="Dto. (%)"
                          rules={[rule((v) => (parseShare(v, 0) === null ? 'Entre 0 y 100.' : undefined))]}
                        >
                          <Input inputMode="decimal" aria-label={`Descuento (línea ${n})`} />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Row gutter={8} align="bottom">
                      <Col xs={8} md={4}>
                        <Form.Item name={[field.name, 'vatRateBp']} label="IVA">
                          <Select
                            options={TEMPLATE_VAT_OPTIONS}
                            aria-label={`IVA (línea ${n})`}
                            disabled={(values?.lines?.[field.name]?.operation ?? 'S1') !== 'S1'}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={16} md={16}>
                        <Form.Item name={[field.name, 'operation']} label="Operación">
                          <Select options={OPERATION_OPTIONS} aria-label={`Operación (línea ${n})`} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={4} style={{ textAlign: 'right' }}>
                        <Form.Item>
                          <Button
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`Quitar línea ${n}`}
                            disabled={fields.length === 1}
                            onClick={() => remove(field.name)}
                          >
                            Quitar
                          </Button>
                        </Form.Item>
                      </Col>
                    </Row>
                  </div>
                );
              })}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add(emptyTemplateLine())}
                style={{ width: 'fit-content' }}
              >
                Añadir línea
              </Button>
            </Flex>
          )}
        </Form.List>
        <Divider />
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <Form.Item name="frequency" label="Frecuencia">
              <Select options={optionsOf(FREQUENCY_LABELS)} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="dayOfMonth" label="Día del mes">
              <Select options={DAY_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="startDate"
              label="Inicio"
              rules={[{ required: true, message: 'La fecha de inicio es obligatoria.' }]}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="endDate"
              label="Fin"
              dependencies={['startDate']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value) => {
                    const start = getFieldValue('startDate');
                    return value && start && value.isBefore(start, 'day')
                      ? Promise.reject(new Error('La fecha de fin no puede ser anterior a la de inicio.'))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <Form.Item name="generationMode" label="Modo de generación">
              <Select options={MODE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="irpfRate"
              label="Retención IRPF (%)"
              rules={[rule((v) => (parseShare(v, 0) === null ? 'Entre 0 y 100.' : undefined))]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="paymentMethod" label="Forma de pago">
              <Select allowClear options={PAYMENT_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="dueDays" label="Vencimiento (días)">
              <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <Form.Item name="maxOccurrences" label="Nº máximo de facturas">
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="isActive" label="Activa" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="notes" label="Notas">
              <Input maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
        {totals ? (
          <Card size="small" title="Importe de cada factura">
            <Descriptions
              size="small"
              column={4}
              items={[
                { key: 'b', label: 'Base', children: formatCents(totals.baseCents) },
                { key: 'v', label: 'IVA', children: formatCents(totals.vatCents) },
                { key: 'i', label: 'IRPF', children: formatCents(totals.irpfCents) },
                { key: 't', label: 'Total', children: <strong>{formatCents(totals.totalCents)}</strong> },
              ]}
            />
          </Card>
        ) : null}
      </Form>
    </FormDrawer>
  );
}
