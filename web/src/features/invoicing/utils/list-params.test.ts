import { describe, expect, it } from 'vitest';
import { invoiceListQuery } from '../api/get-invoices';
import { listParamsFromUrl, sortParam } from './list-params';

const fromUrl = (qs: string) => listParamsFromUrl(new URLSearchParams(qs), 20);

describe('the list URL → API query', () => {
  it('sends every filter the URL names, with the zero-based page', () => {
    const params = fromUrl(
      'type=R1&status=CONFIRMED&siiStatus=REJECTED&paymentStatus=OVERDUE&from=2026-01-01&to=2026-03-31&customer=cus-9&search=%20fonta%20&page=3&size=50&sort=total,asc',
    );
    expect(invoiceListQuery(params)).toEqual({
      page: 2,
      size: 50,
      sort: 'total,asc',
      search: 'fonta',
      type: 'R1',
      status: 'CONFIRMED',
      siiStatus: 'REJECTED',
      paymentStatus: 'OVERDUE',
      from: '2026-01-01',
      to: '2026-03-31',
      customer: 'cus-9',
    });
    expect(params.view).toBe('all');
  });

  it('drops values the API would refuse instead of sending them', () => {
    const params = fromUrl('type=X9&status=PAID&from=01/02/2026&size=7&page=-2&sort=hack,up&view=nope');
    expect(invoiceListQuery(params)).toEqual({
      page: 0,
      size: 20,
      sort: 'invoiceDate,desc',
      search: undefined,
      type: undefined,
      status: undefined,
      siiStatus: undefined,
      paymentStatus: undefined,
      from: undefined,
      to: undefined,
      customer: undefined,
    });
    expect(params.view).toBe('all');
  });

  it('reads the work listing tab', () => {
    expect(fromUrl('view=confirmedPendingSii').view).toBe('confirmedPendingSii');
  });

  it('turns the table sorter into the URL sort, the default order into none', () => {
    expect(sortParam('total', 'ascend')).toBe('total,asc');
    expect(sortParam('invoiceDate', 'descend')).toBeUndefined();
    expect(sortParam('invoiceNumber', null)).toBeUndefined();
  });
});
