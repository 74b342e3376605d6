import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { computeReceivedInvoiceTotals } from '@shared/fiscal/received-invoice-totals';
import { defaultWithholding } from '@shared/fiscal/withholdings';
import {
  type ExpenseCategory,
  SUPPLIER_FOREIGN_ID_TYPES,
  type Supplier,
  supplierNifIvaProblem,
} from '@shared/schemas/expenses';
import {
  RECEIVED_INVOICE_TYPES,
  RECEIVED_LINE_KINDS,
  RECEIVED_PAYMENT_METHODS,
  type ReceivedInvoice,
  type ReceivedInvoiceType,
} from '@shared/schemas/received-invoices';
import { FormDrawer } from '@web/components/form-drawer';
import { IntraEuOperationFields } from '@web/components/intra-eu-operation-fields';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { formatPercentInput } from '@web/lib/money-input';
import { useSelectedCompany } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Flex,
  Form,
  type FormInstance,
  Input,
  Radio,
  Row,
  Select,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useSaveReceivedInvoice, useSupplierReceivedInvoices } from '../api/received-invoices';
import { useSupplierSearch } from '../api/suppliers';
import {
  emptyLine,
  emptyReceivedForm,
  fromReceivedInvoice,
  hasImportLine,
  isRectificativaForm,
  isVatFree,
  LINE_KIND_LABELS,
  type LineFormValues,
  PAYMENT_METHOD_LABELS,
  parsePrice,
  parseQuantityMilli,
  parseShare,
  RECEIVED_INVOICE_TYPE_LABELS,
  RECEIVED_VAT_OPTIONS,
  type ReceivedFormValues,
  recargoOptions,
  receivedApiField,
  toReceivedBody,
  toTotalsInput,
} from '../utils/received-invoice-form-values';
import { FOREIGN_ID_LABELS, nifProblem } from '../utils/supplier-form-values';
import { TotalsPreview } from './totals-preview';
import { type RememberedWithholding, WithholdingFields } from './withholding-fields';

const KIND_OPTIONS = RECEIVED_LINE_KINDS.map((value) => ({ value, label: LINE_KIND_LABELS[value] }));
const PAYMENT_OPTIONS = RECEIVED_PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));
const FOREIGN_OPTIONS = SUPPLIER_FOREIGN_ID_TYPES.map((value) => ({
  value,
  label: FOREIGN_ID_LABELS[value],
}));
const TYPE_OPTIONS = RECEIVED_INVOICE_TYPES.map((value) => ({
  value,
  label: RECEIVED_INVOICE_TYPE_LABELS[value],
}));
const isRectificativaType = (t: ReceivedInvoiceType | undefined) => isRectificativaForm({ invoiceType: t });

