/**
 * 'Tipo de retención' and 'Clave' of a received invoice's IRPF (issue 15 item 1): shown once the rate is
 * above 0 (or cleared, to type another), they start from the supplier's remembered kind and key, else a
 * professional's (G.01, the only withholding before issue 15: `defaultWithholding`). Another kind keeps
 * the key when it has it, else takes its default key; a kind picked while no rate is typed suggests
 * its usual rate (19 % for rents, art. 101.8 LIRPF).
 */
import { defaultWithholding, type WithholdingKind } from '@shared/fiscal/withholdings';
import { spanishToday } from '@web/lib/spanish-today';
import { Col, Form, type FormInstance, Row, Select } from 'antd';
import { useEffect } from 'react';
import type { ReceivedFormValues } from '../utils/received-invoice-form-values';
import {
  keyForKind,
  rateUnset,
  suggestedRate,
  WITHHOLDING_KIND_OPTIONS,
  withholdingKeyOptions,
  withholds,
} from '../utils/withholding';

/** The withholding a supplier remembers (its drawer's 'Tipo de retención' and 'Clave'). */
export interface RememberedWithholding {
  withholdingKind?: WithholdingKind | null;
  withholdingKey?: string | null;
}

/** Whether the fields are shown for a typed rate: above 0, or cleared to type another. */
export const showsWithholding = (rateText: string | undefined): boolean =>
  withholds(rateText) || !rateText?.trim();

export function WithholdingFields({
  form,
  values,
  remembered,
}: {
  form: FormInstance<ReceivedFormValues>;
  values: Partial<ReceivedFormValues> | undefined;
  /** The picked supplier's remembered kind and key, if any. */
  remembered: RememberedWithholding | null;
}) {
  const shown = showsWithholding(values?.irpfRate);
  const kind = values?.withholdingKind;

  // Shown without a kind yet: the supplier's, else a professional's.
  useEffect(() => {
    // The store, not the watched value: values just set (an invoice loaded) may not be watched yet.
    if (!shown || kind || form.getFieldValue('withholdingKind')) return;
    const d = defaultWithholding(remembered);
    form.setFieldsValue({ withholdingKind: d.kind, withholdingKey: d.key });
  }, [shown, kind, remembered, form]);

  if (!shown) return null;

  const pickKind = (next: WithholdingKind) => {
    const changes: Partial<ReceivedFormValues> = {
      withholdingKey: keyForKind(next, form.getFieldValue('withholdingKey') as string | undefined),
    };
    const rate = form.getFieldValue('irpfRate') as string | undefined;
    const issue = form.getFieldValue('issueDate') as ReceivedFormValues['issueDate'];
    const date = issue?.isValid() ? issue.format('YYYY-MM-DD') : spanishToday();
    const suggested = suggestedRate(next, date);
    if (rateUnset(rate) && suggested) changes.irpfRate = suggested;
    form.setFieldsValue(changes);
  };

  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item
          name="withholdingKind"
          label="Tipo de retención"
          rules={[{ required: withholds(values?.irpfRate), message: 'Elige el tipo de retención.' }]}
        >
          <Select
            aria-label="Tipo de retención"
            options={WITHHOLDING_KIND_OPTIONS}
            popupMatchSelectWidth={false}
            onChange={pickKind}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="withholdingKey"
          label="Clave"
          rules={[{ required: withholds(values?.irpfRate), message: 'Elige la clave de la retención.' }]}
        >
          <Select
            aria-label="Clave de la retención"
            options={withholdingKeyOptions(kind)}
            disabled={!kind || withholdingKeyOptions(kind).length <= 1}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
