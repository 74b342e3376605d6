/**
 * The recipients an annual withholding summary declares beside the books' (190, 180, 193, 296; issue
 * 15), read-only once filed: one row each with the NIF (296: or the tax id of the country of
 * residence, with that country), the name, the province (190, 180, 193), the key of the model, the base
 * and the withholding in euros and, on the 190 alone, the payments in kind. Checked as the summary
 * checks them (annual-recipients.ts).
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Col, Descriptions, Flex, Form, Row, Select, Typography } from 'antd';
import {
  emptyRecipient,
  keyOptions,
  provinceHint,
  type RecipientDraft,
  type RecipientField,
  type RecipientsDraft,
  SUMMARY_EDITOR_RULES,
  type SummaryModelType,
} from '../utils/annual-recipients';
import { DraftInput, eurosText, RowFrame } from './draft-fields';

export interface AnnualRecipientsCardProps {
  model: SummaryModelType;
  draft: RecipientsDraft;
  onChange: (next: RecipientsDraft) => void;
  /** Draft key ('recipients.0.nif', 'recipients.list'…) → message: the form's and the server's. */
  errors: Record<string, string>;
  editable: boolean;
}

const INTROS: Record<SummaryModelType, string> = {
  '190':
    'Perceptores que no están en los libros: empleados mientras las nóminas se lleven fuera de Cuadra, y otros pagos con retención sin factura. Los profesionales de las facturas recibidas ya figuran.',
  '180':
    'Arrendadores de locales pagados fuera de los libros. Los de las facturas recibidas con retención ya figuran.',
  '193': 'Perceptores de intereses, dividendos y otros rendimientos del capital pagados fuera de los libros.',
  '296': 'No residentes sin establecimiento permanente pagados fuera de los libros.',
};

const LABELS: Record<RecipientField, string> = {
  nif: 'NIF',
  name: 'Nombre',
  province: 'Provincia',
  country: 'País',
  key: 'Clave',
  base: 'Base',
  withholding: 'Retención',
  inKindValue: 'En especie: valoración',
  inKindWithholding: 'En especie: ingreso a cuenta',
};

const AMOUNTS: readonly RecipientField[] = ['base', 'withholding', 'inKindValue', 'inKindWithholding'];

