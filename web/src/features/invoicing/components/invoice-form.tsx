/**
 * The invoice form (new invoice and draft edit): type, series, dates, customer (a stored one or
 * written inline, NIF checked here), lines with their VAT treatment, IRPF, payment and notes, and
 * the live totals preview. "Guardar borrador" and "Guardar y confirmar"; the API's validation
 * errors are shown under the fields they name.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  IRPF_RATES,
  isVatRateInForce,
  OPERATION_KINDS,
  type OperationKind,
  VAT_RATES,
} from '@shared/fiscal/vat';
import {
  type Customer,
  INVOICE_TYPES,
  type Invoice,
  PAYMENT_METHODS,
  type VatTreatment,
} from '@shared/schemas/invoices';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast, toastError } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCustomer, useCustomerSearch } from '../api/get-customers';
import { useInvoiceSeries } from '../api/get-invoice-series';
import { type SaveMode, useSaveInvoice } from '../api/save-invoice';
import {
  apiErrorsOnForm,
  emptyLine,
  type InvoiceFormValues,
  initialValues,
  nifProblem,
  parseLine,
  previewTotals,
  toInvoiceBody,
  valuesFromInvoice,
} from '../utils/invoice-form';
import { INVOICE_TYPE_LABELS, LINE_TREATMENT_LABELS, PAYMENT_METHOD_LABELS } from '../utils/labels';
import { formatBp, parseEurosToCents, parsePercentToBp, parseQuantity } from '../utils/money';
import { hasOrdinaryDefault, type SeriesFormValues } from '../utils/series';
import { LazySeriesManager } from './series-manager-launcher';
import { TotalsPreview } from './totals-preview';

/** Current rates first, then the historical ones (rectifying or late invoices of those periods). */
export const VAT_RATE_OPTIONS = [...VAT_RATES]
  .sort((a, b) => Number(b.current) - Number(a.current) || b.bp - a.bp)
  .map((r) => ({ value: r.bp, label: r.current ? formatBp(r.bp) : `${formatBp(r.bp)} (histórico)` }));

/** IRPF rates offered, one per rate (several activities share 19 %). */
export const IRPF_OPTIONS = [
  { value: 0, label: 'Sin retención' },
  ...[...new Set(IRPF_RATES.map((r) => r.bp))]
    .sort((a, b) => b - a)
    .map((bp) => ({
      value: bp,
      label: IRPF_RATES.filter((r) => r.bp === bp)
        .map((r) => r.label.replace(/\s*\([^)]*%\)$/, ''))
        .join(' / ')
        .concat(` (${formatBp(bp)})`),
    })),
];

const TREATMENT_OPTIONS = OPERATION_KINDS.map((op) => ({ value: op, label: LINE_TREATMENT_LABELS[op] }));

/** antd DatePicker ↔ ISO `YYYY-MM-DD` in the form values. */
const isoDateProps = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined),
};

const FIELD_LABELS = { quantity: 'Cantidad', unitPrice: 'Precio unitario', discount: 'Descuento' };

