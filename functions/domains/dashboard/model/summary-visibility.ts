/**
 * What a caller may see of the company dashboard's summary (issue 20 design, `dashboard.summary` is
 * open to every member; the action narrows): the month and financial figures need `invoices.read`,
 * the tax section `tax.read`, the accounting card `accounting.read`, documents to review
 * `documents.review` (staff). Alerts and activity items are kept by their subject. Pure.
 */

import { type AccessName, type AccessSubject, allows } from '@shared/api/access';
import type { DashboardAlert, DashboardSection, RecentActivityItem } from '@shared/schemas/dashboard';

export interface SummaryVisibility {
  invoices: boolean;
  tax: boolean;
  accounting: boolean;
  documents: boolean;
}

export function summaryVisibility(who: AccessSubject): SummaryVisibility {
  return {
    invoices: allows('invoices.read', who),
    tax: allows('tax.read', who),
    accounting: allows('accounting.read', who),
    documents: allows('documents.review', who),
  };
}

/** Whether a section is computed and shown at all for the caller (alerts and activity: always, filtered). */
export function sectionVisible(section: DashboardSection, v: SummaryVisibility): boolean {
  switch (section) {
    case 'month':
    case 'financial':
      return v.invoices;
    case 'tax':
      return v.tax;
    case 'accounting':
      return v.accounting;
    case 'alerts':
    case 'activity':
      return true;
  }
}

/** The policy behind each alert type (types of summary-alerts.ts). */
const ALERT_POLICY: Record<string, AccessName> = {
  CONFIGURATION: 'tax.read',
  TAX: 'tax.read',
  SII: 'tax.read',
  VERIFACTU: 'tax.read',
  INVOICES: 'invoices.read',
  DOCUMENTS: 'documents.review',
};

const ACTIVITY_POLICY: Record<string, AccessName> = {
  INVOICE_ISSUED: 'invoices.read',
  INVOICE_RECEIVED: 'invoices.read',
  DOCUMENT_UPLOADED: 'documents.review',
};

const byPolicy = (policy: AccessName | undefined, v: SummaryVisibility): boolean => {
  switch (policy) {
    case 'tax.read':
      return v.tax;
    case 'invoices.read':
      return v.invoices;
    case 'accounting.read':
      return v.accounting;
    case 'documents.review':
      return v.documents;
    default:
      // An unknown subject is shown to nobody rather than to everybody.
      return false;
  }
};

export const visibleAlerts = (alerts: readonly DashboardAlert[], v: SummaryVisibility): DashboardAlert[] =>
  alerts.filter((a) => byPolicy(ALERT_POLICY[a.type], v));

export const visibleActivity = (
  items: readonly RecentActivityItem[],
  v: SummaryVisibility,
): RecentActivityItem[] => items.filter((i) => byPolicy(ACTIVITY_POLICY[i.type], v));
