/**
 * The recurring template drawer: name, customer (a saved one, or a new one typed here and saved in
 * Clientes before the template, so every generated invoice bills a real customer with its VAT
 * treatment and payment terms), the lines in the invoice form's shared editor, the schedule and
 * the generation options, with the amount of each invoice.
 */
import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import { PAYMENT_METHODS } from '@shared/schemas/invoices';
import type { RecurringTemplate } from '@shared/schemas/recurring-invoices';
import { FormDrawer } from '@web/components/form-drawer';
import { InvoiceLinesEditor } from '@web/components/invoice-lines-editor';
import { NewCustomerFields } from '@web/components/new-customer-fields';
import { apiFieldErrors, showMappedApiErrors } from '@web/lib/api-field-errors';
import { DATE_FORMAT, formatCents } from '@web/lib/format';
import { newCustomerBody, newCustomerField, useSaveNewCustomer } from '@web/lib/new-customer';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useCustomerOptions, useSaveRecurringTemplate, useTemplateCustomer } from '../api/recurring';
import { FREQUENCY_LABELS, MODE_LABELS, optionsOf } from '../utils/labels';
import {
  emptyTemplate,
  fromTemplate,
  PAYMENT_METHOD_LABELS,
  PLACEHOLDERS_HELP,
  parseShare,
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
  const saveCustomer = useSaveNewCustomer(companyId);
  const values = Form.useWatch([], form) as Partial<TemplateFormValues> | undefined;
  const customerMode = values?.customerMode ?? 'stored';
  const [customerText, setCustomerText] = useState('');
  const customers = useCustomerOptions(companyId, useDebouncedValue(customerText.trim()));
  // A customer saved from this drawer, offered even before the search lists it.
  const [savedCustomer, setSavedCustomer] = useState<{ value: string; label: string } | null>(null);
  const listed = customers.data?.content ?? [];
  const customerOptions = listed.map((c) => ({ value: c.customerId, label: c.name }));
  for (const extra of [
    savedCustomer,
    template ? { value: template.customerId, label: template.customerName } : null,
  ]) {
    if (extra && !customerOptions.some((o) => o.value === extra.value)) customerOptions.unshift(extra);
  }
  const picked = useTemplateCustomer(
    companyId,
    customerMode === 'stored' ? values?.customerId : undefined,
  ).data;
  const recargoEquivalencia = customerMode === 'stored' && picked?.vatTreatment === 'RECARGO_EQUIVALENCIA';
  // One-stop shop: the generated invoices charge the VAT of the customer's member state.
  const ossCountry =
    customerMode === 'stored' && picked?.vatTreatment === 'OSS' ? picked.address.country : undefined;

  const totals = useMemo(() => {
    try {
      return computeInvoiceTotals(toTemplateTotalsInput(values ?? {}, recargoEquivalencia, ossCountry));
    } catch {
      return null;
    }
  }, [values, recargoEquivalencia, ossCountry]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setSavedCustomer(null);
    form.setFieldsValue(template ? fromTemplate(template) : emptyTemplate());
  }, [open, template, form]);

  /** A new customer is saved in Clientes first: the template bills a saved customer. */
  const customerIdOf = async (v: TemplateFormValues): Promise<string | null> => {
    if (v.customerMode !== 'new') return v.customerId ?? null;
    try {
      const saved = await saveCustomer.mutateAsync(newCustomerBody(v.newCustomer ?? {}));
      const label = (v.newCustomer?.name ?? '').trim();
      setSavedCustomer({ value: saved.customerId, label });
      form.setFieldsValue({ customerMode: 'stored', customerId: saved.customerId });
      if (saved.reused) toast.info('Ya tenías este cliente en Clientes: la plantilla lo usa.');
      return saved.customerId;
    } catch (error) {
      const fields = apiFieldErrors(error).flatMap(({ name, errors }) => {
        const field = newCustomerField(name.join('.'));
        return field ? [{ name: ['newCustomer', field], errors }] : [];
      });
      if (fields.length > 0) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      else toast.fromError(error);
      return null;
    }
  };

  const submit = async (v: TemplateFormValues) => {
    const customerId = await customerIdOf(v);
    if (!customerId) return;
    save.mutate(
      {
        templateId: template?.templateId,
        body: toTemplateBody({ ...v, customerId }, { recargoEquivalencia }),
      },
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
  };

  return (
    <FormDrawer
      title={template ? 'Editar plantilla' : 'Nueva plantilla recurrente'}
      open={open}
      onClose={onClose}
      size={900}
      saving={save.isPending || saveCustomer.isPending}
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
            <Form.Item name="customerMode" label="Cliente">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'stored', label: 'Cliente guardado' },
                  { value: 'new', label: 'Cliente nuevo' },
                ]}
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
        {customerMode === 'new' ? (
          <>
            <NewCustomerFields prefix="newCustomer" nifRequired fiscalAddressRequired />
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title="El cliente se guarda en Clientes al guardar la plantilla: cada factura generada lo usa con su tratamiento de IVA y su plazo de pago."
            />
          </>
        ) : (
          <Form.Item
            name="customerId"
            label="Cliente guardado"
            rules={[{ required: true, message: 'Elige un cliente o escribe uno nuevo.' }]}
          >
            <Select
              aria-label="Cliente"
              showSearch={{ filterOption: false, onSearch: setCustomerText }}
              placeholder="Busca un cliente"
              loading={customers.isFetching}
              options={customerOptions}
              notFoundContent={customers.isFetching ? 'Buscando…' : 'Sin clientes: elige «Cliente nuevo»'}
            />
          </Form.Item>
        )}
        <Alert type="info" showIcon title={PLACEHOLDERS_HELP} style={{ marginBottom: 12 }} />
        <InvoiceLinesEditor
          recargoEquivalencia={recargoEquivalencia}
          ossCountry={ossCountry}
          descriptionPlaceholder="Cuota {MES} {AÑO}"
        />
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
              column={{ xs: 2, md: 4 }}
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