const rule = (check: (value: string | undefined) => string | undefined) => ({
  validator: (_: unknown, value: string | undefined) => {
    const problem = check(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
/** Amounts may be negative only on a rectificativa (`signed`), as the API decides. */
const quantityRule = (signed: boolean) =>
  rule((v) => {
    if (parseQuantityMilli(v, signed) !== null) return undefined;
    return signed
      ? 'Cantidad distinta de cero, con hasta 3 decimales.'
      : 'Cantidad mayor que cero, con hasta 3 decimales.';
  });
const priceRule = (signed: boolean) =>
  rule((v) => {
    if (parsePrice(v, signed) !== null) return undefined;
    return parsePrice(v, true) !== null
      ? 'El precio no puede ser negativo (solo en una factura rectificativa).'
      : 'Importe no válido (ej. 1.234,56).';
  });
const shareRule = rule((v) => (parseShare(v, 0) === null ? 'Porcentaje entre 0 y 100.' : undefined));

export interface ReceivedInvoiceDrawerProps {
  companyId: string;
  open: boolean;
  /** The invoice being corrected; null to register a new one. */
  invoice: ReceivedInvoice | null;
  categories: readonly ExpenseCategory[];
  onClose: () => void;
}

/** Register or correct a received invoice, with the totals the API will compute shown as it is typed. */
export function ReceivedInvoiceDrawer({
  companyId,
  open,
  invoice,
  categories,
  onClose,
}: ReceivedInvoiceDrawerProps) {
  const [form] = Form.useForm<ReceivedFormValues>();
  const save = useSaveReceivedInvoice(companyId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(invoice ? fromReceivedInvoice(invoice) : emptyReceivedForm());
  }, [open, invoice, form]);

  const submit = (values: ReceivedFormValues) =>
    save.mutate(
      { receivedInvoiceId: invoice?.receivedInvoiceId, body: toReceivedBody(values) },
      {
        onSuccess: () => {
          toast.success(invoice ? 'Factura recibida actualizada.' : 'Factura recibida registrada.');
          onClose();
        },
        onError: (error) => {
          if (!showMappedApiErrors(form, error, receivedApiField)) toast.fromError(error);
        },
      },
    );

  return (
    <FormDrawer
      title={invoice ? 'Editar factura recibida' : 'Nueva factura recibida'}
      open={open}
      onClose={onClose}
      size={960}
      saving={save.isPending}
      onSave={() => form.submit()}
    >
      <ReceivedInvoiceForm
        form={form}
        companyId={companyId}
        categories={categories}
        initialSupplier={
          invoice?.supplier.supplierId
            ? { value: invoice.supplier.supplierId, label: invoice.supplier.name }
            : null
        }
        currentInvoiceId={invoice?.receivedInvoiceId}
        onFinish={submit}
      />
    </FormDrawer>
  );
}

export interface ReceivedInvoiceFormProps {
  form: FormInstance<ReceivedFormValues>;
  companyId: string;
  categories: readonly ExpenseCategory[];
  initialSupplier?: { value: string; label: string } | null;
  /** The invoice being corrected (never offered as the invoice it rectifies). */
  currentInvoiceId?: string;
  onFinish: (values: ReceivedFormValues) => void;
}

/** The form itself (rendered alone by the tests). */
export function ReceivedInvoiceForm({
  form,
  companyId,
  categories,
  initialSupplier,
  currentInvoiceId,
  onFinish,
}: ReceivedInvoiceFormProps) {
  const values = Form.useWatch([], form) as Partial<ReceivedFormValues> | undefined;
  const supplierMode = values?.supplierMode ?? 'EXISTING';
  const idKind = values?.supplierIdKind ?? 'NIF';
  const rectificativa = isRectificativaForm(values);
  const importing = hasImportLine(values);
  // The SII's book OI exists only for companies in the SII (issue 16).
  const siiEnabled = useSelectedCompany()?.siiEnabled === true;
  const totals = useMemo(() => {
    try {
      return computeReceivedInvoiceTotals(toTotalsInput(values ?? {}));
    } catch {
      return null;
    }
  }, [values]);

  /** The picked supplier's remembered withholding kind and key (issue 15). */
  const [remembered, setRemembered] = useState<RememberedWithholding | null>(null);

  const applySupplierDefaults = (supplier: Supplier | undefined) => {
    if (!supplier) return;
    setRemembered(supplier);
    const current = form.getFieldsValue();
    const withholding = (supplier.irpfRateBp ?? 0) > 0 ? defaultWithholding(supplier) : null;
    const changes: Partial<ReceivedFormValues> = {
      irpfRate: formatPercentInput(supplier.irpfRateBp ?? 0),
      withholdingKind: withholding?.kind,
      withholdingKey: withholding?.key,
      // The supplier's remembered régimen especial del criterio de caja (art. 163 quaterdecies LIVA).
      supplierCashCriterion: supplier.supplierCashCriterion === true,
    };
    if (!current.expenseCategoryId && supplier.defaultExpenseCategoryId)
      changes.expenseCategoryId = supplier.defaultExpenseCategoryId;
    form.setFieldsValue(changes);
  };

  return (
    <Form<ReceivedFormValues>
      form={form}
      layout="vertical"
      initialValues={emptyReceivedForm()}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<ReceivedFormValues>) => {
        // Becoming a rectificativa: offer the first rectified invoice to fill in.
        if (isRectificativaType(changed.invoiceType) && !form.getFieldValue('rectified')?.length)
          form.setFieldsValue({ rectified: [{}] });
      }}
      aria-label="Datos de la factura recibida"
    >
      <Form.Item name="supplierMode" label="Proveedor">
        <Radio.Group
          options={[
            { value: 'EXISTING', label: 'Proveedor guardado' },
            { value: 'INLINE', label: 'Escribir los datos' },
          ]}
        />
      </Form.Item>
      {supplierMode === 'EXISTING' ? (
        <Form.Item
          name="supplierId"
          label="Buscar proveedor"
          rules={[{ required: true, message: 'Elige un proveedor.' }]}
        >
          <SupplierSelect
            companyId={companyId}
            initial={initialSupplier ?? null}
            onPicked={applySupplierDefaults}
          />
        </Form.Item>
      ) : (
        <Row gutter={12}>
          <Col xs={24} md={10}>
            <Form.Item
              name="supplierName"
              label="Nombre del proveedor"
              rules={[
                { required: true, whitespace: true, message: 'El nombre del proveedor es obligatorio.' },
              ]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="supplierIdKind" label="Identificación">
              <Select
                options={[
                  { value: 'NIF', label: 'NIF español' },
                  { value: 'FOREIGN', label: 'Extranjero' },
                ]}
              />
            </Form.Item>
          </Col>
          {idKind === 'NIF' ? (
            <Col xs={24} md={8}>
              <Form.Item
                name="supplierNif"
                label="NIF"
                required
                validateTrigger="onBlur"
                rules={[rule(nifProblem)]}
              >
                <Input maxLength={20} />
              </Form.Item>
            </Col>
          ) : (
            <>
              <Col xs={12} md={8}>
                <Form.Item
                  name="supplierForeignType"
                  label="Tipo"
                  rules={[{ required: true, message: 'Elige el tipo.' }]}
                >
                  <Select options={FOREIGN_OPTIONS} />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item
                  name="supplierForeignValue"
                  label="Identificador"
                  dependencies={['supplierForeignType', 'supplierCountry']}
                  validateTrigger="onBlur"
                  rules={[
                    { required: true, whitespace: true, message: 'El identificador es obligatorio.' },
                    ({ getFieldValue }) => ({
                      // The API's own check of a NIF-IVA (the same as a customer's).
                      validator: (_, value: string | undefined) => {
                        const country = getFieldValue('supplierCountry') as string | undefined;
                        if (getFieldValue('supplierForeignType') !== 'NIF_IVA' || !value?.trim() || !country)
                          return Promise.resolve();
                        const problem = supplierNifIvaProblem(value, country);
                        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <Input maxLength={20} />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item
                  name="supplierCountry"
                  label="País"
                  rules={[{ required: true, pattern: /^[A-Za-z]{2}$/, message: 'Código de dos letras.' }]}
                >
                  <Input maxLength={2} />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      )}
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="invoiceType" label="Tipo de factura">
            <Select options={TYPE_OPTIONS} aria-label="Tipo de factura" popupMatchSelectWidth={false} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} md={6}>
          <Form.Item
            name="supplierInvoiceNumber"
            label="Nº de factura del proveedor"
            rules={[
              {
                required: true,
                whitespace: true,
                message: 'El número de factura del proveedor es obligatorio.',
              },
            ]}
          >
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="issueDate"
            label="Fecha de expedición"
            rules={[{ required: true, message: 'La fecha es obligatoria.' }]}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="operationDate" label="Fecha de operación">
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="accountingDate"
            label="Fecha contable"
            dependencies={['issueDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value) => {
                  const issue = getFieldValue('issueDate');
                  return value && issue && value.isBefore(issue, 'day')
                    ? Promise.reject(new Error('La fecha contable no puede ser anterior a la de expedición.'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>

      {rectificativa ? (
        <RectifiedInvoices
          form={form}
          companyId={companyId}
          supplierId={supplierMode === 'EXISTING' ? values?.supplierId : undefined}
          currentInvoiceId={currentInvoiceId}
        />
      ) : null}

      <Divider titlePlacement="start">Líneas</Divider>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => (
              <LineRow
                key={field.key}
                name={field.name}
                index={index}
                line={values?.lines?.[field.name]}
                signed={rectificativa}
                canRemove={fields.length > 1}
                onRemove={() => remove(field.name)}
              />
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add(emptyLine())} style={{ width: 'fit-content' }}>
              Añadir línea
            </Button>
          </Flex>
        )}
      </Form.List>
      {importing ? (
        <Row gutter={12} style={{ marginTop: 12 }}>
          <Col xs={24} md={8}>
            <Form.Item
              name="customsDocument"
              label="Nº de DUA (importación)"
              rules={[{ max: 40, message: 'El número de DUA no puede tener más de 40 caracteres.' }]}
            >
              <Input maxLength={40} placeholder="26ES00281110123456" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}

      <Divider />
      <Row gutter={12}>
        <Col xs={12} md={6}>
          <Form.Item name="irpfRate" label="Retención IRPF (%)" rules={[shareRule]}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="expenseCategoryId" label="Categoría de gasto">
            <Select
              allowClear
              placeholder="Sin categoría"
              options={categories
                .filter((c) => c.isActive)
                .map((c) => ({ value: c.categoryId, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="paymentMethod" label="Forma de pago">
            <Select allowClear options={PAYMENT_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="dueDate" label="Vencimiento">
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <WithholdingFields form={form} values={values} remembered={remembered} />
      <Form.Item
        name="supplierCashCriterion"
        valuePropName="checked"
        extra="Si la factura lo indica, el IVA de las compras interiores se deduce al pagarla (o el 31 de diciembre del año siguiente si sigue pendiente)."
      >
        <Checkbox>El proveedor aplica el régimen especial del criterio de caja</Checkbox>
      </Form.Item>
      {siiEnabled ? <IntraEuOperationFields /> : null}
      <Form.Item name="notes" label="Notas">
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Form.List name="attachments">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginBottom: 16 }}>
            <span>Adjuntos (referencias a documentos)</span>
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={[field.name, 'fileName']}
                  rules={[{ required: true, message: 'Nombre del archivo.' }]}
                  style={{ flex: 1, marginBottom: 0 }}
                >
                  <Input placeholder="factura.pdf" aria-label="Nombre del archivo" />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'documentId']}
                  rules={[{ required: true, message: 'Referencia del documento.' }]}
                  style={{ flex: 1, marginBottom: 0 }}
                >
                  <Input placeholder="Id. del documento" aria-label="Referencia del documento" />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label="Quitar adjunto"
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button size="small" onClick={() => add({})} style={{ width: 'fit-content' }}>
              Añadir adjunto
            </Button>
          </Flex>
        )}
      </Form.List>
      {totals ? <TotalsPreview totals={totals} /> : null}
    </Form>
  );
}

/**
 * The invoices a rectificativa corrects (art. 15 RD 1619/2012): each one picked among the supplier's
 * registered invoices (its number and date are filled in) or typed by number and date.
 */
function RectifiedInvoices({
  form,
  companyId,
  supplierId,
  currentInvoiceId,
}: {
  form: FormInstance<ReceivedFormValues>;
  companyId: string;
  supplierId: string | undefined;
  currentInvoiceId: string | undefined;
}) {
  const { data } = useSupplierReceivedInvoices(companyId, supplierId);
  const options = (data?.content ?? [])
    .filter((r) => r.receivedInvoiceId !== currentInvoiceId)
    .map((r) => ({
      value: r.receivedInvoiceId,
      label: `${r.supplierInvoiceNumber} · ${formatDate(r.issueDate)} · ${formatCents(r.totals.totalCents)}`,
      invoice: r,
    }));
  const pick = (name: number, id: string | undefined) => {
    const r = options.find((o) => o.value === id)?.invoice;
    if (!r) return;
    form.setFieldValue(['rectified', name, 'supplierInvoiceNumber'], r.supplierInvoiceNumber);
    form.setFieldValue(['rectified', name, 'issueDate'], dayjs(r.issueDate));
  };
  const unlessPicked =
    (name: number, message: string) =>
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      required: !getFieldValue(['rectified', name, 'receivedInvoiceId']),
      message,
    });

  return (
    <>
      <Divider titlePlacement="start">Facturas rectificadas</Divider>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="Rectificativa por diferencias: escribe en las líneas solo lo que cambia. Una cantidad o un precio negativo reduce lo facturado (devoluciones, descuentos, abonos)."
      />
      <Form.List name="rectified">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginBottom: 12 }}>
            {fields.map((field, index) => {
              const label = (text: string) => `${text} (rectificada ${index + 1})`;
              return (
                <Row key={field.key} gutter={8} align="bottom">
                  {supplierId ? (
                    <Col xs={24} md={9}>
                      <Form.Item name={[field.name, 'receivedInvoiceId']} label="Factura registrada">
                        <Select
                          allowClear
                          placeholder="Elige una factura del proveedor"
                          aria-label={label('Factura registrada')}
                          options={options.map(({ value, label }) => ({ value, label }))}
                          notFoundContent="Sin facturas registradas de este proveedor"
                          onChange={(id: string | undefined) => pick(field.name, id)}
                        />
                      </Form.Item>
                    </Col>
                  ) : null}
                  <Col xs={12} md={supplierId ? 6 : 10}>
                    <Form.Item
                      name={[field.name, 'supplierInvoiceNumber']}
                      label="Nº de la factura rectificada"
                      dependencies={[['rectified', field.name, 'receivedInvoiceId']]}
                      rules={[unlessPicked(field.name, 'Indica el número de la factura rectificada.')]}
                    >
                      <Input maxLength={60} aria-label={label('Número')} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={supplierId ? 6 : 10}>
                    <Form.Item
                      name={[field.name, 'issueDate']}
                      label="Fecha de expedición"
                      dependencies={[['rectified', field.name, 'receivedInvoiceId']]}
                      rules={[unlessPicked(field.name, 'Indica la fecha de la factura rectificada.')]}
                    >
                      <DatePicker
                        format={DATE_FORMAT}
                        style={{ width: '100%' }}
                        aria-label={label('Fecha')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={supplierId ? 3 : 4}>
                    <Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                        aria-label={label('Quitar')}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              );
            })}
            <Button size="small" onClick={() => add({})} style={{ width: 'fit-content' }}>
              Añadir factura rectificada
            </Button>
          </Flex>
        )}
      </Form.List>
      <Form.Item name="rectificationReason" label="Motivo de la rectificación">
        <Input maxLength={500} placeholder="Devolución de mercancía, descuento por volumen…" />
      </Form.Item>
    </>
  );
}

function LineRow({
  name,
  index,
  line,
  signed,
  canRemove,
  onRemove,
}: {
  name: number;
  index: number;
  line: LineFormValues | undefined;
  /** A rectificativa's line: negative amounts allowed. */
  signed: boolean;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const vatFree = isVatFree(line?.kind);
  const label = (text: string) => `${text} (línea ${index + 1})`;
  return (
    <div style={{ border: '1px solid rgba(0,0,0,0.08)', borderRadius: 8, padding: 12 }}>
      <Row gutter={8}>
        <Col xs={24} md={10}>
          <Form.Item
            name={[name, 'description']}
            label="Descripción"
            rules={[{ required: true, whitespace: true, message: 'La descripción es obligatoria.' }]}
          >
            <Input maxLength={500} aria-label={label('Descripción')} />
          </Form.Item>
        </Col>
        <Col xs={8} md={3}>
          <Form.Item
            name={[name, 'quantity']}
            label="Cantidad"
            required
            dependencies={['invoiceType']}
            rules={[quantityRule(signed)]}
          >
            <Input inputMode="decimal" aria-label={label('Cantidad')} />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item
            name={[name, 'unitPrice']}
            label="Precio unitario (€)"
            required
            dependencies={['invoiceType']}
            rules={[priceRule(signed)]}
          >
            <Input inputMode="decimal" aria-label={label('Precio unitario')} placeholder="0,00" />
          </Form.Item>
        </Col>
        <Col xs={8} md={3}>
          <Form.Item name={[name, 'discount']} label="Dto. (%)" rules={[shareRule]}>
            <Input inputMode="decimal" aria-label={label('Descuento')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name={[name, 'kind']} label="Tipo de operación">
            <Select
              options={KIND_OPTIONS}
              aria-label={label('Tipo de operación')}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={8} align="bottom">
        <Col xs={8} md={4}>
          <Form.Item name={[name, 'vatRateBp']} label="IVA">
            <Select options={RECEIVED_VAT_OPTIONS} disabled={vatFree} aria-label={label('IVA')} />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name={[name, 'deductible']} label="Deducible (%)" rules={[shareRule]}>
            <Input inputMode="decimal" aria-label={label('Deducible')} />
          </Form.Item>
        </Col>
        <Col xs={8} md={5}>
          <Form.Item name={[name, 'recargoRateBp']} label="Recargo de equivalencia">
            <Select options={recargoOptions(line ?? {})} aria-label={label('Recargo')} />
          </Form.Item>
        </Col>
        <Col xs={16} md={7}>
          <Form.Item name={[name, 'investmentGoods']} valuePropName="checked">
            <Checkbox>Bien de inversión</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={8} md={4} style={{ textAlign: 'right' }}>
          <Form.Item>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!canRemove}
              onClick={onRemove}
              aria-label={label('Quitar')}
            >
              Quitar
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}

/** Supplier autocomplete: at most five active suppliers matching what is typed (suppliers.search). */
function SupplierSelect({
  companyId,
  initial,
  value,
  onChange,
  onPicked,
}: {
  companyId: string;
  initial: { value: string; label: string } | null;
  value?: string;
  onChange?: (value: string | undefined) => void;
  onPicked: (supplier: Supplier | undefined) => void;
}) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const { data, isFetching } = useSupplierSearch(companyId, q);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(initial);
  const options = (data ?? []).map((s) => ({ value: s.supplierId, label: s.name }));
  if (picked && !options.some((o) => o.value === picked.value)) options.unshift(picked);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText }}
      aria-label="Proveedor"
      placeholder="Escribe el nombre o el NIF"
      value={value}
      loading={isFetching}
      options={options}
      notFoundContent={isFetching ? 'Buscando…' : 'Sin resultados'}
      onChange={(id: string | undefined) => {
        const supplier = data?.find((s) => s.supplierId === id);
        if (supplier) setPicked({ value: supplier.supplierId, label: supplier.name });
        onChange?.(id);
        onPicked(supplier);
      }}
      allowClear
    />
  );
}
