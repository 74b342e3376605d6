/**
 * The invoice form (new invoice and draft edit): type, series, dates, customer (a stored one or
 * written inline, NIF checked here, optionally saved as a customer first), lines with their VAT
 * treatment, IRPF, payment and notes, and the live totals preview. A new invoice starts with the
 * company's default payment method and its due date after the payment term (the customer's, else
 * the company's). "Guardar borrador" and "Guardar y confirmar"; the API's validation errors are
 * shown under the fields they name.
 */
import { type DueDate, dueDatesOf, type PaymentTerms, storedTerms } from '@shared/fiscal/due-dates';
import { IRPF_RATES } from '@shared/fiscal/vat';
import type { Customer, VatTreatment } from '@shared/schemas/customers';
import { INVOICE_TYPES, type Invoice, PAYMENT_METHODS } from '@shared/schemas/invoices';
import { IntraEuOperationFields } from '@web/components/intra-eu-operation-fields';
import { InvoiceLinesEditor, ossRateOptions } from '@web/components/invoice-lines-editor';
import { NewCustomerFields } from '@web/components/new-customer-fields';
import { errorMessage } from '@web/lib/api-error';
import { apiFieldErrors } from '@web/lib/api-field-errors';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { formatBp } from '@web/lib/money-input';
import { newCustomerBody, newCustomerField, useSaveNewCustomer } from '@web/lib/new-customer';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
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
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCustomer, useCustomerSearch } from '../api/get-customers';
import { useInvoiceSeries } from '../api/get-invoice-series';
import { useInvoicingDefaults } from '../api/get-invoicing-defaults';
import { type SaveMode, useSaveInvoice } from '../api/save-invoice';
import {
  apiErrorsOnForm,
  dueDateAfter,
  emptyLine,
  type InvoiceFormValues,
  type InvoiceLineValues,
  initialValues,
  parseLine,
  previewTotals,
  toInvoiceBody,
  valuesFromInvoice,
} from '../utils/invoice-form';
import { INVOICE_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '../utils/labels';
import { hasOrdinaryDefault, type SeriesFormValues } from '../utils/series';
import { RefusalAlert } from './refusal-alert';
import { LazySeriesManager } from './series-manager-launcher';
import { TotalsPreview } from './totals-preview';

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

/** antd DatePicker ↔ ISO `YYYY-MM-DD` in the form values. */
const isoDateProps = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined),
};

