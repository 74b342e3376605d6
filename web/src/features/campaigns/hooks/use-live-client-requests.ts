/**
 * Keeps the client's checklist live without another feature: the notifications socket hands its
 * pushes to `@web/lib/push-messages`, and the checklist reads again when
 * - a `document_request*` notification of the company arrives (a campaign sent, a reminder, overdue);
 * - an upload of the company makes progress (`document_progress`): the campaign-ticks worker ticks
 *   the item the upload matches right after the document is written or read, so the read waits
 *   {@link TICK_SETTLE_MS} and a burst of progress messages is read once.
 * The query's own poll (api/client-requests.ts) covers a socket that is down.
 */
import type { DocumentProgressMessage } from '@shared/schemas/documents';
import type { Notification } from '@shared/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { usePushMessages } from '@web/lib/push-messages';
import { useEffect, useRef } from 'react';
import { campaignsKeys } from '../api/keys';

/** A notification pushed on the socket (shared/schemas/notifications.ts `NotificationPushMessage`). */
export interface NotificationMessage {
  type: 'notification';
  notification: Notification;
}

/** The notification types of the campaigns (document_request, _reminder, _overdue). */
export const isDocumentRequestNotification = (type: string): boolean => type.startsWith('document_request');

/** How long after an upload's progress the checklist is read again. */
export const TICK_SETTLE_MS = 2_000;

export function useLiveClientRequests(companyId: string): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refetch = () => queryClient.invalidateQueries({ queryKey: campaignsKeys.clientRequests(companyId) });

  useEffect(() => () => clearTimeout(timer.current), []);

  usePushMessages<NotificationMessage>('notification', (message) => {
    const notification = message.notification;
    if (!notification || notification.companyId !== companyId) return;
    if (isDocumentRequestNotification(notification.type)) void refetch();
  });

  usePushMessages<DocumentProgressMessage>('document_progress', (message) => {
    if (message.companyId !== companyId) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refetch(), TICK_SETTLE_MS);
  });
}
