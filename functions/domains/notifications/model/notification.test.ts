import { newNotificationId } from '@functions/lib/notifications';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import { describe, expect, it } from 'vitest';
import { toNotification } from './notification';

describe('notification model', () => {
  it('ids sort by creation time, so the sort key orders newest first when read backwards', () => {
    const older = newNotificationId(new Date('2026-03-01T10:00:00.000Z'), 'ffff');
    const newer = newNotificationId(new Date('2026-03-01T10:00:00.001Z'), '0000');
    const muchNewer = newNotificationId(new Date('2031-01-01T00:00:00.000Z'), '0000');

    expect([muchNewer, older, newer].sort()).toEqual([older, newer, muchNewer]);
    expect(older).toMatch(/^[A-Za-z0-9]+$/);
  });

  it('keeps only letters and digits of the random part', () => {
    expect(newNotificationId(new Date(0), 'a-b#c')).toBe('0000000000000abc');
  });

  it('the public view drops keys, owner and TTL', () => {
    const view = toNotification({
      pk: 'x',
      sk: 'y',
      userId: 'u',
      ttl: 1,
      notificationId: 'n1',
      type: 'ocr_failed',
      title: 't',
      message: 'm',
      isRead: true,
      readAt: '2026-01-01T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
      companyId: 'c',
      severity: 'error',
    });

    expect(Object.keys(view).sort()).toEqual([
      'companyId',
      'createdAt',
      'isRead',
      'message',
      'notificationId',
      'readAt',
      'severity',
      'title',
      'type',
    ]);
  });

  it.each([
    ['ocr_completed', 'ocr'],
    ['invoice_created', 'invoices'],
    ['tax_deadline', 'tax_deadlines'],
    ['verifactu_rejected', 'verifactu'],
    ['sii_accepted', 'sii'],
    ['payroll_ready', 'payroll'],
    ['document_shared', 'documents'],
    ['welcome', 'system'],
  ])('%s belongs to the %s preferences', (type, category) => {
    expect(notificationCategoryOf(type)).toBe(category);
  });
});