export function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const [form] = Form.useForm<InvoiceFormValues>();
  // The form's own message (a string) or the API's refusal, shown with its link (RefusalAlert).
  const [formError, setFormError] = useState<unknown>(null);
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
  // One-stop shop: the taxed lines bear the VAT of the customer's member state (modelo 369).
  const ossCountry = vatTreatment === 'OSS' ? storedCustomer.data?.address.country : undefined;
  const preview = useMemo(
    () => previewTotals(values ?? {}, recargoEquivalencia, ossCountry),
    [values, recargoEquivalencia, ossCountry],
  );
  const invoiceDate = values?.invoiceDate ?? '';
  const invoiceType = values?.invoiceType ?? 'F1';
  const operationDate = values?.operationDate || invoiceDate;
  // An OSS customer picked: taxed lines at a rate that state does not have take its standard rate.
  useEffect(() => {
    if (!ossCountry) return;
    const rates = ossRateOptions(ossCountry, operationDate).map((o) => o.value);
    const standard = rates[0];
    if (standard === undefined) return;
    const lines = (form.getFieldValue('lines') ?? []) as InvoiceLineValues[];
    lines.forEach((line, i) => {
      if ((line?.treatment ?? 'S1') === 'S1' && !rates.includes(line?.vatRateBp ?? -1)) {
        form.setFieldValue(['lines', i, 'vatRateBp'], standard);
      }
    });
  }, [ossCountry, operationDate, form]);
  const saveCustomer = useSaveNewCustomer(companyId);
  // The SII's book OI exists only for companies in the SII (issue 16).
  const siiEnabled = useSelectedCompany()?.siiEnabled === true;

  // A new invoice takes the company's defaults (the API applies the same when they are left out).
  const defaults = useInvoicingDefaults(invoice ? null : companyId);
  const customerTerm = customerMode === 'stored' ? storedCustomer.data?.paymentTermsDays : undefined;
  const termDays = customerTerm ?? defaults.data?.paymentTermsDays;
  // Issue 19: the terms in force (the stored customer's, else the company's). One instalment
  // without días de pago fills the due date as before; several (or días de pago) leave it empty
  // and the API gives the instalments, shown below the field.
  const terms: PaymentTerms | undefined =
    customerMode === 'stored' && storedCustomer.data
      ? storedTerms(storedCustomer.data.paymentTerms, storedCustomer.data.paymentTermsDays)
      : defaults.data?.paymentTerms;
  const byInstalments = terms !== undefined && !isSingleTerm(terms);
  useEffect(() => {
    if (invoice || termDays === undefined || !invoiceDate || form.isFieldTouched('dueDate')) return;
    form.setFieldValue('dueDate', byInstalments ? undefined : dueDateAfter(invoiceDate, termDays));
  }, [invoice, termDays, invoiceDate, form, byInstalments]);
  const computedDueDates =
    terms && invoiceDate && !values?.dueDate && preview.totals && preview.totals.totalCents > 0
      ? dueDatesOf(invoiceDate, preview.totals.totalCents, terms)
      : [];
  const defaultMethod = defaults.data?.paymentMethod;
  useEffect(() => {
    if (invoice || !defaultMethod || form.isFieldTouched('paymentMethod')) return;
    if (!form.getFieldValue('paymentMethod')) form.setFieldValue('paymentMethod', defaultMethod);
  }, [invoice, defaultMethod, form]);

  /** Saves the written customer in Clientes; the invoice then points at it. False when refused. */
  const saveWrittenCustomer = async (full: InvoiceFormValues): Promise<InvoiceFormValues | null> => {
    try {
      const saved = await saveCustomer.mutateAsync(
        newCustomerBody(full.customer ?? {}, defaults.data?.paymentTermsDays),
      );
      const stored = { customerMode: 'stored' as const, customerId: saved.customerId, saveAsCustomer: false };
      form.setFieldsValue(stored);
      showToast(
        saved.reused ? 'info' : 'success',
        saved.reused
          ? 'Ya tenías un cliente con este NIF: la factura se emite a ese cliente.'
          : 'Cliente guardado en Clientes.',
      );
      return { ...full, ...stored };
    } catch (error) {
      const fields = apiFieldErrors(error).flatMap(({ name, errors }) => {
        const field = newCustomerField(name.join('.'));
        return field ? [{ name: ['customer', field], errors }] : [];
      });
      if (fields.length > 0) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      setFormError(`No se pudo guardar el cliente: ${errorMessage(error)}`);
      return null;
    }
  };

  const submit = async (mode: SaveMode) => {
    setFormError(null);
    let checked: InvoiceFormValues;
    try {
      checked = await form.validateFields();
    } catch {
      setFormError('Revisa los campos marcados.');
      return;
    }
    let full = { ...form.getFieldsValue(true), ...checked } as InvoiceFormValues;
    setSavingMode(mode);
    let treatment = vatTreatment;
    if (full.customerMode === 'inline' && full.saveAsCustomer) {
      const withCustomer = await saveWrittenCustomer(full);
      if (!withCustomer) {
        setSavingMode(null);
        return;
      }
      full = withCustomer;
      // A customer created here is DOMESTIC; an existing one keeps its treatment (the API applies it).
      treatment = undefined;
    }
    save.mutate(
      { body: toInvoiceBody(full, treatment), mode, series: full.seriesId, invoiceId: invoice?.invoiceId },
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
          setFormError(error);
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
        <RefusalAlert error={formError} style={{ marginBottom: 16 }} onClose={() => setFormError(null)} />
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
              extra={
                computedDueDates.length > 0 ? (
                  <DueDatesPreview dueDates={computedDueDates} />
                ) : invoice || termDays === undefined ? undefined : (
                  `Plazo de pago ${customerTerm !== undefined ? 'del cliente' : 'de la empresa'}: ${termDays} días.`
                )
              }
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
        saveAsCustomer={values?.saveAsCustomer === true}
        selected={storedCustomer.data}
        vatTreatment={vatTreatment}
      />

      <Card title="Líneas" size="small" style={{ marginBottom: 16 }}>
        <InvoiceLinesEditor
          recargoEquivalencia={recargoEquivalencia}
          ossCountry={ossCountry}
          invoiceDate={operationDate}
          lineBase={(index) => lineBase(values, index, preview)}
          newLine={emptyLine}
        />
      </Card>

      {siiEnabled ? <IntraEuOperationFields /> : null}

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

/** Terms that give one due date at N days (what the due date field shows by itself). */
const isSingleTerm = (t: PaymentTerms) => t.instalments.length === 1 && !t.paymentDays?.length;

/** The due dates the API will give from the terms in force (issue 19), under the due date field. */
export function DueDatesPreview({ dueDates }: { dueDates: readonly DueDate[] }) {
  return (
    <div data-testid="computed-due-dates">
      Vencimientos según las condiciones de pago:
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {dueDates.map((d) => (
          <li key={d.dueDate + String(d.amountCents)}>
            {formatDate(d.dueDate)}: {formatCents(d.amountCents)}
          </li>
        ))}
      </ul>
    </div>
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

function CustomerSection({
  companyId,
  mode,
  invoiceType,
  saveAsCustomer,
  selected,
  vatTreatment,
}: {
  companyId: string | null;
  mode: 'stored' | 'inline';
  invoiceType: string;
  /** "Guardar como cliente" is ticked: the fiscal address is asked for. */
  saveAsCustomer: boolean;
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
                  : vatTreatment === 'OSS'
                    ? 'Consumidor de otro país de la UE (ventanilla única): las líneas sujetas llevan el IVA de su Estado miembro y se declaran en el modelo 369, no en el 303.'
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
        <>
          <NewCustomerFields
            prefix="customer"
            nifRequired={needsId || saveAsCustomer}
            fiscalAddressRequired={saveAsCustomer}
          />
          <Form.Item
            name="saveAsCustomer"
            valuePropName="checked"
            extra={
              saveAsCustomer
                ? 'Se guarda en Clientes al guardar la factura, y la factura queda a su nombre.'
                : undefined
            }
          >
            <Checkbox>Guardar como cliente</Checkbox>
          </Form.Item>
        </>
      )}
    </Card>
  );
}
