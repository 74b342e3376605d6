/**
 * The 131's activities in estimación objetiva (issue 15), read-only once filed: one row per activity
 * with its IAE epigraph, description, module units (two decimals), annual value per unit, minorations
 * and salaried employees (the percentage: 4 %, 3 % with one, 2 % with none, art. 110.1.b RIRPF); the
 * rate applied to every activity when the person sets it, and the previous year's net income of the
 * minoration of art. 110.3.c RIRPF. Everything in euros typed es-ES, sent in céntimos.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Col, Descriptions, Flex, Form, Row, Typography } from 'antd';
import {
  ACTIVITY_LABELS,
  type ActivityDraft,
  type ActivityField,
  emptyActivity,
  type Modules131Draft,
  PREVIOUS_YEAR_131_LABEL,
  RATE_131_LABEL,
} from '../utils/modules-131';
import { DraftInput, eurosText, RowFrame } from './draft-fields';

export interface ModulesCardProps {
  draft: Modules131Draft;
  onChange: (next: Modules131Draft) => void;
  /** Draft key ('modules.0.unitValue', 'modules.rate'…) → message: the form's and the server's. */
  errors: Record<string, string>;
  editable: boolean;
  /** The activities the design declares at most. */
  maxActivities: number;
}

const AMOUNT: Partial<Record<ActivityField, true>> = { unitValue: true, deductions: true };

export function ModulesEditor({ draft, onChange, errors, editable, maxActivities }: ModulesCardProps) {
  const rows = draft.activities;
  const setRows = (activities: ActivityDraft[]) => onChange({ ...draft, activities });
  const setRow = (index: number, change: Partial<ActivityDraft>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));

  if (!editable) return <ModulesView draft={draft} />;

  const field = (r: ActivityDraft, index: number, f: ActivityField, placeholder?: string) => (
    <DraftInput
      label={ACTIVITY_LABELS[f]}
      ariaLabel={`${ACTIVITY_LABELS[f]} (actividad ${index + 1})`}
      value={r[f]}
      onChange={(text) => setRow(index, { [f]: text })}
      error={errors[`modules.${index}.${f}`]}
      suffix={AMOUNT[f] ? '€' : undefined}
      inputMode={f === 'units' || AMOUNT[f] ? 'decimal' : f === 'employees' ? 'numeric' : undefined}
      placeholder={placeholder}
      maxLength={f === 'activityCode' ? 4 : f === 'description' ? 120 : 20}
    />
  );

  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Los módulos de cada actividad con los datos del 1 de enero; el rendimiento por unidad es el anual de
        la Orden de módulos (art. 110.1.b RIRPF). Hasta {maxActivities} actividades.
      </Typography.Paragraph>
      {errors['modules.list'] ? (
        <Typography.Text type="danger" style={{ display: 'block', marginBottom: 8 }}>
          {errors['modules.list']}
        </Typography.Text>
      ) : null}
      <Flex vertical gap={8}>
        {rows.length === 0 ? (
          <Typography.Text type="secondary">Ninguna actividad indicada.</Typography.Text>
        ) : null}
        {rows.map((r, index) => (
          <RowFrame key={r.id} label={`Actividad ${index + 1}`}>
            <Row gutter={8}>
              <Col xs={8} sm={6}>
                {field(r, index, 'activityCode', '6511')}
              </Col>
              <Col xs={16} sm={18}>
                {field(r, index, 'description')}
              </Col>
              <Col xs={12} sm={8}>
                {field(r, index, 'units', '1,5')}
              </Col>
              <Col xs={12} sm={8}>
                {field(r, index, 'unitValue', '0,00')}
              </Col>
              <Col xs={12} sm={8}>
                {field(r, index, 'deductions', '0,00')}
              </Col>
              <Col xs={12} sm={8}>
                {field(r, index, 'employees', 'Según el perfil')}
              </Col>
              <Col xs={24} sm={16} style={{ display: 'flex', alignItems: 'flex-end', paddingBottom: 8 }}>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Quitar (actividad ${index + 1})`}
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                />
              </Col>
            </Row>
          </RowFrame>
        ))}
        <Button
          icon={<PlusOutlined />}
          style={{ width: 'fit-content' }}
          onClick={() => setRows([...rows, emptyActivity()])}
        >
          Añadir actividad
        </Button>
      </Flex>
      <Row gutter={8} style={{ marginTop: 12 }}>
        <Col xs={24} sm={12}>
          <DraftInput
            label={RATE_131_LABEL}
            value={draft.rate}
            onChange={(rate) => onChange({ ...draft, rate })}
            error={errors['modules.rate']}
            suffix="%"
            inputMode="decimal"
            help="Vacío: 4 %, 3 % con una sola persona asalariada, 2 % sin personal asalariado."
          />
        </Col>
        <Col xs={24} sm={12}>
          <DraftInput
            label={PREVIOUS_YEAR_131_LABEL}
            value={draft.previousYearNetIncome}
            onChange={(previousYearNetIncome) => onChange({ ...draft, previousYearNetIncome })}
            error={errors['modules.previousYearNetIncome']}
            suffix="€"
            inputMode="decimal"
            help="Vacío: el que Cuadra conoce. Por debajo de 12.000 € reduce el pago (art. 110.3.c RIRPF)."
          />
        </Col>
      </Row>
    </Form>
  );
}

function ModulesView({ draft }: { draft: Modules131Draft }) {
  return (
    <Flex vertical gap={8}>
      {draft.activities.length === 0 ? (
        <Typography.Text type="secondary">Ninguna actividad indicada.</Typography.Text>
      ) : null}
      {draft.activities.map((a, index) => (
        <Descriptions
          key={a.id}
          size="small"
          column={1}
          bordered
          title={`Actividad ${index + 1}${a.description ? `: ${a.description}` : ''}`}
        >
          <Descriptions.Item label={ACTIVITY_LABELS.activityCode}>{a.activityCode}</Descriptions.Item>
          <Descriptions.Item label={ACTIVITY_LABELS.units}>{a.units}</Descriptions.Item>
          <Descriptions.Item label={ACTIVITY_LABELS.unitValue}>{eurosText(a.unitValue)}</Descriptions.Item>
          <Descriptions.Item label={ACTIVITY_LABELS.deductions}>{eurosText(a.deductions)}</Descriptions.Item>
          <Descriptions.Item label={ACTIVITY_LABELS.employees}>
            {a.employees || 'Según el perfil'}
          </Descriptions.Item>
        </Descriptions>
      ))}
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={RATE_131_LABEL}>
          {draft.rate ? `${draft.rate} %` : 'Según las personas asalariadas'}
        </Descriptions.Item>
        <Descriptions.Item label={PREVIOUS_YEAR_131_LABEL}>
          {draft.previousYearNetIncome ? eurosText(draft.previousYearNetIncome) : 'El que Cuadra conoce'}
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
