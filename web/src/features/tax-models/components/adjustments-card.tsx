/**
 * The result of the model and what the person sets beside the books: the result type (only those the
 * design allows for this result and period), the compensation of earlier periods (303 [110], 390
 * [85]), the bank account and the domiciliation of the payment (303). Read-only once filed.
 */

import { formatIban } from '@shared/fiscal/iban';
import type { BoxDef } from '@shared/fiscal/models/types';
import type { ModelPreview, TaxModelType } from '@shared/schemas/tax-models';
import { formatBoxValue } from '@web/components/tax-models/box-table';
import { ModelResultView } from '@web/components/tax-models/result-tag';
import { RESULT_TYPE_LABELS } from '@web/lib/tax-labels';
import { COMPENSATION_BOX } from '@web/lib/tax-model-designs';
import { Card, Checkbox, Descriptions, Flex, Form, Input, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type AdjustmentsDraft, hasBankDetails } from '../utils/adjustments';

export function AdjustmentsCard({
  modelType,
  view,
  defs,
  draft,
  onChange,
  errors,
  editable,
  extra,
}: {
  modelType: TaxModelType;
  view: ModelPreview;
  defs: readonly BoxDef[];
  draft: AdjustmentsDraft;
  onChange: (next: AdjustmentsDraft) => void;
  errors: Record<string, string>;
  editable: boolean;
  /** What applies the adjustments ('Recalcular' on a preview). */
  extra?: ReactNode;
}) {
  const informative = view.result.type === 'INFORMATIVE';
  const compensationBox = COMPENSATION_BOX[modelType];
  const compensationLabel = compensationBox
    ? (defs.find((d) => d.box === compensationBox)?.label ?? 'Cuotas a compensar de periodos anteriores')
    : null;
  const carried = compensationBox ? (view.boxes[compensationBox] ?? 0) : 0;
  const resultOptions = view.allowedResultTypes.map((t) => ({ value: t, label: RESULT_TYPE_LABELS[t] }));
  const bank = hasBankDetails(modelType);

  return (
    <Card title="Resultado de la declaración" size="small">
      <Flex vertical gap={12}>
        <ModelResultView result={view.result} strong />
        {informative ? (
          <Typography.Text type="secondary">
            Declaración informativa: no tiene importe a ingresar ni a devolver; el importe es el total
            declarado.
          </Typography.Text>
        ) : editable ? (
          <Form layout="vertical" component="div">
            <Form.Item label="Tipo de declaración" style={{ marginBottom: 12 }}>
              <Select
                aria-label="Tipo de declaración"
                value={draft.resultType ?? view.result.type}
                options={resultOptions}
                disabled={resultOptions.length <= 1}
                onChange={(value) => onChange({ ...draft, resultType: value })}
              />
            </Form.Item>
            {compensationBox ? (
              <Form.Item
                label={`[${compensationBox}] ${compensationLabel}`}
                validateStatus={errors.compensation ? 'error' : undefined}
                help={
                  errors.compensation ??
                  'Vacío: la pendiente de periodos anteriores, según los modelos ya generados.'
                }
                style={{ marginBottom: 12 }}
              >
                <Input
                  aria-label="Compensación de periodos anteriores"
                  inputMode="decimal"
                  suffix="€"
                  placeholder={formatBoxValue(carried, 'CENTS').replace(/\s?€$/, '')}
                  value={draft.compensation}
                  onChange={(e) => onChange({ ...draft, compensation: e.target.value })}
                />
              </Form.Item>
            ) : null}
            {bank ? (
              <>
                <Form.Item
                  label="IBAN"
                  validateStatus={errors.iban ? 'error' : undefined}
                  help={errors.iban}
                  style={{ marginBottom: 12 }}
                >
                  <Input
                    aria-label="IBAN"
                    autoComplete="off"
                    placeholder="ES00 0000 0000 0000 0000 0000"
                    value={draft.iban}
                    onChange={(e) => onChange({ ...draft, iban: e.target.value })}
                  />
                </Form.Item>
                <Checkbox
                  checked={draft.domiciliation}
                  onChange={(e) => onChange({ ...draft, domiciliation: e.target.checked })}
                >
                  Domiciliar el ingreso en esta cuenta
                </Checkbox>
              </>
            ) : null}
            {extra ? <div style={{ marginTop: 12 }}>{extra}</div> : null}
          </Form>
        ) : (
          <Descriptions column={1} size="small">
            {compensationBox ? (
              <Descriptions.Item label={`[${compensationBox}] Compensación`}>
                {formatBoxValue(carried, 'CENTS')}
              </Descriptions.Item>
            ) : null}
            {bank && draft.iban ? (
              <Descriptions.Item label="IBAN">{formatIban(draft.iban)}</Descriptions.Item>
            ) : null}
            {bank ? (
              <Descriptions.Item label="Domiciliación">{draft.domiciliation ? 'Sí' : 'No'}</Descriptions.Item>
            ) : null}
          </Descriptions>
        )}
      </Flex>
    </Card>
  );
}
