/**
 * Relative times of the dashboards (spec part 3 §9):
 * - `relativeTime`: under 1 minute 'Ahora mismo', under 60 minutes in minutes, under 1440 in hours,
 *   otherwise in days ('Hace 5 minutos', 'Hace 1 hora', 'Hace 3 días').
 * - `appointmentTime`: minutes until an appointment: under 60 in minutes, under 1440 in hours and
 *   minutes, otherwise days and hours ('45 minutos', '2 h 15 min', '3 días 4 h').
 */

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Time elapsed since `iso` seen at `now`; '' for an invalid date. A future instant reads 'Ahora mismo'. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - at) / 60_000));
  if (minutes < 1) return 'Ahora mismo';
  if (minutes < 60) return `Hace ${plural(minutes, 'minuto', 'minutos')}`;
  if (minutes < 1440) return `Hace ${plural(Math.floor(minutes / 60), 'hora', 'horas')}`;
  return `Hace ${plural(Math.floor(minutes / 1440), 'día', 'días')}`;
}

/** Time until an appointment given in whole minutes (negative or zero reads 'Ahora'). */
export function appointmentTime(minutes: number): string {
  const m = Math.floor(minutes);
  if (m <= 0) return 'Ahora';
  if (m < 60) return plural(m, 'minuto', 'minutos');
  if (m < 1440) {
    const hours = Math.floor(m / 60);
    const rest = m % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const dayText = plural(days, 'día', 'días');
  return hours === 0 ? dayText : `${dayText} ${hours} h`;
}
