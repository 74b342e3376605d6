import { DATE_FORMAT } from '@web/lib/format';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** 'Desde' – 'Hasta' of a book or report, as ISO dates (absent: the report's default). */
export function DateRange({
  from,
  to,
  onChange,
  label = 'Periodo',
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
  label?: string;
}) {
  return (
    <DatePicker.RangePicker
      format={DATE_FORMAT}
      aria-label={label}
      placeholder={['Desde', 'Hasta']}
      allowEmpty={[true, true]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(range) => onChange(range?.[0]?.format('YYYY-MM-DD'), range?.[1]?.format('YYYY-MM-DD'))}
    />
  );
}
