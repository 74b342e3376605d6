/**
 * 'Alertas Importantes' of the company dashboard (spec part 2 §4 dashboard warnings, part 3 §2 and
 * §8; the fiscal alert priorities of shared/fiscal/fiscal-alerts.ts). Pure.
 *
 * Rules, each alert with an in-app action:
 *  - no tax profile: 'Configuración fiscal incompleta' (HIGH, CONFIGURATION);
 *  - a company outside the SII without an enabled VeriFacTu configuration: 'VeriFacTu no
 *    configurado' (MEDIUM); uncorrected VeriFacTu errors: '{n} envíos VeriFacTu con errores' (HIGH);
 *  - each open obligation overdue or due within 3 days: CRITICAL, within 7 days: HIGH (the fiscal
 *    alerts' own texts and dates, `alertForObligation`); later ones stay in 'Próximas Obligaciones';
 *  - SII records rejected in the recent submissions (HIGH);
 *  - documents waiting for review (MEDIUM; shown to staff only);
 *  - issued invoices past their due date and not collected (HIGH).
 * Sorted CRITICAL, HIGH, MEDIUM, LOW, then by due date (none last), then by id.
 */

import { alertForObligation } from '@shared/fiscal/fiscal-alerts';
import { formatEuros } from '@shared/fiscal/money';
import { ALERT_SEVERITIES, type AlertSeverity, type DashboardAlert } from '@shared/schemas/dashboard';
import type { OpenObligation } from './summary-sections';

export const TAX_PROFILE_MISSING = 'Configuración fiscal incompleta';
export const VERIFACTU_NOT_CONFIGURED = 'VeriFacTu no configurado';
export const verifactuErrors = (n: number) => `${n} envíos VeriFacTu con errores`;

export const ALERT_ACTIONS = {
  taxProfile: { label: 'Configurar perfil fiscal', url: '/app/tax/configuration' },
  verifactu: { label: 'Configurar VeriFacTu', url: '/app/verifactu' },
  verifactuHistory: { label: 'Ver envíos', url: '/app/verifactu/history' },
  sii: { label: 'Revisar SII', url: '/app/tax/sii' },
  documents: { label: 'Revisar documentos', url: '/app/document-reviews' },
  invoices: { label: 'Ver facturas', url: '/app/invoices' },
} as const;

export interface AlertFacts {
  today: string;
  companyName: string;
  hasTaxProfile: boolean;
  siiEnabled: boolean;
  verifactuConfigured: boolean;
  /** ERROR records no later record corrected (`status_ERROR − corrected_ERROR`). */
  verifactuErrors: number;
  obligations: readonly OpenObligation[];
  /** Records the AEAT rejected in the recent SII submissions; null outside the SII. */
  siiRejected: number | null;
  documentsToReview: number;
  overdueInvoices: { count: number; amountCents: number };
}

const euros = (cents: number) => formatEuros(Math.round(cents));

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export function buildAlerts(f: AlertFacts): DashboardAlert[] {
  const out: DashboardAlert[] = [];
  if (!f.hasTaxProfile)
    out.push({
      id: 'tax-profile',
      severity: 'HIGH',
      message: TAX_PROFILE_MISSING,
      description:
        'Sin perfil fiscal no se planifican las obligaciones ni se avisan sus plazos. Complétalo para ver el calendario fiscal.',
      dueDate: null,
      actionRequired: true,
      type: 'CONFIGURATION',
      action: ALERT_ACTIONS.taxProfile,
    });
  if (f.verifactuErrors > 0)
    out.push({
      id: 'verifactu-errors',
      severity: 'HIGH',
      message: verifactuErrors(f.verifactuErrors),
      description: 'La AEAT rechazó registros de facturación. Corrígelos y reenvíalos.',
      dueDate: null,
      actionRequired: true,
      type: 'VERIFACTU',
      action: ALERT_ACTIONS.verifactuHistory,
    });
  if (!f.siiEnabled && !f.verifactuConfigured)
    out.push({
      id: 'verifactu-config',
      severity: 'MEDIUM',
      message: VERIFACTU_NOT_CONFIGURED,
      description: 'Configura VeriFacTu para remitir los registros de tus facturas a la AEAT.',
      dueDate: null,
      actionRequired: true,
      type: 'VERIFACTU',
      action: ALERT_ACTIONS.verifactu,
    });
  for (const o of f.obligations) {
    const plan = alertForObligation(o, f.today, f.companyName);
    if (!plan || (plan.priority !== 'critical' && plan.priority !== 'high')) continue;
    out.push({
      id: `obligation-${o.obligationId}`,
      severity: plan.priority === 'critical' ? 'CRITICAL' : 'HIGH',
      message: plan.title,
      description: plan.message,
      dueDate: o.dueDate,
      actionRequired: true,
      type: 'TAX',
      action: { label: 'Ver calendario fiscal', url: plan.actionUrl },
    });
  }
  if (f.siiRejected !== null && f.siiRejected > 0)
    out.push({
      id: 'sii-rejected',
      severity: 'HIGH',
      message: `${f.siiRejected} ${plural(f.siiRejected, 'registro SII rechazado', 'registros SII rechazados')}`,
      description:
        'La AEAT rechazó registros enviados al SII en los últimos 30 días. Corrígelos y reenvíalos.',
      dueDate: null,
      actionRequired: true,
      type: 'SII',
      action: ALERT_ACTIONS.sii,
    });
  if (f.documentsToReview > 0)
    out.push({
      id: 'documents-review',
      severity: 'MEDIUM',
      message: `${f.documentsToReview} ${plural(f.documentsToReview, 'documento pendiente', 'documentos pendientes')} de revisión`,
      description: 'Hay documentos leídos esperando que alguien revise sus datos.',
      dueDate: null,
      actionRequired: true,
      type: 'DOCUMENTS',
      action: ALERT_ACTIONS.documents,
    });
  if (f.overdueInvoices.count > 0)
    out.push({
      id: 'invoices-overdue',
      severity: 'HIGH',
      message: `${f.overdueInvoices.count} ${plural(f.overdueInvoices.count, 'factura vencida', 'facturas vencidas')} sin cobrar`,
      description: `Pendiente de cobro vencido: ${euros(f.overdueInvoices.amountCents)}.`,
      dueDate: null,
      actionRequired: true,
      type: 'INVOICES',
      action: ALERT_ACTIONS.invoices,
    });
  return sortDashboardAlerts(out);
}

const rank = (s: AlertSeverity) => ALERT_SEVERITIES.indexOf(s);

export function sortDashboardAlerts(alerts: readonly DashboardAlert[]): DashboardAlert[] {
  return [...alerts].sort(
    (a, b) =>
      rank(a.severity) - rank(b.severity) ||
      (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') ||
      a.id.localeCompare(b.id),
  );
}
