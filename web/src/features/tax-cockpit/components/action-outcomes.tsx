/**
 * What a bulk action did, company by company: a one-line count ('2 hechos · 1 omitido · 1 con
 * error'), then each company with its outcome and the API's Spanish message, errors first.
 */
import { Flex, List, Tag, Typography } from 'antd';
import { type ActionOutcome, OUTCOME_COLORS, OUTCOME_LABELS } from '../utils/labels';

export interface CompanyOutcome {
  companyId: string;
  companyName: string;
  outcome: ActionOutcome;
  message: string;
}

const ORDER: Record<ActionOutcome, number> = { ERROR: 0, SKIPPED: 1, OK: 2 };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function outcomeSummary(outcomes: readonly CompanyOutcome[]): string {
  const count = (o: ActionOutcome) => outcomes.filter((x) => x.outcome === o).length;
  return [
    plural(count('OK'), 'hecho', 'hechos'),
    plural(count('SKIPPED'), 'omitido', 'omitidos'),
    plural(count('ERROR'), 'con error', 'con error'),
  ].join(' · ');
}

export function ActionOutcomes({ outcomes }: { outcomes: readonly CompanyOutcome[] }) {
  const sorted = [...outcomes].sort(
    (a, b) => ORDER[a.outcome] - ORDER[b.outcome] || a.companyName.localeCompare(b.companyName, 'es'),
  );
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{outcomeSummary(outcomes)}</Typography.Text>
      <List
        size="small"
        bordered
        aria-label="Resultado por empresa"
        style={{ maxHeight: 360, overflowY: 'auto' }}
        dataSource={sorted}
        renderItem={(item) => (
          <List.Item key={item.companyId}>
            <Flex vertical gap={2} style={{ minWidth: 0, width: '100%' }}>
              <Flex gap={8} align="center" justify="space-between" wrap>
                <Typography.Text strong style={{ minWidth: 0 }}>
                  {item.companyName}
                </Typography.Text>
                <Tag color={OUTCOME_COLORS[item.outcome]} style={{ marginInlineEnd: 0 }}>
                  {OUTCOME_LABELS[item.outcome]}
                </Tag>
              </Flex>
              {item.message ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {item.message}
                </Typography.Text>
              ) : null}
            </Flex>
          </List.Item>
        )}
      />
    </Flex>
  );
}
