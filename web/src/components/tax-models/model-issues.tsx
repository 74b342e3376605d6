/** The issues of a model (validation rules of its design): errors first, then warnings, in Spanish. */
import type { ModelIssue } from '@shared/schemas/tax-models';
import { ISSUE_SEVERITY_LABELS } from '@web/lib/tax-labels';
import { Alert, Flex, Tag, Typography } from 'antd';

const order = (i: ModelIssue) => (i.severity === 'ERROR' ? 0 : 1);

/** `[110]` → 'Casilla 110'; anything else as the API words it. */
const fieldText = (field: string) => (/^\d{1,3}$/.test(field) ? `Casilla ${field}` : null);

export function ModelIssues({ issues, emptyText }: { issues: readonly ModelIssue[]; emptyText?: string }) {
  if (issues.length === 0) {
    return emptyText ? <Alert type="success" showIcon title={emptyText} /> : null;
  }
  const sorted = [...issues].sort((a, b) => order(a) - order(b));
  return (
    <Flex vertical gap={8} role="list" aria-label="Incidencias del modelo">
      {sorted.map((issue) => (
        <Flex
          key={`${issue.severity}-${issue.code}-${issue.field ?? ''}-${issue.message}`}
          gap={8}
          align="baseline"
          wrap
          role="listitem"
        >
          <Tag color={issue.severity === 'ERROR' ? 'red' : 'gold'} style={{ marginInlineEnd: 0 }}>
            {ISSUE_SEVERITY_LABELS[issue.severity]}
          </Tag>
          {issue.field && fieldText(issue.field) ? (
            <Typography.Text type="secondary">{fieldText(issue.field)}</Typography.Text>
          ) : null}
          <Typography.Text>{issue.message}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