export function AnnualRecipientsEditor({
  model,
  draft,
  onChange,
  errors,
  editable,
}: AnnualRecipientsCardProps) {
  const rules = SUMMARY_EDITOR_RULES[model];
  const rows = draft.rows;
  const setRows = (next: RecipientDraft[]) => onChange({ ...draft, rows: next });
  const setRow = (index: number, change: Partial<RecipientDraft>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));

  if (!editable) return <RecipientsView model={model} draft={draft} />;

  const field = (r: RecipientDraft, index: number, f: RecipientField, placeholder?: string) => (
    <DraftInput
      label={LABELS[f]}
      ariaLabel={`${LABELS[f]} (perceptor ${index + 1})`}
      value={r[f]}
      onChange={(text) => setRow(index, { [f]: text })}
      error={errors[`recipients.${index}.${f}`]}
      suffix={AMOUNTS.includes(f) ? '€' : undefined}
      inputMode={AMOUNTS.includes(f) ? 'decimal' : undefined}
      placeholder={placeholder}
      maxLength={f === 'name' ? 120 : f === 'province' || f === 'country' ? 2 : 20}
    />
  );

  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {INTROS[model]}
      </Typography.Paragraph>
      {errors['recipients.list'] ? (
        <Typography.Text type="danger" style={{ display: 'block', marginBottom: 8 }}>
          {errors['recipients.list']}
        </Typography.Text>
      ) : null}
      <Flex vertical gap={8}>
        {rows.length === 0 ? (
          <Typography.Text type="secondary">Ningún perceptor fuera de los libros.</Typography.Text>
        ) : null}
        {rows.map((r, index) => {
          const keyError = errors[`recipients.${index}.key`];
          return (
            <RowFrame key={r.id} label={`Perceptor ${index + 1}`}>
              <Row gutter={8}>
                <Col xs={24} sm={8}>
                  {field(r, index, 'nif', rules.foreign ? 'NIF o número fiscal del país' : '12345678Z')}
                </Col>
                <Col xs={24} sm={16}>
                  {field(r, index, 'name', 'Apellidos y nombre o razón social')}
                </Col>
                {rules.province ? (
                  <Col xs={8} sm={6}>
                    {field(r, index, 'province', provinceHint(r) ?? '46')}
                  </Col>
                ) : null}
                {rules.foreign ? (
                  <Col xs={8} sm={6}>
                    {field(r, index, 'country', 'ES')}
                  </Col>
                ) : null}
                <Col xs={16} sm={18}>
                  <Form.Item
                    label={LABELS.key}
                    validateStatus={keyError ? 'error' : undefined}
                    help={keyError}
                    style={{ marginBottom: 8 }}
                  >
                    <Select
                      aria-label={`${LABELS.key} (perceptor ${index + 1})`}
                      value={r.key}
                      options={keyOptions(model, r.key)}
                      disabled={model === '180'}
                      popupMatchSelectWidth={false}
                      onChange={(key: string) => setRow(index, { key })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={8}>
                  {field(r, index, 'base', '0,00')}
                </Col>
                <Col xs={12} sm={8}>
                  {field(r, index, 'withholding', '0,00')}
                </Col>
                {rules.inKind ? (
                  <>
                    <Col xs={12} sm={8}>
                      {field(r, index, 'inKindValue', '0,00')}
                    </Col>
                    <Col xs={12} sm={8}>
                      {field(r, index, 'inKindWithholding', '0,00')}
                    </Col>
                  </>
                ) : null}
                <Col xs={24} sm={8} style={{ display: 'flex', alignItems: 'flex-end', paddingBottom: 8 }}>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={`Quitar (perceptor ${index + 1})`}
                    onClick={() => setRows(rows.filter((_, i) => i !== index))}
                  />
                </Col>
              </Row>
            </RowFrame>
          );
        })}
        <Button
          icon={<PlusOutlined />}
          style={{ width: 'fit-content' }}
          onClick={() => setRows([...rows, emptyRecipient(model)])}
        >
          Añadir perceptor
        </Button>
      </Flex>
    </Form>
  );
}

function RecipientsView({ model, draft }: { model: SummaryModelType; draft: RecipientsDraft }) {
  const rules = SUMMARY_EDITOR_RULES[model];
  if (draft.rows.length === 0) {
    return <Typography.Text type="secondary">Ningún perceptor fuera de los libros.</Typography.Text>;
  }
  return (
    <Flex vertical gap={8}>
      {draft.rows.map((r, index) => (
        <Descriptions key={r.id} size="small" column={1} bordered title={`Perceptor ${index + 1}`}>
          <Descriptions.Item label={LABELS.nif}>{r.nif}</Descriptions.Item>
          <Descriptions.Item label={LABELS.name}>{r.name}</Descriptions.Item>
          {rules.province && r.province ? (
            <Descriptions.Item label={LABELS.province}>{r.province}</Descriptions.Item>
          ) : null}
          {rules.foreign && r.country ? (
            <Descriptions.Item label={LABELS.country}>{r.country}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={LABELS.key}>
            {keyOptions(model, r.key).find((o) => o.value === r.key)?.label ?? r.key}
          </Descriptions.Item>
          <Descriptions.Item label={LABELS.base}>{eurosText(r.base)}</Descriptions.Item>
          <Descriptions.Item label={LABELS.withholding}>{eurosText(r.withholding)}</Descriptions.Item>
          {rules.inKind && r.inKindValue ? (
            <Descriptions.Item label={LABELS.inKindValue}>{eurosText(r.inKindValue)}</Descriptions.Item>
          ) : null}
          {rules.inKind && r.inKindWithholding ? (
            <Descriptions.Item label={LABELS.inKindWithholding}>
              {eurosText(r.inKindWithholding)}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ))}
    </Flex>
  );
}
