import type { SiiStatistics } from '@shared/schemas/sii';
import { Card, Col, Row, Statistic } from 'antd';
import { SII_COUNTS } from '../utils/stats';

/** The six counts of spec part 3 (SII widget data), each in its card. */
export function SiiStatCards({ stats }: { stats: SiiStatistics }) {
  return (
    <Row gutter={[12, 12]}>
      {SII_COUNTS.map((count) => (
        <Col key={count.key} xs={12} md={8} xl={4}>
          <Card size="small" aria-label={count.title}>
            <Statistic
              title={count.title}
              value={stats[count.key] ?? 0}
              styles={{ content: { color: (stats[count.key] ?? 0) > 0 ? count.color : undefined } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
