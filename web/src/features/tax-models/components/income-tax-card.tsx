/**
 * What an income-tax or withholding model needs beside the invoices (issue 15), read-only once filed:
 *  - 130: 'Aplicar gastos de difícil justificación (5 %)' (art. 30.2.4ª LIRPF; the preview follows it
 *    at once), the previous year's net income (minoration of art. 110.3.c RIRPF), other income and
 *    expenses (RETA quota, amortisations…);
 *  - 111: the employment income of the period ([01]–[06]) while payroll is run elsewhere;
 *  - 115: the rents paid without an invoice in the books, one row per landlord;
 *  - 123: the capital income paid outside the books, one row per recipient.
 * The other models have nothing here (the card is not drawn).
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { TaxModelType } from '@shared/schemas/tax-models';
import { formatCents } from '@web/lib/format';
import { parseEurosToCents } from '@web/lib/money-input';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import {
  emptyPayee,
  type IncomeTaxDraft,
  isCountField,
  NIF_FORMAT_HELP,
  OTHER_EXPENSES_LABEL,
  OTHER_INCOME_LABEL,
  PAYEE_WORDS,
  type PayeeDraft,
  type PayeeList,
  PREVIOUS_YEAR_LABEL,
  WORK_FIELD_BOXES,
  WORK_FIELD_LABELS,
  type WorkField,
} from '../utils/income-tax-adjustments';

export const DIFFICULT_JUSTIFICATION_LABEL = 'Aplicar gastos de difícil justificación (5 %)';
export const WORK_INCOME_NOTE = 'Rendimientos del trabajo (mientras las nóminas se lleven fuera de Cuadra)';

/** The models this card has fields for. */
export const hasIncomeTaxFields = (modelType: TaxModelType): boolean =>
  modelType === '130' || modelType === '111' || modelType === '115' || modelType === '123';

const TITLES: Partial<Record<TaxModelType, string>> = {
  '130': 'Datos del pago fraccionado',
  '111': 'Rendimientos del trabajo',
  '115': 'Alquileres sin factura en los libros',
  '123': 'Rendimientos del capital mobiliario fuera de los libros',
};

export interface IncomeTaxCardProps {
  modelType: TaxModelType;
  draft: IncomeTaxDraft;
  onChange: (next: IncomeTaxDraft) => void;
  /** Field ('otherIncome', 'work.baseCents', 'rentals.0.nif'…) → message: the form's and the server's. */
  errors: Record<string, string>;
  /** The server's refusal no field shows. */
  refusal: string | null;
  editable: boolean;
  /** 130: whether the profile applies the provision (estimación directa simplificada); null unknown. */
  difficultDefault: boolean | null;
}

