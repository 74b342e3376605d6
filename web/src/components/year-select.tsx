import { yearOptions } from '@web/lib/years';
import { Select } from 'antd';

/** The year of a tax page: next year back to `yearsBack` years ago, plus the selected one. */
export function YearSelect({
  thisYear,
  value,
  onChange,
  yearsBack,
}: {
  thisYear: number;
  value: number;
  onChange: (year: number) => void;
  yearsBack?: number;
}) {
  return (
    <Select
      aria-label="Año"
      value={value}
      style={{ width: 110 }}
      options={yearOptions(thisYear, value, yearsBack)}
      onChange={onChange}
    />
  );
}
