/**
 * Request and response contracts of the notifications domain (spec part 3 §4, §5, §7): the
 * caller's notifications in the selected company, their unread count, preferences, the test
 * endpoint and the messages the notifications WebSocket pushes.
 */

import * as z from 'zod';
import type { Capability } from '../capabilities';
import { Id, PageQuery } from './common';

export const NOTIFICATION_SEVERITIES = ['info', 'success', 'warning', 'error'] as const;
export const NotificationSeverity = z.enum(NOTIFICATION_SEVERITIES);
export type NotificationSeverity = z.infer<typeof NotificationSeverity>;

/** An in-app path of the SPA (never a full URL, so a notification cannot send anyone elsewhere). */
export const InAppLink = z
  .string()
  .max(300)
  .regex(/^\/app(?:[/?#][^\s]*)?$/, { message: 'El enlace debe ser una ruta de la aplicación (/app/...).' });

export const Notification = z.object({
  notificationId: z.string(),
  /** What happened, snake_case (`ocr_completed`, `invoice_created`, `tax_deadline`...). */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** ISO instant; null while unread. */
  readAt: z.string().nullable(),
  createdAt: z.string(),
  companyId: z.string(),
  link: InAppLink.optional(),
  severity: NotificationSeverity,
  /** A delegate's copy: whose notification it copies (never delegated again). */
  delegatedFrom: z.object({ userId: z.string(), name: z.string() }).optional(),
  /** The producer already e-mailed it (e.g. tax alerts): the e-mail channel skips it. */
  emailSent: z.boolean().optional(),
});
export type Notification = z.infer<typeof Notification>;

/** GET notifications: the Page envelope of the caller's notifications in the company, newest first. */
export const NotificationListQuery = PageQuery.extend({
  unreadOnly: z
    .enum(['true', 'false'], { message: 'unreadOnly debe ser true o false.' })
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationPath = z.object({ notificationId: Id });
export type NotificationPath = z.infer<typeof NotificationPath>;

/** How many notifications the bell dropdown shows (spec part 3 §7: "Dropdown shows 10"). */
export const BELL_LATEST = 10;

/** GET notifications/unread: the bell's badge and dropdown. */
export interface UnreadSummary {
  count: number;
  /** The latest notifications, read or not, newest first (at most BELL_LATEST). */
  latest: Notification[];
}

/** PUT notifications/read-all. */
export interface MarkAllReadResult {
  /** Notifications this call changed from unread to read. */
  updated: number;
  /** Unread count of the company afterwards (0 unless one arrived meanwhile). */
  count: number;
}

// --- preferences ---------------------------------------------------------------------------------

export const NOTIFICATION_CHANNELS = ['IN_APP', 'EMAIL'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The families of notification a user can switch off one by one. */
export const NOTIFICATION_CATEGORIES = [
  'ocr',
  'invoices',
  'tax_deadlines',
  'verifactu',
  'sii',
  'payroll',
  'documents',
  'messages',
  'system',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const notificationCategoryLabels: Record<NotificationCategory, string> = {
  ocr: 'Lectura de documentos (OCR)',
  invoices: 'Facturas',
  tax_deadlines: 'Vencimientos fiscales',
  verifactu: 'VeriFacTu',
  sii: 'SII',
  payroll: 'Nóminas',
  documents: 'Documentos',
  messages: 'Mensajes',
  system: 'Avisos del sistema',
};

/**
 * The product area each family belongs to (shared/capabilities.ts): preferences offer a family only
 * once its area works on main (nothing is promised before); `system` always.
 */
export const notificationCategoryArea: Record<NotificationCategory, Capability | null> = {
  ocr: 'ocr',
  invoices: 'invoicing',
  tax_deadlines: 'fiscalCalendar',
  verifactu: 'verifactu',
  sii: 'sii',
  payroll: 'payroll',
  documents: 'clientPortalDocuments',
  messages: 'clientMessaging',
  system: null,
};

/** The family a notification type belongs to, by its prefix; unknown prefixes are `system`. */
export function notificationCategoryOf(type: string): NotificationCategory {
  const prefix = type.split('_')[0];
  if (prefix === 'ocr') return 'ocr';
  if (prefix === 'invoice' || prefix === 'invoices') return 'invoices';
  if (prefix === 'tax') return 'tax_deadlines';
  if (prefix === 'verifactu') return 'verifactu';
  if (prefix === 'sii') return 'sii';
  if (prefix === 'payroll') return 'payroll';
  if (prefix === 'document' || prefix === 'documents') return 'documents';
  if (prefix === 'message' || prefix === 'messages') return 'messages';
  return 'system';
}

export const EMAIL_DIGESTS = ['daily', 'never'] as const;

const categoryToggles = z.object(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, z.boolean()])) as Record<
    NotificationCategory,
    z.ZodBoolean
  >,
);

export const NotificationPreferences = z.object({
  /** Per channel on/off: IN_APP (bell and notifications page), EMAIL. */
  channels: z.object({ IN_APP: z.boolean(), EMAIL: z.boolean() }),
  /** Per family on/off. */
  types: categoryToggles,
  /**
   * How the EMAIL channel sends: 'daily' = one summary a day of what is still unread (08:00 Madrid);
   * 'never' = no summary, each notification is e-mailed as it happens.
   */
  emailDigest: z.enum(EMAIL_DIGESTS),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const defaultNotificationPreferences = (): NotificationPreferences => ({
  channels: { IN_APP: true, EMAIL: true },
  types: Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, true])) as Record<
    NotificationCategory,
    boolean
  >,
  // Defaults do not flood inboxes: one daily summary (stored preferences keep their own value).
  emailDigest: 'daily',
});

/** PUT notifications/preferences: any subset; what is absent keeps its current value. */
export const UpdateNotificationPreferencesBody = z
  .object({
    channels: NotificationPreferences.shape.channels.partial().strict(),
    types: categoryToggles.partial().strict(),
    emailDigest: NotificationPreferences.shape.emailDigest,
  })
  .partial()
  .strict();
export type UpdateNotificationPreferencesBody = z.infer<typeof UpdateNotificationPreferencesBody>;

/** Applies a partial update to stored (or default) preferences. */
export function mergeNotificationPreferences(
  current: NotificationPreferences,
  update: UpdateNotificationPreferencesBody,
): NotificationPreferences {
  return {
    channels: { ...current.channels, ...update.channels },
    types: { ...current.types, ...update.types },
    emailDigest: update.emailDigest ?? current.emailDigest,
  };
}

// --- test endpoint -------------------------------------------------------------------------------

/** Spec part 3 §5: the test notification type must be one of these. */
export const TEST_NOTIFICATION_TYPES = [
  'ocr_started',
  'ocr_completed',
  'ocr_failed',
  'invoice_created',
] as const;
export type TestNotificationType = (typeof TEST_NOTIFICATION_TYPES)[number];

export const TestNotificationBody = z.object({
  type: z.enum(TEST_NOTIFICATION_TYPES, {
    message: `El tipo de notificación de prueba debe ser uno de: ${TEST_NOTIFICATION_TYPES.join(', ')}.`,
  }),
});
export type TestNotificationBody = z.infer<typeof TestNotificationBody>;

// --- WebSocket -----------------------------------------------------------------------------------

/** What the server pushes on the notifications socket (JSON text frames; `pong` is plain text). */
export type NotificationPushMessage =
  | { type: 'notification'; notification: Notification }
  | { type: 'unread'; companyId: string; count: number };
