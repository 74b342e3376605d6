/**
 * The year's cross-model checks (spec part 2 §7 Tax service: cross-model validation by year): each
 * check in the API's words, whether it adds up ('Cuadra', 'No cuadra', 'Sin datos' when a model of
 * the pair is not generated yet), the amount expected, the amount declared and the difference.
 */
import type { CrossValidationCheck, CrossValidationView } from '@shared/schemas/tax-models';
import { formatCents, formatInteger } from '@web/lib/format';
import { modelPeriodLabel } from '@web/lib/tax-labels';
import { Card, Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { CHECK_STATUS_COLORS, CHECK_STATUS_LABELS } from '../utils/labels';

/**
 * Checks whose figures are counts, not céntimos (the contract names every figure `…Cents`): the 347's
 * number of declared counterparties against the books'. A `unit` in CrossValidationCheck would say it.
 */
const COUNT_CHECKS: ReadonlySet<string> = new Set(['347_BOOKS_PARTIES']);

const figureText = (check: CrossValidationCheck, value: number | null): string | null =>
  value === null ? null : COUNT_CHECKS.has(check.code) ? formatInteger(value) : formatCents(value);

const figure = (check: CrossValidationCheck, value: number | null) => {
  const text = figureText(check, value);
  return text === null ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{text}</span>
  );
};

function StatusTag({ status }: { status: CrossValidationCheck['status'] }) {
  return (
    <Tag color={CHECK_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {CHECK_STATUS_LABELS[status]}
    </Tag>
  );
}

/** `['2026-303-1T', '2026-303-2T', '2026-390-0A']` → 'Modelo 303 · 1T y 2T 2026', 'Modelo 390 · Ejercicio 2026'. */
export function modelsText(modelIds: readonly string[]): string[] {
  const groups = new Map<string, { year: string; periods: string[] }>();
  for (const id of modelIds) {
    const m = /^(\d{4})-(\d{3})-([0-9A-Z]{2})$/.exec(id);
    if (!m) continue;
    const [, year = '', modelType = '', period = ''] = m;
    const key = `${modelType}-${year}`;
    const group = groups.get(key) ?? { year, periods: [] };
    group.periods.push(period);
    groups.set(key, group);
  }
  return [...groups].map(([key, { year, periods }]) => {
    const modelType = key.slice(0, 3);
    if (periods.length === 1)
      return `Modelo ${modelType} · ${modelPeriodLabel(modelType, periods[0] as string, Number(year))}`;
    const names = periods.map((p) => modelPeriodLabel(modelType, p, Number(year)).replace(` ${year}`, ''));
    return `Modelo ${modelType} · ${names.slice(0, -1).join(', ')} y ${names.at(-1)} ${year}`;
  });
}

function Models({ models }: { models: readonly string[] }) {
  const texts = modelsText(models);
  if (texts.length === 0) return null;
  return (
    <Flex gap={4} wrap>
      {texts.map((text) => (
        <Tag key={text} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
          {text}
        </Tag>
      ))}
    </Flex>
  );
}

const WIDE = ['sm' as const];

const columns: TableColumnsType<CrossValidationCheck> = [
  {
    title: 'Comprobación',
    key: 'summary',
    responsive: ['xs'],
    render: (_, check) => (
      <Flex vertical gap={4}>
        <Flex gap={8} align="center" wrap>
          <StatusTag status={check.status} />
          <Models models={check.models} />
        </Flex>
        <span>{check.description}</span>
        {check.status !== 'NOT_AVAILABLE' ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Esperado {figureText(check, check.expectedCents) ?? '—'} · declarado{' '}
            {figureText(check, check.actualCents) ?? '—'}
            {check.differenceCents ? ` · diferencia ${figureText(check, check.differenceCents)}` : ''}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Comprobación',
    key: 'description',
    responsive: WIDE,
    render: (_, check) => (
      <Flex vertical gap={4}>
        <span>{check.description}</span>
        <Models models={check.models} />
      </Flex>
    ),
  },
  {
    title: 'Estado',
    key: 'status',
    width: 110,
    responsive: WIDE,
    render: (_, check) => <StatusTag status={check.status} />,
  },
  {
    title: 'Esperado',
    key: 'expected',
    width: 140,
    align: 'right',
    responsive: WIDE,
    render: (_, c) => figure(c, c.expectedCents),
  },
  {
    title: 'Declarado',
    key: 'actual',
    width: 140,
    align: 'right',
    responsive: WIDE,
    render: (_, c) => figure(c, c.actualCents),
  },
  {
    title: 'Diferencia',
    key: 'difference',
    width: 140,
    align: 'right',
    responsive: WIDE,
    render: (_, c) =>
      c.differenceCents ? (
        <Typography.Text type="danger" style={{ whiteSpace: 'nowrap' }}>
          {figureText(c, c.differenceCents)}
        </Typography.Text>
      ) : (
        figure(c, c.differenceCents)
      ),
  },
];

export function CrossValidationCard({ view, loading }: { view: CrossValidationView; loading: boolean }) {
  const screens = Grid.useBreakpoint();
  const { ok, mismatches, notAvailable } = view.summary;
  return (
    <Card
      title="Validación cruzada entre modelos"
      extra={
        <Flex gap={4} wrap>
          <Tag color="green">{ok} cuadran</Tag>
          <Tag color={mismatches > 0 ? 'red' : 'default'}>{mismatches} no cuadran</Tag>
          {notAvailable > 0 ? <Tag>{notAvailable} sin datos</Tag> : null}
        </Flex>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Table<CrossValidationCheck>
        rowKey="code"
        size="small"
        columns={columns}
        dataSource={view.checks}
        loading={loading}
        pagination={false}
        scroll={screens.xs ? undefined : { x: 760 }}
        onRow={(check) => ({ 'aria-label': check.description })}
        locale={{ emptyText: 'No hay comprobaciones para este ejercicio.' }}
      />
    </Card>
  );
}
