/**
 * 'Buenos días' until lunch, 'Buenas tardes' until dinner, 'Buenas noches' after, at Spanish hours:
 * días from 6:00 to 13:59, tardes from 14:00 to 20:59, noches from 21:00 to 5:59.
 */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour >= 6 && hour < 14) return 'Buenos días';
  if (hour >= 14 && hour < 21) return 'Buenas tardes';
  return 'Buenas noches';
}
