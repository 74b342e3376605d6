/**
 * The notifications POST notifications/test creates, one per allowed type (spec part 3 §5). They
 * are real notifications, so they say plainly that they are a test and that nothing happened.
 */

import type { NotificationSeverity, TestNotificationType } from '@shared/schemas/notifications';

export interface TestNotificationText {
  title: string;
  message: string;
  severity: NotificationSeverity;
  link: string;
}

const SAMPLE_FILE = '«factura-proveedor.pdf»';
const NOTHING_HAPPENED = 'Es una notificación de prueba: no se ha procesado ningún documento.';
const NOTIFICATIONS_PAGE = '/app/notifications';

export const testNotificationTexts: Record<TestNotificationType, TestNotificationText> = {
  ocr_started: {
    title: 'Prueba: Procesando documento',
    message: `El OCR ha empezado a leer ${SAMPLE_FILE}. ${NOTHING_HAPPENED}`,
    severity: 'info',
    link: NOTIFICATIONS_PAGE,
  },
  ocr_completed: {
    title: 'Prueba: Documento procesado',
    message: `El OCR ha terminado de leer ${SAMPLE_FILE}. ${NOTHING_HAPPENED}`,
    severity: 'success',
    link: NOTIFICATIONS_PAGE,
  },
  ocr_failed: {
    title: 'Prueba: No se pudo leer el documento',
    message: `El OCR no ha podido leer ${SAMPLE_FILE}; revisa que se vea con claridad y vuelve a subirlo. ${NOTHING_HAPPENED}`,
    severity: 'error',
    link: NOTIFICATIONS_PAGE,
  },
  invoice_created: {
    title: 'Prueba: Factura creada',
    message:
      'Se ha creado la factura F-2026-0001 de 1.210,00 €. Es una notificación de prueba: no se ha creado ninguna factura.',
    severity: 'success',
    link: NOTIFICATIONS_PAGE,
  },
};
