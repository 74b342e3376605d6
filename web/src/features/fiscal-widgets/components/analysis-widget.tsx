/**
 * The dashboard's fiscal analysis (spec part 3 "Other widgets": fiscal health, priority
 * recommendations, compliance status; part 2 §9): the health status with its 0-100 score, up to 4
 * recommendations (high, then medium), the compliance of 5 models and the compliance percentage
 * green at 90 or more, yellow at 70 or more, red below.
 */
import { taxModelNames } from '@shared/schemas/tax-profile';
import { formatDate } from '@web/lib/format';
import {
  COMPLIANCE_SHOWN,
  complianceTone,
  type FiscalAnalysisView,
  TONE_COLORS,
  topRecommendations,
} from '@web/lib/tax-api';
import {
  COMPLIANCE_COLORS,
  COMPLIANCE_LABELS,
  HEALTH_COLORS,
  HEALTH_LABELS,
  RECOMMENDATION_PRIORITY_LABELS,
} from '@web/lib/tax-labels';
import { Flex, Tag } from 'antd';
import { WidgetCard, type WidgetQuery } from './widget-card';

const muted = { color: 'rgba(0, 0, 0, 0.55)', fontSize: 13 } as const;

export function FiscalAnalysisWidget({ query }: { query: WidgetQuery<FiscalAnalysisView> }) {
  return (
    <WidgetCard
      title="Análisis fiscal"
      query={query}
      errorTitle="Error cargando resumen fiscal"
      // The health and its score are always there; without obligations there is nothing to judge.
      isEmpty={(analysis) => analysis.compliance.length === 0 && analysis.recommendations.length === 0}
    >
      {(analysis) => <AnalysisContent analysis={analysis} />}
    </WidgetCard>
  );
}

function AnalysisContent({ analysis }: { analysis: FiscalAnalysisView }) {
  const { fiscalHealth, metrics } = analysis;
  const tone = complianceTone(metrics.compliancePercentage);
  const recommendations = topRecommendations(analysis.recommendations);
  const compliance = analysis.compliance.slice(0, COMPLIANCE_SHOWN);
  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={4} aria-label="Salud fiscal">
        <Flex gap={8} align="center" wrap>
          <strong>Salud fiscal</strong>
          <Tag color={HEALTH_COLORS[fiscalHealth.status]}>{HEALTH_LABELS[fiscalHealth.status]}</Tag>
          <span>Puntuación {fiscalHealth.score}/100</span>
        </Flex>
        <span style={muted}>{fiscalHealth.description}</span>
        <span>
          Cumplimiento:{' '}
          <span data-tone={tone} style={{ color: TONE_COLORS[tone], fontWeight: 600 }}>
            {metrics.compliancePercentage} %
          </span>
        </span>
      </Flex>

      {recommendations.length ? (
        <Flex vertical gap={4} role="list" aria-label="Recomendaciones">
          <strong>Recomendaciones</strong>
          {recommendations.map((r) => (
            <Flex key={r.id} role="listitem" vertical style={{ padding: '4px 0' }}>
              <Flex gap={8} align="center" wrap>
                <Tag color={r.priority === 'high' ? 'volcano' : 'gold'}>
                  {RECOMMENDATION_PRIORITY_LABELS[r.priority]}
                </Tag>
                <span>{r.title}</span>
              </Flex>
              <span style={muted}>{r.description}</span>
            </Flex>
          ))}
        </Flex>
      ) : null}

      {compliance.length ? (
        <Flex vertical gap={4} role="list" aria-label="Cumplimiento por modelo">
          <strong>Cumplimiento por modelo</strong>
          {compliance.map((c) => (
            <Flex
              key={c.model}
              role="listitem"
              justify="space-between"
              align="center"
              gap={8}
              style={{ padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
            >
              <Flex vertical style={{ minWidth: 0, flex: '1 1 auto' }}>
                <span>
                  Modelo {c.model} · {taxModelNames[c.model]}
                </span>
                {c.nextDeadline ? (
                  <span style={{ ...muted, fontSize: 12 }}>Próximo plazo: {formatDate(c.nextDeadline)}</span>
                ) : null}
              </Flex>
              <Tag color={COMPLIANCE_COLORS[c.status]} style={{ marginInlineEnd: 0 }}>
                {COMPLIANCE_LABELS[c.status]}
              </Tag>
            </Flex>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
