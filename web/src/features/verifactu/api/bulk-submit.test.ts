import { describe, expect, it } from 'vitest';
import { bulkSubmitSummary } from './bulk-submit';

describe('bulk submit summary', () => {
  it('counts the queued invoices and says why the others were not sent', () => {
    expect(
      bulkSubmitSummary(
        {
          results: [
            { invoiceId: 'a', result: 'QUEUED', message: 'En cola' },
            { invoiceId: 'b', result: 'ALREADY_SENT', message: 'Ya enviada a la AEAT' },
          ],
        },
        2,
      ),
    ).toBe('1 factura puesta en cola; 1 sin enviar (Ya enviada a la AEAT).');
    expect(bulkSubmitSummary({ results: [{ invoiceId: 'a', result: 'QUEUED', message: '' }] }, 1)).toBe(
      '1 factura puesta en cola.',
    );
    expect(bulkSubmitSummary(undefined, 3)).toBe('3 facturas enviadas a la cola de VeriFacTu.');
  });
});
