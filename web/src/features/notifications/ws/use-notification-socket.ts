import { useQueryClient } from '@tanstack/react-query';
import { getAccessToken } from '@web/lib/access-token';
import { isApiError } from '@web/lib/api-error';
import { useAuth } from '@web/lib/auth';
import { useCompanyId } from '@web/lib/company';
import { publishPushMessage } from '@web/lib/push-messages';
import { getRuntimeConfig } from '@web/lib/runtime-config';
import { toast } from '@web/lib/toast';
import { useEffect } from 'react';
import { addNotificationToCache, refreshNotifications, setUnreadCount } from '../api/cache';
import { NotificationSocket } from './notifications-socket';

/** Spec part 1 §8 and part 3 §8, word for word. */
export const WS_MESSAGES = {
  retrying: 'Conexión de notificaciones perdida. Reintentando...',
  lost: 'Conexión perdida. Recarga la página para intentar de nuevo.',
  createFailed: 'Error al crear conexión WebSocket',
  connectionError: 'Error de conexión WebSocket',
} as const;

/**
 * Keeps the notifications WebSocket open while the user is signed in with a company selected: a
 * pushed notification goes into the bell and the lists at once, with an info toast.
 */
export function useNotificationSocket(WebSocketImpl?: typeof WebSocket): void {
  const { state } = useAuth();
  const userId = state.user?.userId ?? null;
  const companyId = useCompanyId();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || !companyId) return;
    const socket = new NotificationSocket({
      url: getRuntimeConfig().wsUrl,
      companyId,
      getToken: getAccessToken,
      isFatalTokenError: (error) => isApiError(error) && error.code === 'SESSION_EXPIRED',
      WebSocketImpl,
      events: {
        message: (message) => {
          if (message.type === 'unread') {
            if (message.companyId === companyId) setUnreadCount(queryClient, companyId, message.count);
            return;
          }
          const { notification } = message;
          addNotificationToCache(queryClient, notification);
          // Pages that follow a kind of notification (messages, document requests) read it here too.
          publishPushMessage({ type: 'notification', notification });
          if (notification.companyId === companyId)
            toast.info(notification.message, { title: notification.title });
        },
        open: (afterOutage) => {
          // What arrived while the socket was down is read from the API.
          if (afterOutage) void refreshNotifications(queryClient, companyId);
        },
        retrying: () => toast.warning(WS_MESSAGES.retrying),
        lost: () => toast.error(WS_MESSAGES.lost, { persistent: true }),
        createFailed: (error) => console.warn(WS_MESSAGES.createFailed, error),
        // Upload progress and other pushes go to whichever page listens (web/src/lib/push-messages.ts).
        other: publishPushMessage,
      },
    });
    socket.start();
    return () => socket.stop();
  }, [userId, companyId, queryClient, WebSocketImpl]);
}
