/**
 * The e-mail of an invoice carries no control character the recipient's client would render or a
 * header would choke on (issue #12 item 9; found by infra/local/security.int.test.ts).
 */

import { UNSAFE_TEXT_MESSAGE } from '@shared/schemas/text';
import { describe, expect, it } from 'vitest';
import { SendInvoiceEmailBody } from './send-email';

describe('SendInvoiceEmailBody', () => {
  it('accepts a subject and a message of several lines', () => {
    const body = { subject: 'Factura F-2026-001', message: 'Hola,\n\nAdjuntamos la factura.\tGracias.' };
    expect(SendInvoiceEmailBody.safeParse(body).success).toBe(true);
  });

  it('keeps its own answer for a line break in the subject', () => {
    expect(SendInvoiceEmailBody.safeParse({ subject: 'Factura\nBcc: x@y.z' }).error?.issues[0]?.message).toBe(
      'El asunto no puede tener saltos de línea.',
    );
  });

  it.each([
    ['subject', 'Factura\u0000'],
    ['subject', 'Factura\ud800'],
    ['message', 'Hola\u001b[31m'],
    ['message', 'Hola\udfff'],
  ])('refuses control characters and lone surrogates in the %s', (field, value) => {
    expect(SendInvoiceEmailBody.safeParse({ [field]: value }).error?.issues[0]).toMatchObject({
      path: [field],
      message: UNSAFE_TEXT_MESSAGE,
    });
  });
});
