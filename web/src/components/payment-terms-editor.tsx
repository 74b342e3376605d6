import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  LEGAL_MAX_TERM_DAYS,
  MAX_INSTALMENTS,
  PaymentTerms,
  paymentTermsWarnings,
  termsFromDays,
} from '@shared/fiscal/due-dates';
import { Alert, Button, Flex, InputNumber, Select, Space, Typography } from 'antd';

const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** Percent (two decimals) shown for basis points: 3333 → 33.33. */
const percentOf = (bp: number) => bp / 100;
const bpOf = (percent: number | null) => Math.round((percent ?? 0) * 100);

/** The first problem of terms being edited (Spanish), or null. */
export function paymentTermsProblem(terms: PaymentTerms): string | null {
  const parsed = PaymentTerms.safeParse(terms);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Los vencimientos no son válidos.');
}

/** Splits 100 % evenly over `n` instalments, the last one taking the remainder (e.g. 33,33 + 33,33 + 33,34). */
export function evenSplit(n: number): number[] {
  const share = Math.floor(10_000 / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? 10_000 - share * (n - 1) : share));
}

/**
 * Payment terms as instalments (días + %) and días de pago (issue 19), as an antd form control
 * (`value` / `onChange`). Without instalments (`value` null or absent) the party pays everything at
 * `fallbackDays` days; "Dividir en vencimientos" starts from that. A term beyond 60 days is allowed
 * but flagged (Ley 3/2004 art. 4.3).
 */
export function PaymentTermsEditor({
  value,
  onChange,
  fallbackDays,
}: {
  value?: PaymentTerms | null;
  onChange?: (terms: PaymentTerms | null) => void;
  fallbackDays: number;
}) {
  if (!value) {
    const warn = fallbackDays > LEGAL_MAX_TERM_DAYS;
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">Un único vencimiento a {fallbackDays} días.</Typography.Text>
        {warn ? (
          <Alert type="warning" showIcon message={paymentTermsWarnings(termsFromDays(fallbackDays))[0]} />
        ) : null}
        <Button icon={<PlusOutlined />} onClick={() => onChange?.(termsFromDays(fallbackDays))}>
          Dividir en vencimientos
        </Button>
      </Space>
    );
  }
  const set = (next: PaymentTerms) => onChange?.(next);
  const instalments = value.instalments;
  const withSplit = (list: PaymentTerms['instalments']) => {
    const split = evenSplit(list.length);
    return list.map((inst, i) => ({ ...inst, percentBp: split[i]! }));
  };
  const problem = paymentTermsProblem(value);
  const warnings = paymentTermsWarnings(value);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {instalments.map((inst, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an instalment is its place (1st, 2nd...)
        <Flex key={i} gap={8} align="center" wrap>
          <Typography.Text style={{ minWidth: 24 }}>{i + 1}.</Typography.Text>
          <InputNumber
            aria-label={`Días del vencimiento ${i + 1}`}
            min={0}
            max={365}
            precision={0}
            value={inst.days}
            addonAfter="días"
            onChange={(days) =>
              set({
                ...value,
                instalments: instalments.map((x, j) => (j === i ? { ...x, days: days ?? 0 } : x)),
              })
            }
          />
          <InputNumber
            aria-label={`Porcentaje del vencimiento ${i + 1}`}
            min={0.01}
            max={100}
            precision={2}
            decimalSeparator=","
            value={percentOf(inst.percentBp)}
            addonAfter="%"
            onChange={(p) =>
              set({
                ...value,
                instalments: instalments.map((x, j) => (j === i ? { ...x, percentBp: bpOf(p) } : x)),
              })
            }
          />
          <Button
            aria-label={`Quitar el vencimiento ${i + 1}`}
            icon={<DeleteOutlined />}
            disabled={instalments.length === 1}
            onClick={() => set({ ...value, instalments: withSplit(instalments.filter((_, j) => j !== i)) })}
          />
        </Flex>
      ))}
      <Flex gap={8} wrap>
        <Button
          icon={<PlusOutlined />}
          disabled={instalments.length >= MAX_INSTALMENTS}
          onClick={() => {
            const last = instalments[instalments.length - 1]!.days;
            set({ ...value, instalments: withSplit([...instalments, { days: last + 30, percentBp: 0 }]) });
          }}
        >
          Añadir vencimiento
        </Button>
        <Button onClick={() => onChange?.(null)}>Un único vencimiento</Button>
      </Flex>
      <div>
        <Typography.Text>Días de pago</Typography.Text>
        <Select
          aria-label="Días de pago"
          mode="multiple"
          allowClear
          placeholder="Cualquier día del mes"
          style={{ width: '100%' }}
          options={DAY_OPTIONS}
          value={value.paymentDays ?? []}
          onChange={(days: number[]) => {
            const { paymentDays: _old, ...rest } = value;
            set(days.length > 0 ? { ...rest, paymentDays: [...days].sort((a, b) => a - b) } : rest);
          }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Cada vencimiento pasa al siguiente día de pago del mes.
        </Typography.Text>
      </div>
      {problem ? <Alert type="error" showIcon message={problem} /> : null}
      {warnings.map((w) => (
        <Alert key={w} type="warning" showIcon message={w} />
      ))}
    </Space>
  );
}

/** A form rule: terms being edited must be valid (the API checks the same). */
export const paymentTermsRule = {
  validator: (_: unknown, value?: PaymentTerms | null) => {
    const problem = value ? paymentTermsProblem(value) : null;
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};