export function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const [form] = Form.useForm<InvoiceFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [savingMode, setSavingMode] = useState<SaveMode | null>(null);
  const save = useSaveInvoice(companyId);
  const series = useInvoiceSeries(companyId);
  const [seriesManager, setSeriesManager] = useState<{ preset?: Partial<SeriesFormValues> } | null>(null);
  const needsDefaultSeries = series.isSuccess && !hasOrdinaryDefault(series.data);

  const start = useMemo(
    () => (invoice ? valuesFromInvoice(invoice) : initialValues(dayjs().format('YYYY-MM-DD'))),
    [invoice],
  );
  const values = Form.useWatch([], form) as Partial<InvoiceFormValues> | undefined;
  const customerMode = values?.customerMode ?? start.customerMode;
  const customerId = values?.customerId;
  const storedCustomer = useCustomer(customerMode === 'stored' ? customerId : undefined, companyId);
  const vatTreatment: VatTreatment | undefined =
    customerMode === 'stored' ? storedCustomer.data?.vatTreatment : 'DOMESTIC';
  const recargoEquivalencia = vatTreatment === 'RECARGO_EQUIVALENCIA';
  const preview = useMemo(
    () => previewTotals(values ?? {}, recargoEquivalencia),
    [values, recargoEquivalencia],
  );
  const invoiceDate = values?.invoiceDate ?? '';
  const invoiceType = values?.invoiceType ?? 'F1';

  const submit = async (mode: SaveMode) => {
    setFormError(null);
    let checked: InvoiceFormValues;
    try {
      checked = await form.validateFields();
    } catch {
      setFormError('Revisa los campos marcados.');
      return;
    }
    const full = { ...form.getFieldsValue(true), ...checked } as InvoiceFormValues;
    setSavingMode(mode);
    save.mutate(
      { body: toInvoiceBody(full, vatTreatment), mode, series: full.seriesId, invoiceId: invoice?.invoiceId },
      {
        onSuccess: (saved) => {
          showToast(
            'success',
            mode === 'confirm'
              ? `Factura ${saved.invoiceNumber ?? ''} confirmada.`.replace('  ', ' ')
              : 'Borrador guardado.',
          );
          navigate(paths.app.invoicing.invoice(saved.invoiceId));
        },
        onError: (error) => {
          const fields = apiErrorsOnForm(error, full.customerMode);
          if (fields.length > 0) {
            form.setFields(fields as Parameters<typeof form.setFields>[0]);
            form.scrollToField(fields[0]!.name);
          }
          setFormError(errorMessage(error));
          if (fields.length === 0) toastError(error);
        },
        onSettled: () => setSavingMode(null),
      },
    );
  };

  return (
    <Form<InvoiceFormValues>
      form={form}
      layout="vertical"
      initialValues={start}
      requiredMark="optional"
      onFinish={() => submit('draft')}
      aria-label="Formulario de factura"
    >
      {formError ? (
        <Alert
          type="error"
          showIcon
          title={formError}
          style={{ marginBottom: 16 }}
          closable
          onClose={() => setFormError(null)}
        />
      ) : null}

      {needsDefaultSeries ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="La empresa no tiene una serie ordinaria por defecto"
          description="Para confirmar facturas hace falta una serie por defecto que les dé número. Puedes guardar borradores mientras tanto."
          action={
            <Button
              size="small"
              type="primary"
              onClick={() =>
                setSeriesManager({
                  preset: { code: 'F', purpose: 'ORDINARY', isDefault: true, isActive: true },
                })
              }
            >
              Crear serie por defecto
            </Button>
          }
        />
      ) : null}
      <LazySeriesManager
        open={seriesManager !== null}
        preset={seriesManager?.preset}
        onClose={() => setSeriesManager(null)}
      />

      <Card title="Datos de la factura" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="invoiceType"
              label="Tipo de factura"
              rules={[{ required: true, message: 'Elige el tipo.' }]}
            >
              <Select options={INVOICE_TYPES.map((t) => ({ value: t, label: INVOICE_TYPE_LABELS[t] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="seriesId"
              label="Serie"
              extra={
                <>
                  Sin elegir, la serie por defecto de la empresa.{' '}
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0, height: 'auto' }}
                    onClick={() => setSeriesManager({})}
                  >
                    Gestionar series
                  </Button>
                </>
              }
            >
              <Select
                allowClear
                loading={series.isLoading}
                placeholder="Serie por defecto"
                options={(series.data ?? [])
                  .filter((s) => s.purpose !== 'RECTIFICATIVA')
                  .map((s) => ({
                    value: s.seriesId,
                    label: `${s.code}${s.description ? ` · ${s.description}` : ''}${s.isDefault ? ' (por defecto)' : ''}`,
                  }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="paymentMethod"
              label="Forma de pago"
              extra="Efectivo: prohibido desde 1.000 € entre empresarios (Ley 11/2021)."
            >
              <Select
                allowClear
                placeholder="Sin indicar"
                options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="invoiceDate"
              label="Fecha de expedición"
              rules={[{ required: true, message: 'Indica la fecha de la factura.' }]}
              {...isoDateProps}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="operationDate"
              label="Fecha de operación"
              extra="Solo si es distinta de la de expedición."
              {...isoDateProps}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="dueDate"
              label="Vencimiento"
              dependencies={['invoiceDate']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: string) =>
                    value && getFieldValue('invoiceDate') && value < getFieldValue('invoiceDate')
                      ? Promise.reject(
                          new Error('El vencimiento no puede ser anterior a la fecha de la factura.'),
                        )
                      : Promise.resolve(),
                }),
              ]}
              {...isoDateProps}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <CustomerSection
        companyId={companyId}
        mode={customerMode}
        invoiceType={invoiceType}
        selected={storedCustomer.data}
        vatTreatment={vatTreatment}
      />

      <Card title="Líneas" size="small" style={{ marginBottom: 16 }}>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Flex vertical gap={12}>
              {fields.map((field, index) => (
                <LineRow
                  key={field.key}
                  name={field.name}
                  index={index}
                  canRemove={fields.length > 1}
                  onRemove={() => remove(field.name)}
                  recargoEquivalencia={recargoEquivalencia}
                  invoiceDate={invoiceDate}
                  baseCents={lineBase(values, index, preview)}
                />
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add(emptyLine())}
                style={{ alignSelf: 'flex-start' }}
              >
                Añadir línea
              </Button>
            </Flex>
          )}
        </Form.List>
      </Card>

      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title="Retención y notas" size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="irpfRateBp" label="Retención de IRPF">
              <Select options={IRPF_OPTIONS} />
            </Form.Item>
            <Form.Item
              name="notes"
              label="Notas"
              rules={[{ max: 2000, message: 'Como máximo 2.000 caracteres.' }]}
            >
              <Input.TextArea rows={3} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <TotalsPreview
            totals={preview.totals}
            irpfRateBp={values?.irpfRateBp ?? 0}
            incompleteLines={preview.incompleteLines}
            error={preview.error}
          />
        </Col>
      </Row>

      <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 16 }}>
        <Button onClick={() => navigate(-1)}>Cancelar</Button>
        <Button htmlType="submit" loading={savingMode === 'draft'} disabled={savingMode !== null}>
          Guardar borrador
        </Button>
        <Button
          type="primary"
          loading={savingMode === 'confirm'}
          disabled={savingMode !== null}
          onClick={() => submit('confirm')}
        >
          Guardar y confirmar
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'right', marginTop: 8 }}>
        Una factura confirmada recibe su número y ya no se puede modificar: se corrige con una rectificativa.
      </Typography.Paragraph>
    </Form>
  );
}

