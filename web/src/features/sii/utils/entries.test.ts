import { describe, expect, it } from 'vitest';
import { daysLeftText, invoiceIdOf, isUrgentDeadline, parseEntryId, siiDocumentPath } from './entries';
import { siiFiltersFrom } from './filters';

describe('SII entry ids and links', () => {
  it('reads `<book>:<documentId>`, the document id keeping its `~` part', () => {
    expect(parseEntryId('RECC:inv-1~pay-2')).toEqual({ book: 'RECC', documentId: 'inv-1~pay-2' });
    expect(parseEntryId('XX:inv-1')).toBeNull();
    expect(parseEntryId('FE:')).toBeNull();
    expect(parseEntryId('inv-1')).toBeNull();
    expect(invoiceIdOf('rec-9~2')).toBe('rec-9');
    expect(invoiceIdOf('inv-1')).toBe('inv-1');
  });

  it('links the issued invoice for FE, the received one for FR and BI, and the source when known', () => {
    expect(siiDocumentPath('FE', 'inv-1', 'c-1')).toBe('/app/invoices/inv-1?company=c-1');
    expect(siiDocumentPath('FR', 'rec-1', 'c-1')).toBe('/app/admin/invoicing/expenses/rec-1?company=c-1');
    expect(siiDocumentPath('BI', 'rec-1', null)).toBe('/app/admin/invoicing/expenses/rec-1');
    expect(siiDocumentPath('RECC', 'rec-1', 'c-1', 'RECEIVED_PAYMENT')).toBe(
      '/app/admin/invoicing/expenses/rec-1?company=c-1',
    );
    expect(siiDocumentPath('RECC', 'inv-1', 'c-1', 'INVOICE_PAYMENT')).toBe(
      '/app/invoices/inv-1?company=c-1',
    );
  });

  it('is urgent at one day or fewer (spec part 3 §9) and words the days left', () => {
    expect(isUrgentDeadline(1)).toBe(true);
    expect(isUrgentDeadline(0)).toBe(true);
    expect(isUrgentDeadline(2)).toBe(false);
    expect(daysLeftText(1)).toBe('1 día');
    expect(daysLeftText(3)).toBe('3 días');
    expect(daysLeftText(0)).toBe('Hoy');
    expect(daysLeftText(-2)).toBe('Vencido hace 2 días');
  });

  it('reads the filters from the URL, dropping what is not one of them', () => {
    const url = (q: string) => {
      const params = new URLSearchParams(q);
      return (key: string) => params.get(key) ?? undefined;
    };
    expect(siiFiltersFrom(url(''))).toEqual({ period: 'CURRENT_MONTH' });
    expect(siiFiltersFrom(url('period=CURRENT_QUARTER&book=OI&month=2027-02&status=ERROR'))).toEqual({
      period: 'CURRENT_QUARTER',
      book: 'OI',
      month: '2027-02',
      status: 'ERROR',
    });
    expect(siiFiltersFrom(url('period=YEAR&book=XX&month=2027-13&status=OK'))).toEqual({
      period: 'CURRENT_MONTH',
    });
  });
});
