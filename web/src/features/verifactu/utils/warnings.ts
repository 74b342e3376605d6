/**
 * The dashboard warnings of VeriFacTu (spec part 2 §7, part 3 §8), with their exact texts:
 * 'VeriFacTu no configurado' (medium) and '{n} envíos VeriFacTu con errores' (high). The server
 * sends them in the dashboard answer; when it does not, they are derived from the same data.
 */
import type { VerifactuDashboard } from '@shared/schemas/verifactu';

export type VerifactuWarning = VerifactuDashboard['warnings'][number];

export const NOT_CONFIGURED_WARNING = 'VeriFacTu no configurado';
export const errorsWarning = (n: number) => `${n} envíos VeriFacTu con errores`;

export function verifactuWarnings(
  dashboard: Pick<VerifactuDashboard, 'configured' | 'counts'> & { warnings?: VerifactuWarning[] | null },
): VerifactuWarning[] {
  if (Array.isArray(dashboard.warnings)) return dashboard.warnings;
  const warnings: VerifactuWarning[] = [];
  const errors = dashboard.counts?.ERROR ?? 0;
  if (errors > 0) warnings.push({ level: 'high', message: errorsWarning(errors) });
  if (!dashboard.configured) warnings.push({ level: 'medium', message: NOT_CONFIGURED_WARNING });
  return warnings;
}
