/** A row's anomalies as short tags; each tag's tooltip is the API's sentence with the amounts. */
import type { CockpitRow } from '@shared/schemas/tax-models';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { ANOMALY_COLORS, anomalyLabel } from '../utils/labels';

export function AnomalyTags({ anomalies }: { anomalies: CockpitRow['anomalies'] }) {
  if (anomalies.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={4} wrap aria-label="Anomalías">
      {anomalies.map((a) => (
        <Tooltip key={a.code} title={a.message} trigger={['hover', 'click']}>
          <Tag
            color={(ANOMALY_COLORS as Record<string, string>)[a.code] ?? 'gold'}
            style={{ marginInlineEnd: 0, cursor: 'help' }}
            // The message is also the tag's accessible description (screen readers, touch).
            aria-description={a.message}
            onClick={(event) => event.stopPropagation()}
          >
            {anomalyLabel(a.code)}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}
