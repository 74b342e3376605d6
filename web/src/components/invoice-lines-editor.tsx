/**
 * The lines of an issued invoice in a form (`Form.List` of `InvoiceLineValues`): description,
 * quantity, unit price, discount, VAT treatment (taxed, reverse charge, not subject, exempt),
 * VAT rate and recargo. The invoice form, the rectificativa and the recurring template use it, so
 * no field of a line is lost between them. For a customer under the one-stop shop (`ossCountry`) a
 * taxed line is charged at a rate of the customer's member state (shared/fiscal/eu-vat-rates.ts): the
 * rates offered are that state's on the invoice date.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { euRateKind, isOssMemberState, memberStateNames, ossRatesOf } from '@shared/fiscal/eu-vat-rates';
import { isVatRateInForce, OPERATION_KINDS, type OperationKind, VAT_RATES } from '@shared/fiscal/vat';
import { formatCents } from '@web/lib/format';
import { emptyInvoiceLine, type InvoiceLineValues } from '@web/lib/invoice-lines';
import { formatBp, parseEurosToCents, parsePercentToBp, parseQuantity } from '@web/lib/money-input';
import { Button, Card, Checkbox, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Current rates first, then the historical ones (rectifying or late invoices of those periods). */
export const VAT_RATE_OPTIONS = [...VAT_RATES]
  .sort((a, b) => Number(b.current) - Number(a.current) || b.bp - a.bp)
  .map((r) => ({ value: r.bp, label: r.current ? formatBp(r.bp) : `${formatBp(r.bp)} (histórico)` }));

export const LINE_TREATMENT_LABELS: Record<OperationKind, string> = {
  S1: 'Sujeta y no exenta',
  S2: 'Inversión del sujeto pasivo',
  N1: 'No sujeta (arts. 7 y 14)',
  N2: 'No sujeta por localización',
  E1: 'Exenta art. 20',
  E2: 'Exenta art. 21 (exportación)',
  E3: 'Exenta art. 22',
  E4: 'Exenta arts. 23 y 24',
  E5: 'Exenta art. 25 (intracomunitaria)',
  E6: 'Exenta por otras causas',
};

const TREATMENT_OPTIONS = OPERATION_KINDS.map((op) => ({ value: op, label: LINE_TREATMENT_LABELS[op] }));

const RATE_KIND_LABELS = {
  STANDARD: 'general',
  REDUCED: 'reducido',
  SUPER_REDUCED: 'superreducido',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The rates of the member state of consumption on the date (every rate it has had without one). */
export function ossRateOptions(country: string, date?: string): { value: number; label: string }[] {
  const day = date && ISO_DATE.test(date) ? date : undefined;
  return ossRatesOf(country, day).map((bp) => {
    const kind = day ? euRateKind(country, bp, day) : undefined;
    return { value: bp, label: kind ? `${formatBp(bp)} (${RATE_KIND_LABELS[kind]})` : formatBp(bp) };
  });
}

/** The taxed treatment of an OSS customer's line says where its VAT goes. */
const ossTreatmentOptions = (country: string) =>
  TREATMENT_OPTIONS.map((o) =>
    o.value === 'S1'
      ? {
          value: o.value,
          label: `IVA de ${isOssMemberState(country) ? memberStateNames[country] : country} (OSS)`,
        }
      : o,
  );

export interface InvoiceLinesEditorProps {
  /** The `Form.List` name; `lines` unless told. */
  name?: string;
  /** Negative quantities and prices (a rectificativa by differences). */
  allowNegative?: boolean;
  /** Offer the recargo de equivalencia on taxed lines (a customer in that regime). */
  recargoEquivalencia?: boolean;
  /** A customer under the one-stop shop: taxed lines bear a rate of this member state (ISO code). */
  ossCountry?: string;
  /** Warns about a VAT rate not in force on this date. */
  invoiceDate?: string;
  /** The base of each line, when known (the live preview). */
  lineBase?: (index: number) => number | null;
  /** What a new line starts as. */
  newLine?: () => InvoiceLineValues;
  descriptionPlaceholder?: string;
  /** Said under the lines (e.g. the placeholders a template accepts). */
  footer?: ReactNode;
}

export function InvoiceLinesEditor({
  name = 'lines',
  allowNegative = false,
  recargoEquivalencia = false,
  ossCountry,
  invoiceDate,
  lineBase,
  newLine = emptyInvoiceLine,
  descriptionPlaceholder,
  footer,
}: InvoiceLinesEditorProps) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.map((field, index) => (
            <LineRow
              key={field.key}
              listName={name}
              name={field.name}
              index={index}
              canRemove={fields.length > 1}
              onRemove={() => remove(field.name)}
              allowNegative={allowNegative}
              recargoEquivalencia={recargoEquivalencia}
              ossCountry={ossCountry}
              invoiceDate={invoiceDate}
              baseCents={lineBase ? lineBase(index) : undefined}
              descriptionPlaceholder={descriptionPlaceholder}
            />
          ))}
          {footer}
          <Button icon={<PlusOutlined />} onClick={() => add(newLine())} style={{ alignSelf: 'flex-start' }}>
            Añadir línea
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

