/**
 * A campaign's period as one form value: a quarter (`2026-Q4`), a month (`2026-11`) or a year
 * (`2026`), picked as its kind, year and (for a quarter or a month) which one.
 */
import { Flex, Segmented, Select } from 'antd';
import { buildPeriod, MONTH_NAMES, PERIOD_KIND_LABELS, type PeriodKind, parsePeriod } from '../utils/labels';

const KIND_OPTIONS = (['quarter', 'month', 'year'] as const).map((kind) => ({
  value: kind,
  label: PERIOD_KIND_LABELS[kind],
}));

const QUARTER_OPTIONS = [1, 2, 3, 4].map((q) => ({ value: q, label: `${q}.º trimestre` }));
const MONTH_OPTIONS = MONTH_NAMES.map((name, i) => ({
  value: i + 1,
  label: name.charAt(0).toUpperCase() + name.slice(1),
}));

export interface PeriodPickerProps {
  value?: string;
  onChange?: (period: string) => void;
  /** The current year: the picker offers the two before it and the next. */
  thisYear: number;
}

export function PeriodPicker({ value, onChange, thisYear }: PeriodPickerProps) {
  const parts = parsePeriod(value ?? '') ?? { kind: 'quarter' as PeriodKind, year: thisYear, part: 1 };
  const years = [thisYear - 2, thisYear - 1, thisYear, thisYear + 1];
  if (!years.includes(parts.year)) years.push(parts.year);
  const change = (next: Partial<typeof parts>) => {
    const merged = { ...parts, ...next };
    // Switching between quarters and months keeps the period's start: Q4 → October, November → Q4.
    if (next.kind && next.kind !== parts.kind) {
      if (parts.kind === 'quarter' && next.kind === 'month') merged.part = (parts.part - 1) * 3 + 1;
      else if (parts.kind === 'month' && next.kind === 'quarter')
        merged.part = Math.floor((parts.part - 1) / 3) + 1;
      else merged.part = 1;
    }
    onChange?.(buildPeriod(merged));
  };
  return (
    <Flex gap={8} wrap align="center">
      <Segmented<PeriodKind>
        aria-label="Tipo de periodo"
        value={parts.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => change({ kind })}
      />
      <Select<number>
        aria-label="Año del periodo"
        value={parts.year}
        style={{ width: 100 }}
        options={years.sort((a, b) => a - b).map((y) => ({ value: y, label: String(y) }))}
        onChange={(year) => change({ year })}
      />
      {parts.kind === 'quarter' ? (
        <Select<number>
          aria-label="Trimestre"
          value={parts.part}
          style={{ width: 150 }}
          virtual={false}
          options={QUARTER_OPTIONS}
          onChange={(part) => change({ part })}
        />
      ) : null}
      {parts.kind === 'month' ? (
        <Select<number>
          aria-label="Mes"
          value={parts.part}
          style={{ width: 150 }}
          virtual={false}
          options={MONTH_OPTIONS}
          onChange={(part) => change({ part })}
        />
      ) : null}
    </Flex>
  );
}
