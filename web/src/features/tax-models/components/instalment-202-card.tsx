/**
 * The 202's basis (art. 40 LIS; issue 15), read-only once filed: the method — 40.2, 18 % of the last
 * IS return's cuota, or 40.3, on the taxable base of the months elapsed (compulsory above 6 M€ of
 * turnover) — and the fields of the method chosen, in euros typed es-ES (the tax rate in percent).
 */
import { Descriptions, Flex, Form, Radio, Typography } from 'antd';
import {
  INSTALMENT_LABELS,
  type Instalment202Draft,
  type InstalmentField,
  METHOD_FIELDS,
  METHOD_LABELS,
  type Method202,
} from '../utils/instalment-202';
import { DraftInput, eurosText } from './draft-fields';

export interface Instalment202CardProps {
  draft: Instalment202Draft;
  onChange: (next: Instalment202Draft) => void;
  /** Draft key ('instalment.taxRate', 'instalment.method'…) → message: the form's and the server's. */
  errors: Record<string, string>;
  editable: boolean;
}

const HELP: Record<InstalmentField, string> = {
  lastReturnBase:
    'Cuota íntegra del último período presentado menos deducciones, bonificaciones, retenciones e ingresos a cuenta ([01]).',
  periodBase: 'Desde el inicio del período impositivo hasta el final del mes anterior al pago ([13]).',
  previousYearTurnover: 'Importe neto de la cifra de negocios de los 12 meses anteriores.',
  withholdings: 'Vacío: las retenciones de las facturas emitidas del período ([28]).',
  previousInstalments: 'Vacío: los 202 ya generados del ejercicio ([30]).',
  taxRate: 'Vacío: 25 % (art. 29.1 LIS).',
};

const METHODS: Method202[] = ['40.2', '40.3'];

export function Instalment202Editor({ draft, onChange, errors, editable }: Instalment202CardProps) {
  const method = draft.method ?? '40.2';
  const fields = METHOD_FIELDS[method];
  if (!editable) {
    return (
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Modalidad">{METHOD_LABELS[method]}</Descriptions.Item>
        {fields.map((f) => (
          <Descriptions.Item key={f} label={INSTALMENT_LABELS[f]}>
            {f === 'taxRate' ? (draft.fields[f] ? `${draft.fields[f]} %` : '—') : eurosText(draft.fields[f])}
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  }
  return (
    <Form layout="vertical" component="div">
      <Flex vertical gap={4} style={{ marginBottom: 12 }}>
        <Radio.Group
          aria-label="Modalidad del pago fraccionado"
          value={method}
          onChange={(e) => onChange({ ...draft, method: e.target.value as Method202 })}
        >
          <Flex vertical gap={4}>
            {METHODS.map((m) => (
              <Radio key={m} value={m}>
                {METHOD_LABELS[m]}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        {errors['instalment.method'] ? (
          <Typography.Text type="danger">{errors['instalment.method']}</Typography.Text>
        ) : null}
      </Flex>
      {fields.map((f) => (
        <DraftInput
          key={f}
          label={INSTALMENT_LABELS[f]}
          value={draft.fields[f]}
          onChange={(text) => onChange({ ...draft, fields: { ...draft.fields, [f]: text } })}
          error={errors[`instalment.${f}`]}
          help={HELP[f]}
          suffix={f === 'taxRate' ? '%' : '€'}
          inputMode="decimal"
          maxLength={20}
        />
      ))}
    </Form>
  );
}
