/**
 * A model's result: the result type in words ('A ingresar', 'A compensar'…) and its amount in euros.
 * The amount of a return to claim or carry forward is negative in box [71]; it is shown without the
 * sign, the words say which way it goes.
 */
import type { ModelResult, ResultType } from '@shared/schemas/tax-models';
import { formatCents } from '@web/lib/format';
import { RESULT_TYPE_COLORS, RESULT_TYPE_LABELS } from '@web/lib/tax-labels';
import { Flex, Tag, Typography } from 'antd';

export function ResultTypeTag({ type }: { type: ResultType }) {
  return (
    <Tag color={RESULT_TYPE_COLORS[type]} style={{ marginInlineEnd: 0 }}>
      {RESULT_TYPE_LABELS[type]}
    </Tag>
  );
}

/** The amount as shown beside its type: informative returns keep their sign (their declared total). */
export function resultAmountText(result: ModelResult): string {
  return formatCents(result.type === 'INFORMATIVE' ? result.amountCents : Math.abs(result.amountCents));
}

/** The type tag and the amount, on one line that wraps on a phone. */
export function ModelResultView({ result, strong = false }: { result: ModelResult; strong?: boolean }) {
  return (
    <Flex gap={8} align="center" wrap>
      <ResultTypeTag type={result.type} />
      <Typography.Text strong={strong} style={{ whiteSpace: 'nowrap' }}>
        {resultAmountText(result)}
      </Typography.Text>
    </Flex>
  );
}
