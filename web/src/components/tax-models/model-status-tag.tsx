import { MODEL_STATUS_COLORS, MODEL_STATUS_LABELS, type ModelStatusOrNone } from '@web/lib/tax-labels';
import { Tag } from 'antd';

/** 'Generado', 'Presentado', 'Obligación generada' or 'Sin generar', never the code. */
export function ModelStatusTag({ status }: { status: ModelStatusOrNone }) {
  return (
    <Tag color={MODEL_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {MODEL_STATUS_LABELS[status]}
    </Tag>
  );
}
