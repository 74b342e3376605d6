/**
 * What the notification endpoints answer beyond `@shared/schemas/notifications` and
 * `@shared/schemas/notification-analytics`, as the pages read it.
 */
import type { Notification } from '@shared/schemas/notifications';

/** A notification; a copy made for a delegate says whose it was (issue 20 delegations). */
export type NotificationItem = Notification & {
  delegatedFrom?: { userId: string; name: string } | null;
};

/** `POST notifications.click`: the click is recorded; the answer carries the link to open. */
export interface ClickResult {
  link?: string | null;
}

/** `POST notifications.cleanup`: how many read notifications were deleted. */
export interface CleanupResult {
  deleted: number;
}

/**
 * One entry of `GET documents.alerts` (functions/domains/documents/model/alerts.ts): the latest thing
 * that happened to a document.
 */
export interface DocumentAlert {
  id: string;
  type: string;
  status: 'success' | 'warning' | 'error' | 'info';
  title: string;
  message: string;
  timestamp: string;
  filename: string;
  confidence: number | null;
  invoiceNumber: string | null;
  documentType: string | null;
  category: string | null;
}

/** A member of the company as `GET companyUsers.list` lists it (only what delegations need). */
export interface CompanyMember {
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  companyRole: 'OWNER' | 'GESTOR' | 'CLIENTE' | 'MEMBER';
  isActive: boolean;
  status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
}
