/**
 * The fiscal analysis (spec part 2 §3, part 3 widgets): health status, score and the rules that
 * set it; recommendations (up to 4, high then medium); compliance per model (5); metrics with the
 * compliance percentage green at 90 or more, yellow at 70 or more.
 */
import type { Compliance, Recommendation } from '@shared/fiscal/fiscal-analysis';
import { taxModelNames } from '@shared/schemas/tax-profile';
import { EmptyState } from '@web/components/load-states';
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
  healthReasonText,
  RECOMMENDATION_PRIORITY_LABELS,
} from '@web/lib/tax-labels';
import { Col, Flex, Progress, Row, Statistic, Tag, Typography } from 'antd';

export function FiscalAnalysisContent({ analysis }: { analysis: FiscalAnalysisView }) {
  const { fiscalHealth, metrics } = analysis;
  const recommendations = topRecommendations(analysis.recommendations);
  const compliance = analysis.compliance.slice(0, COMPLIANCE_SHOWN);
  const tone = complianceTone(metrics.compliancePercentage);
  return (
    <Flex vertical gap={24}>
      <section aria-label="Salud fiscal">
        <Flex gap={24} align="center" wrap>
          <Progress
            type="circle"
            size={96}
            percent={fiscalHealth.score}
            format={(score) => `${score}`}
            strokeColor={
              TONE_COLORS[
                fiscalHealth.score >= 90 ? 'success' : fiscalHealth.score >= 70 ? 'warning' : 'danger'
              ]
            }
          />
          <Flex vertical gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>Salud fiscal</Typography.Text>
              <Tag color={HEALTH_COLORS[fiscalHealth.status]}>{HEALTH_LABELS[fiscalHealth.status]}</Tag>
              <Typography.Text type="secondary">{fiscalHealth.score}/100</Typography.Text>
            </Flex>
            <Typography.Text>{fiscalHealth.description}</Typography.Text>
            <ul style={{ margin: 0, paddingLeft: 18 }} aria-label="Motivos de la puntuación">
              {fiscalHealth.reasons.map((reason) => (
                <li key={reason}>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {healthReasonText(reason)}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          </Flex>
        </Flex>
      </section>

      <Row gutter={[16, 16]} aria-label="Métricas">
        <Col xs={12} md={6}>
          <Statistic
            title="Cumplimiento"
            value={metrics.compliancePercentage}
            suffix="%"
            styles={{ content: { color: TONE_COLORS[tone] } }}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Alertas de umbral" value={metrics.totalThresholdAlerts} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Modelos afectados" value={metrics.modelsAffected} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Último análisis" value={formatDate(metrics.lastAnalysisDate)} />
        </Col>
      </Row>

      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <Typography.Title level={5}>Recomendaciones</Typography.Title>
          {recommendations.length === 0 ? (
            <EmptyState description="No hay datos disponibles" />
          ) : (
            <Flex vertical role="list" aria-label="Recomendaciones">
              {recommendations.map((r) => (
                <RecommendationRow key={r.id} recommendation={r} />
              ))}
            </Flex>
          )}
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5}>Cumplimiento por modelo</Typography.Title>
          {compliance.length === 0 ? (
            <EmptyState description="No hay datos disponibles" />
          ) : (
            <Flex vertical role="list" aria-label="Cumplimiento por modelo">
              {compliance.map((c) => (
                <ComplianceRow key={c.model} entry={c} />
              ))}
            </Flex>
          )}
        </Col>
      </Row>
    </Flex>
  );
}

const rowStyle = { padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' };

function RecommendationRow({ recommendation: r }: { recommendation: Recommendation }) {
  return (
    <Flex role="listitem" vertical gap={2} style={rowStyle}>
      <Flex gap={8} align="center" wrap>
        <Tag color={r.priority === 'high' ? 'volcano' : 'gold'}>
          {RECOMMENDATION_PRIORITY_LABELS[r.priority]}
        </Tag>
        <Typography.Text strong>{r.title}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {r.description}
      </Typography.Text>
    </Flex>
  );
}

function ComplianceRow({ entry }: { entry: Compliance }) {
  return (
    <Flex role="listitem" vertical gap={2} style={rowStyle}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>Modelo {entry.model}</Typography.Text>
        <Tag color={COMPLIANCE_COLORS[entry.status]}>{COMPLIANCE_LABELS[entry.status]}</Tag>
        {entry.nextDeadline ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Próximo plazo: {formatDate(entry.nextDeadline)}
          </Typography.Text>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {taxModelNames[entry.model]}. {entry.description}
      </Typography.Text>
    </Flex>
  );
}