/** The base of line `index` in the preview (incomplete lines are not in it). */
function lineBase(
  values: Partial<InvoiceFormValues> | undefined,
  index: number,
  preview: ReturnType<typeof previewTotals>,
): number | null {
  if (!preview.totals || preview.incompleteLines.includes(index)) return null;
  const position = index - preview.incompleteLines.filter((i) => i < index).length;
  const line = values?.lines?.[index];
  if (!line || !parseLine(line)) return null;
  return preview.totals.lineBasesCents[position] ?? null;
}

function LineRow({
  name,
  index,
  canRemove,
  onRemove,
  recargoEquivalencia,
  invoiceDate,
  baseCents,
}: {
  name: number;
  index: number;
  canRemove: boolean;
  onRemove: () => void;
  recargoEquivalencia: boolean;
  invoiceDate: string;
  baseCents: number | null;
}) {
  const n = index + 1;
  const form = Form.useFormInstance<InvoiceFormValues>();
  const treatment = (Form.useWatch(['lines', name, 'treatment'], form) as OperationKind | undefined) ?? 'S1';
  const vatRateBp = Form.useWatch(['lines', name, 'vatRateBp'], form) as number | undefined;
  const taxed = treatment === 'S1';
  const outOfForce =
    taxed && vatRateBp !== undefined && invoiceDate && !isVatRateInForce(vatRateBp, invoiceDate);
  return (
    <Card
      size="small"
      type="inner"
      title={`Línea ${n}`}
      extra={
        canRemove ? (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={`Quitar la línea ${n}`}
          />
        ) : null
      }
    >
      <Row gutter={12}>
        <Col xs={24} md={24}>
          <Form.Item
            name={[name, 'description']}
            label="Descripción"
            rules={[
              { required: true, whitespace: true, message: 'La descripción es obligatoria.' },
              { max: 500, message: 'Como máximo 500 caracteres.' },
            ]}
          >
            <Input aria-label={`Descripción de la línea ${n}`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name={[name, 'quantity']}
            label={FIELD_LABELS.quantity}
            rules={[
              { required: true, message: 'Indica la cantidad.' },
              {
                validator: (_, v?: string) =>
                  !v || parseQuantity(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error('Una cantidad positiva con como máximo 3 decimales.')),
              },
            ]}
          >
            <Input inputMode="decimal" aria-label={`Cantidad de la línea ${n}`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item
            name={[name, 'unitPrice']}
            label={FIELD_LABELS.unitPrice}
            rules={[
              { required: true, message: 'Indica el precio.' },
              {
                validator: (_, v?: string) =>
                  !v || parseEurosToCents(v) !== null
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error('Un importe en euros con como máximo 2 decimales (1.234,56).'),
                      ),
              },
            ]}
          >
            <Input inputMode="decimal" suffix="€" aria-label={`Precio unitario de la línea ${n}`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item
            name={[name, 'discount']}
            label={FIELD_LABELS.discount}
            rules={[
              {
                validator: (_, v?: string) =>
                  !v?.trim() || parsePercentToBp(v) !== null
                    ? Promise.resolve()
                    : Promise.reject(new Error('Entre 0 y 100, con 2 decimales como máximo.')),
              },
            ]}
          >
            <Input inputMode="decimal" suffix="%" aria-label={`Descuento de la línea ${n}`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name={[name, 'treatment']} label="Tratamiento IVA">
            <Select
              aria-label={`Tratamiento de IVA de la línea ${n}`}
              options={TREATMENT_OPTIONS}
              popupMatchSelectWidth={false}
              onChange={(value: OperationKind) => {
                if (value !== 'S1') form.setFieldValue(['lines', name, 'vatRateBp'], 0);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name={[name, 'vatRateBp']}
            label="Tipo de IVA"
            extra={outOfForce ? 'Tipo no vigente en la fecha de la factura.' : undefined}
          >
            <Select
              aria-label={`Tipo de IVA de la línea ${n}`}
              options={VAT_RATE_OPTIONS}
              disabled={!taxed}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={3}>
          <Form.Item label="Base">
            <Typography.Text strong aria-label={`Base de la línea ${n}`}>
              {baseCents === null ? '—' : formatCents(baseCents)}
            </Typography.Text>
          </Form.Item>
        </Col>
        {recargoEquivalencia && taxed ? (
          <Col xs={24}>
            <Form.Item name={[name, 'recargo']} valuePropName="checked" initialValue={true}>
              <Checkbox>Aplicar recargo de equivalencia (cliente en recargo)</Checkbox>
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    </Card>
  );
}

function CustomerSection({
  companyId,
  mode,
  invoiceType,
  selected,
  vatTreatment,
}: {
  companyId: string | null;
  mode: 'stored' | 'inline';
  invoiceType: string;
  /** The picked customer, so the picker shows its name even when the search does not list it. */
  selected?: Customer;
  vatTreatment?: VatTreatment;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const customers = useCustomerSearch(debounced, companyId);
  const needsId = invoiceType !== 'F2';
  const found = customers.data?.content ?? [];
  const listed =
    selected && !found.some((c) => c.customerId === selected.customerId) ? [selected, ...found] : found;
  const options = listed.map((c) => ({
    value: c.customerId,
    label: `${c.name} · ${typeof c.taxId === 'string' ? c.taxId : c.taxId.value}`,
  }));
  return (
    <Card title="Cliente" size="small" style={{ marginBottom: 16 }}>
      <Form.Item name="customerMode">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'stored', label: 'Cliente guardado' },
            { value: 'inline', label: 'Datos del cliente' },
          ]}
        />
      </Form.Item>
      {mode === 'stored' ? (
        <Form.Item
          name="customerId"
          label="Cliente"
          rules={[
            {
              required: needsId,
              message: 'Elige el cliente (una factura completa identifica al destinatario).',
            },
          ]}
          extra={
            vatTreatment === 'RECARGO_EQUIVALENCIA'
              ? 'Cliente en recargo de equivalencia: las líneas sujetas llevan recargo.'
              : vatTreatment === 'INTRA_EU'
                ? 'Cliente intracomunitario: usa «Exenta art. 25» en las entregas de bienes.'
                : vatTreatment === 'EXPORT'
                  ? 'Exportación: usa «Exenta art. 21» en las líneas.'
                  : undefined
          }
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            allowClear
            placeholder="Busca por nombre o NIF"
            loading={customers.isFetching}
            options={options}
            notFoundContent={customers.isFetching ? 'Buscando…' : 'Ningún cliente coincide'}
            aria-label="Cliente"
          />
        </Form.Item>
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name={['customer', 'nif']}
              label="NIF"
              rules={[
                { required: needsId, message: 'El NIF es obligatorio en una factura completa.' },
                {
                  validator: (_, v?: string) => {
                    const problem = nifProblem(v);
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input aria-label="NIF del cliente" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name={['customer', 'name']}
              label="Nombre o razón social"
              rules={[{ required: true, whitespace: true, message: 'El nombre es obligatorio.' }]}
            >
              <Input aria-label="Nombre del cliente" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['customer', 'address']} label="Dirección">
              <Input aria-label="Dirección del cliente" />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name={['customer', 'postalCode']} label="Código postal">
              <Input aria-label="Código postal del cliente" />
            </Form.Item>
          </Col>
          <Col xs={16} md={5}>
            <Form.Item name={['customer', 'city']} label="Población">
              <Input aria-label="Población del cliente" />
            </Form.Item>
          </Col>
          <Col xs={24} md={3}>
            <Form.Item
              name={['customer', 'country']}
              label="País"
              rules={[{ pattern: /^[A-Za-z]{2}$/, message: 'Código ISO de 2 letras (ES).' }]}
            >
              <Input maxLength={2} aria-label="País del cliente" />
            </Form.Item>
          </Col>
        </Row>
      )}
    </Card>
  );
}
