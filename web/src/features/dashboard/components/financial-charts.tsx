/**
 * The company dashboard's financial charts (recharts): revenue and expenses by month as bars, euro
 * ticks and tooltips in es-ES. Loaded lazily by the company dashboard so the chart library stays in
 * its own chunk, never in the first screen's JavaScript.
 */
import { formatCents, formatInteger } from '@web/lib/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthPoint } from '../utils/summary';

/** Axis ticks in whole euros: 1234500 céntimos → '12.345 €'. */
export const euroTick = (cents: number): string => `${formatInteger(Math.round(cents / 100))}\u00a0€`;

const SERIES_LABELS: Record<string, string> = { revenue: 'Ingresos', expenses: 'Gastos' };

export default function FinancialCharts({ points }: { points: MonthPoint[] }) {
  return (
    <div role="img" aria-label="Ingresos y gastos por mes" style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={(v: number) => euroTick(v)} width={90} tick={{ fontSize: 12 }} />
          <Tooltip
            formatter={(value, name) => [
              formatCents(Math.round(Number(value))),
              SERIES_LABELS[String(name)] ?? String(name),
            ]}
          />
          <Legend formatter={(name: string) => SERIES_LABELS[name] ?? name} />
          <Bar dataKey="revenue" name="revenue" fill="#1677ff" radius={[4, 4, 0, 0]} />
          <Bar dataKey="expenses" name="expenses" fill="#fa8c16" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