const check = (problem: (value: string | undefined) => string | undefined) => ({
  validator: (_: unknown, value: string | undefined) => {
    const text = problem(value);
    return text ? Promise.reject(new Error(text)) : Promise.resolve();
  },
});

function LineRow({
  listName,
  name,
  index,
  canRemove,
  onRemove,
  allowNegative,
  recargoEquivalencia,
  ossCountry,
  invoiceDate,
  baseCents,
  descriptionPlaceholder,
}: {
  listName: string;
  name: number;
  index: number;
  canRemove: boolean;
  onRemove: () => void;
  allowNegative: boolean;
  recargoEquivalencia: boolean;
  ossCountry?: string | undefined;
  invoiceDate?: string;
  baseCents?: number | null;
  descriptionPlaceholder?: string;
}) {
  const n = index + 1;
  const form = Form.useFormInstance();
  const treatment = (Form.useWatch([listName, name, 'treatment'], form) as OperationKind | undefined) ?? 'S1';
  const vatRateBp = Form.useWatch([listName, name, 'vatRateBp'], form) as number | undefined;
  const recargo = Form.useWatch([listName, name, 'recargo'], form) as boolean | undefined;
  const taxed = treatment === 'S1';
  const oss = taxed && ossCountry !== undefined;
  const rateOptions = oss ? ossRateOptions(ossCountry, invoiceDate) : VAT_RATE_OPTIONS;
  const outOfForce = oss
    ? vatRateBp !== undefined && !rateOptions.some((o) => o.value === vatRateBp)
    : taxed && vatRateBp !== undefined && invoiceDate && !isVatRateInForce(vatRateBp, invoiceDate);
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
        <Col xs={24}>
          <Form.Item
            name={[name, 'description']}
            label="Descripción"
            rules={[
              { required: true, whitespace: true, message: 'La descripción es obligatoria.' },
              { max: 500, message: 'Como máximo 500 caracteres.' },
            ]}
          >
            <Input aria-label={`Descripción de la línea ${n}`} placeholder={descriptionPlaceholder} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name={[name, 'quantity']}
            label="Cantidad"
            rules={[
              { required: true, message: 'Indica la cantidad.' },
              check((v) =>
                !v || parseQuantity(v, { allowNegative })
                  ? undefined
                  : allowNegative
                    ? 'Una cantidad distinta de cero con como máximo 3 decimales.'
                    : 'Una cantidad positiva con como máximo 3 decimales.',
              ),
            ]}
          >
            <Input inputMode="decimal" aria-label={`Cantidad de la línea ${n}`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item
            name={[name, 'unitPrice']}
            label="Precio unitario"
            rules={[
              { required: true, message: 'Indica el precio.' },
              check((v) =>
                !v || parseEurosToCents(v, { allowNegative }) !== null
                  ? undefined
                  : 'Un importe en euros con como máximo 2 decimales (1.234,56).',
              ),
            ]}
          >
            <Input inputMode="decimal" suffix="€" aria-label={`Precio unitario de la línea ${n}`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item
            name={[name, 'discount']}
            label="Descuento"
            rules={[
              check((v) =>
                !v?.trim() || parsePercentToBp(v) !== null
                  ? undefined
                  : 'Entre 0 y 100, con 2 decimales como máximo.',
              ),
            ]}
          >
            <Input inputMode="decimal" suffix="%" aria-label={`Descuento de la línea ${n}`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name={[name, 'treatment']} label="Tratamiento IVA">
            <Select
              aria-label={`Tratamiento de IVA de la línea ${n}`}
              options={ossCountry ? ossTreatmentOptions(ossCountry) : TREATMENT_OPTIONS}
              popupMatchSelectWidth={false}
              onChange={(value: OperationKind) => {
                if (value !== 'S1') form.setFieldValue([listName, name, 'vatRateBp'], 0);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name={[name, 'vatRateBp']}
            label="Tipo de IVA"
            extra={
              outOfForce
                ? oss
                  ? `Elige un tipo de IVA de ${isOssMemberState(ossCountry) ? memberStateNames[ossCountry] : ossCountry} vigente en la fecha.`
                  : 'Tipo no vigente en la fecha de la factura.'
                : undefined
            }
          >
            <Select aria-label={`Tipo de IVA de la línea ${n}`} options={rateOptions} disabled={!taxed} />
          </Form.Item>
        </Col>
        {baseCents !== undefined ? (
          <Col xs={24} md={3}>
            <Form.Item label="Base">
              <Typography.Text strong aria-label={`Base de la línea ${n}`}>
                {baseCents === null ? '—' : formatCents(baseCents)}
              </Typography.Text>
            </Form.Item>
          </Col>
        ) : null}
        {/* A line that had recargo keeps the choice visible even if the regime is not known here. */}
        {(recargoEquivalencia || recargo) && taxed && !oss ? (
          <Col xs={24}>
            <Form.Item
              name={[name, 'recargo']}
              valuePropName="checked"
              // Left unset, a taxed line of a customer in the regime bears recargo (the API's default).
              getValueProps={(v?: boolean) => ({ checked: recargoEquivalencia ? v !== false : v === true })}
            >
              <Checkbox aria-label={`Recargo de equivalencia de la línea ${n}`}>
                Aplicar recargo de equivalencia (cliente en recargo)
              </Checkbox>
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    </Card>
  );
}
