/**
 * The AEAT models a set of facts implies (shared/fiscal/tax-obligations.ts `requiredModels`), each
 * with its periodicity and the reason it is owed: the model and how often it is filed on the first
 * line, then its name and the reason, so a narrow column (the profile's side card, a phone) reads
 * as well as a wide one.
 */
import { type TaxModel, taxModelNames } from '@shared/schemas/tax-profile';
import { EmptyState } from '@web/components/load-states';
import { Flex, Tag, Typography } from 'antd';
import { periodicityLabel } from '../utils/labels';

export interface ModelReason {
  model: TaxModel;
  periodicity: string;
  reason: string;
}

export function RequiredModels({ models, label }: { models: readonly ModelReason[]; label: string }) {
  if (models.length === 0) {
    return <EmptyState description="Con estos datos la empresa no presenta modelos periódicos." />;
  }
  return (
    <Flex vertical role="list" aria-label={label}>
      {models.map((m) => (
        <Flex
          key={`${m.model}-${m.periodicity}`}
          role="listitem"
          vertical
          gap={2}
          style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
        >
          <Flex gap={8} align="center" wrap>
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              Modelo {m.model}
            </Tag>
            <Tag style={{ marginInlineEnd: 0 }}>{periodicityLabel(m.periodicity)}</Tag>
          </Flex>
          <Typography.Text strong>{taxModelNames[m.model] ?? m.model}</Typography.Text>
          <Typography.Text type="secondary">{m.reason}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