export function IncomeTaxCard(props: IncomeTaxCardProps) {
  const { modelType, refusal } = props;
  if (!hasIncomeTaxFields(modelType)) return null;
  return (
    <Card title={TITLES[modelType]} size="small">
      <Flex vertical gap={12}>
        {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
        {modelType === '130' ? <Fields130 {...props} /> : null}
        {modelType === '111' ? <WorkIncomeFields {...props} /> : null}
        {modelType === '115' ? <PayeeEditor list="rentals" {...props} /> : null}
        {modelType === '123' ? <PayeeEditor list="capital" {...props} /> : null}
      </Flex>
    </Card>
  );
}

/** A typed amount (or count) with its label, its message and its help; plain text once filed. */
function TextField({
  label,
  value,
  onChange,
  error,
  help,
  editable,
  suffix = '€',
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
  help?: ReactNode;
  editable: boolean;
  suffix?: string | null;
  placeholder?: string;
}) {
  return (
    <Form.Item
      label={label}
      validateStatus={error ? 'error' : undefined}
      help={error ?? help}
      style={{ marginBottom: 12 }}
    >
      <Input
        aria-label={label}
        inputMode="decimal"
        suffix={suffix ?? undefined}
        placeholder={placeholder}
        disabled={!editable}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}

function Fields130({ draft, onChange, errors, editable, difficultDefault }: IncomeTaxCardProps) {
  const chosen = draft.applyDifficultJustification;
  const checked = chosen ?? difficultDefault ?? false;
  return (
    <Form layout="vertical" component="div">
      <Flex vertical gap={4} style={{ marginBottom: 12 }}>
        <Flex gap={8} align="center">
          <Switch
            size="small"
            aria-label={DIFFICULT_JUSTIFICATION_LABEL}
            checked={checked}
            disabled={!editable}
            onChange={(on) => onChange({ ...draft, applyDifficultJustification: on })}
          />
          <Typography.Text>{DIFFICULT_JUSTIFICATION_LABEL}</Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Estimación directa simplificada: el 5 % del rendimiento neto, hasta 2.000 € al año (art. 30.2.4ª
          LIRPF).
          {chosen === null ? ' Según el perfil fiscal mientras no lo cambies.' : ''}
        </Typography.Text>
      </Flex>
      <TextField
        label={PREVIOUS_YEAR_LABEL}
        value={draft.previousYearNetIncome}
        onChange={(text) => onChange({ ...draft, previousYearNetIncome: text })}
        error={errors.previousYearNetIncome}
        help="Vacío: el del 4T del año anterior. Por debajo de 12.000 € reduce el pago (art. 110.3.c RIRPF)."
        editable={editable}
      />
      <TextField
        label={OTHER_INCOME_LABEL}
        value={draft.otherIncome}
        onChange={(text) => onChange({ ...draft, otherIncome: text })}
        error={errors.otherIncome}
        help="Subvenciones y otros ingresos sin factura, acumulados desde enero."
        editable={editable}
      />
      <TextField
        label={OTHER_EXPENSES_LABEL}
        value={draft.otherExpenses}
        onChange={(text) => onChange({ ...draft, otherExpenses: text })}
        error={errors.otherExpenses}
        help="Cuota de autónomos, amortizaciones… acumulados desde enero."
        editable={editable}
      />
    </Form>
  );
}

const CASH_FIELDS: WorkField[] = ['recipients', 'baseCents', 'withholdingCents'];
const IN_KIND_FIELDS: WorkField[] = ['inKindRecipients', 'inKindValueCents', 'inKindWithholdingCents'];

function WorkIncomeFields({ draft, onChange, errors, editable }: IncomeTaxCardProps) {
  const field = (f: WorkField) => (
    <Col key={f} xs={24} sm={8}>
      <TextField
        label={`[${WORK_FIELD_BOXES[f]}] ${WORK_FIELD_LABELS[f]}`}
        value={draft.work[f]}
        onChange={(text) => onChange({ ...draft, work: { ...draft.work, [f]: text } })}
        error={errors[`work.${f}`]}
        editable={editable}
        suffix={isCountField(f) ? null : '€'}
        placeholder={isCountField(f) ? '0' : '0,00'}
      />
    </Col>
  );
  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {WORK_INCOME_NOTE}. Las retenciones a profesionales, premios y demás salen de las facturas recibidas.
      </Typography.Paragraph>
      {errors.work ? (
        <Typography.Text type="danger" style={{ display: 'block', marginBottom: 8 }}>
          {errors.work}
        </Typography.Text>
      ) : null}
      <Typography.Text strong>Dinerarios</Typography.Text>
      <Row gutter={8}>{CASH_FIELDS.map(field)}</Row>
      <Typography.Text strong>En especie</Typography.Text>
      <Row gutter={8}>{IN_KIND_FIELDS.map(field)}</Row>
    </Form>
  );
}

const LIST_TEXTS: Record<PayeeList, { intro: string; amountLabel: string; empty: string }> = {
  rentals: {
    intro:
      'Alquileres de locales pagados en el periodo cuya factura no está en los libros (quien ya figura en las facturas recibidas no se repite aquí). La retención vacía es el 19 % del alquiler.',
    amountLabel: 'Importe del alquiler',
    empty: 'Ningún alquiler fuera de las facturas recibidas.',
  },
  capital: {
    intro:
      'Intereses, dividendos y otros rendimientos del capital pagados en el periodo fuera de los libros. La retención vacía es el 19 % del importe.',
    amountLabel: 'Importe',
    empty: 'Ningún rendimiento fuera de los libros.',
  },
};

function PayeeEditor({ list, draft, onChange, errors, editable }: IncomeTaxCardProps & { list: PayeeList }) {
  const rows = draft[list];
  const words = PAYEE_WORDS[list];
  const texts = LIST_TEXTS[list];
  const setRows = (next: PayeeDraft[]) => onChange({ ...draft, [list]: next });
  const setRow = (index: number, change: Partial<PayeeDraft>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));

  if (!editable) {
    if (rows.length === 0) return <Typography.Text type="secondary">{texts.empty}</Typography.Text>;
    return (
      <Flex vertical gap={8}>
        {rows.map((r, index) => {
          const amount = parseEurosToCents(r.amount);
          const withheld = parseEurosToCents(r.withholding);
          return (
            <Descriptions
              key={r.id}
              size="small"
              column={1}
              bordered
              title={`${capitalize(words.who)} ${index + 1}`}
            >
              <Descriptions.Item label="NIF">{r.nif}</Descriptions.Item>
              {r.name ? <Descriptions.Item label="Nombre">{r.name}</Descriptions.Item> : null}
              <Descriptions.Item label={texts.amountLabel}>
                {amount === null ? r.amount : formatCents(amount)}
              </Descriptions.Item>
              {withheld !== null ? (
                <Descriptions.Item label="Retención">{formatCents(withheld)}</Descriptions.Item>
              ) : null}
            </Descriptions>
          );
        })}
      </Flex>
    );
  }

  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {texts.intro}
      </Typography.Paragraph>
      {errors[list] ? (
        <Typography.Text type="danger" style={{ display: 'block', marginBottom: 8 }}>
          {errors[list]}
        </Typography.Text>
      ) : null}
      <Flex vertical gap={8}>
        {rows.length === 0 ? <Typography.Text type="secondary">{texts.empty}</Typography.Text> : null}
        {rows.map((r, index) => {
          const at = `${list}.${index}`;
          const name = (text: string) => `${text} (${words.who} ${index + 1})`;
          const item = (
            key: 'nif' | 'name' | 'amount' | 'withholding',
            label: string,
            input: { placeholder?: string; suffix?: string; inputMode?: 'decimal'; title?: string },
          ) => (
            <Form.Item
              label={label}
              validateStatus={errors[`${at}.${key}`] ? 'error' : undefined}
              help={errors[`${at}.${key}`]}
              style={{ marginBottom: 8 }}
            >
              <Input
                aria-label={name(label)}
                value={r[key]}
                placeholder={input.placeholder}
                title={input.title}
                suffix={input.suffix}
                inputMode={input.inputMode}
                maxLength={key === 'name' ? 200 : 20}
                onChange={(e) => setRow(index, { [key]: e.target.value })}
              />
            </Form.Item>
          );
          return (
            <fieldset
              key={r.id}
              aria-label={`${capitalize(words.who)} ${index + 1}`}
              style={{
                border: '1px solid rgba(5, 5, 5, 0.06)',
                borderRadius: 8,
                padding: '8px 12px',
                margin: 0,
                minWidth: 0,
              }}
            >
              <Row gutter={8}>
                <Col xs={24} sm={10}>
                  {item('nif', 'NIF', { placeholder: '12345678Z', title: NIF_FORMAT_HELP })}
                </Col>
                <Col xs={24} sm={14}>
                  {item('name', 'Nombre', {})}
                </Col>
                <Col xs={12} sm={10}>
                  {item('amount', texts.amountLabel, {
                    placeholder: '0,00',
                    suffix: '€',
                    inputMode: 'decimal',
                  })}
                </Col>
                <Col xs={12} sm={10}>
                  {item('withholding', 'Retención', {
                    placeholder: '19 %',
                    suffix: '€',
                    inputMode: 'decimal',
                  })}
                </Col>
                <Col xs={24} sm={4} style={{ display: 'flex', alignItems: 'flex-end', paddingBottom: 8 }}>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={name('Quitar')}
                    onClick={() => setRows(rows.filter((_, i) => i !== index))}
                  />
                </Col>
              </Row>
            </fieldset>
          );
        })}
        <Button
          icon={<PlusOutlined />}
          style={{ width: 'fit-content' }}
          onClick={() => setRows([...rows, emptyPayee()])}
        >
          {words.add}
        </Button>
      </Flex>
    </Form>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
