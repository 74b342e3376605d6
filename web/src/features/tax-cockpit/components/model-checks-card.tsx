/**
 * Each stored model of the year with what its validation says, grouped by model: the issues of its
 * design's rules (errors and warnings, in Spanish), the arithmetic identities between its boxes that
 * fail, and the boxes whose value in the books has changed since it was generated.
 */
import type { ModelValidationView, TaxModelType, TaxModelView } from '@shared/schemas/tax-models';
import { taxModelNames } from '@shared/schemas/tax-profile';
import { LinkButton } from '@web/components/link-button';
import { ModelIssues } from '@web/components/tax-models/model-issues';
import { ModelStatusTag } from '@web/components/tax-models/model-status-tag';
import { formatCents } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { modelPeriodLabel } from '@web/lib/tax-labels';
import { Alert, Card, Flex, List, Spin, Tag, Typography } from 'antd';
import { COCKPIT_MODELS } from '../utils/periods';

export interface ModelCheck {
  model: TaxModelView;
  validation: ModelValidationView | undefined;
  loading: boolean;
  error: unknown;
}

/** The models by type, in the order of the forms (303, 390, 349, 347, then 130, 111, 115, 123, 216), each type's newest period first. */
export function groupByModel(
  checks: readonly ModelCheck[],
): { modelType: TaxModelType; checks: ModelCheck[] }[] {
  return COCKPIT_MODELS.map((modelType) => ({
    modelType,
    checks: checks.filter((c) => c.model.modelType === modelType),
  })).filter((g) => g.checks.length > 0);
}

function Verdict({ check }: { check: ModelCheck }) {
  if (check.loading) return <Spin size="small" aria-label="Validando" />;
  if (!check.validation) return <Tag color="default">Sin validar</Tag>;
  return check.validation.valid ? (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      Sin errores
    </Tag>
  ) : (
    <Tag color="red" style={{ marginInlineEnd: 0 }}>
      Con errores
    </Tag>
  );
}

function Findings({ check }: { check: ModelCheck }) {
  const { validation } = check;
  if (check.error) {
    return (
      <Alert
        type="warning"
        showIcon
        title="No se ha podido validar este modelo. Vuelve a intentarlo más tarde."
      />
    );
  }
  const issues = validation?.issues ?? check.model.issues;
  const identities = (validation?.identities ?? []).filter((i) => !i.ok);
  const changed = validation?.changedSinceGenerated ?? [];
  const clean = issues.length === 0 && identities.length === 0 && changed.length === 0;
  if (clean) {
    return validation ? <Typography.Text type="secondary">Sin incidencias.</Typography.Text> : null;
  }
  return (
    <Flex vertical gap={8}>
      <ModelIssues issues={issues} />
      {identities.length > 0 ? (
        <List
          size="small"
          aria-label="Cuadres de casillas que fallan"
          dataSource={identities}
          renderItem={(i) => (
            <List.Item key={i.rule}>
              <Typography.Text>
                <Tag color="red">Descuadre</Tag>
                {i.rule}: debería ser {formatCents(i.expectedCents)} y es {formatCents(i.actualCents)}.
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : null}
      {changed.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="Los libros han cambiado desde que se generó: conviene recalcularlo."
          description={
            <List
              size="small"
              aria-label="Casillas que han cambiado en los libros"
              dataSource={changed}
              renderItem={(c) => (
                <List.Item key={c.box}>
                  Casilla {c.box}: en el modelo {formatCents(c.storedCents)}, en los libros{' '}
                  {formatCents(c.booksCents)}.
                </List.Item>
              )}
            />
          }
        />
      ) : null}
    </Flex>
  );
}

export function ModelChecksCard({
  companyId,
  modelType,
  checks,
}: {
  companyId: string;
  modelType: TaxModelType;
  checks: readonly ModelCheck[];
}) {
  return (
    <Card
      title={`Modelo ${modelType} · ${taxModelNames[modelType]}`}
      styles={{ header: { flexWrap: 'wrap', paddingBlock: 8 }, title: { whiteSpace: 'normal' } }}
    >
      <List
        itemLayout="vertical"
        aria-label={`Modelos ${modelType}`}
        dataSource={[...checks]}
        renderItem={(check) => (
          <List.Item
            key={check.model.modelId}
            aria-label={`Modelo ${modelType} · ${modelPeriodLabel(modelType, check.model.period, check.model.year)}`}
          >
            <Flex vertical gap={8}>
              <Flex gap={8} align="center" justify="space-between" wrap>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>
                    {modelPeriodLabel(modelType, check.model.period, check.model.year)}
                  </Typography.Text>
                  <ModelStatusTag status={check.model.status} />
                  <Verdict check={check} />
                </Flex>
                <LinkButton size="small" to={paths.app.tax.modelPreview(check.model.modelId, companyId)}>
                  Ver modelo
                </LinkButton>
              </Flex>
              <Findings check={check} />
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
