/**
 * The issued-invoices list's state lives in the URL (`?view=&type=&status=&page=…`), so a reload
 * or a shared link shows the same list. This turns the URL into the API query and back.
 */
import {
  ALL_INVOICE_TYPES,
  INVOICE_STATUSES,
  PAYMENT_STATUSES,
  SII_STATUSES,
} from '@shared/schemas/invoices';
import {
  INVOICE_VIEWS,
  INVOICES_DEFAULT_SORT,
  type InvoiceListParams,
  type InvoiceView,
} from '../api/get-invoices';

/** Filters the list reads from the URL (each also an API query parameter). */
export const LIST_FILTER_KEYS = [
  'type',
  'status',
  'siiStatus',
  'paymentStatus',
  'from',
  'to',
  'customer',
] as const;

const SORT_FIELDS = ['invoiceDate', 'invoiceNumber', 'createdAt', 'total'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** `field,asc|desc` when the field is sortable; the default otherwise. */
export function sortFromUrl(value: string | null): string {
  if (!value) return INVOICES_DEFAULT_SORT;
  const [field, dir = 'asc'] = value.split(',');
  return (SORT_FIELDS as readonly string[]).includes(field ?? '') && (dir === 'asc' || dir === 'desc')
    ? `${field},${dir}`
    : INVOICES_DEFAULT_SORT;
}

/**
 * The API request a URL asks for. Unknown values are dropped rather than sent (a hand-edited URL
 * never turns into a 400). `page` in the URL is one-based; the API's is zero-based.
 */
export function listParamsFromUrl(search: URLSearchParams, defaultSize: number): InvoiceListParams {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  const date = (key: string) => {
    const value = search.get(key);
    return value && ISO_DATE.test(value) ? value : undefined;
  };
  return {
    view: oneOf(search.get('view'), Object.keys(INVOICE_VIEWS) as InvoiceView[]) ?? 'all',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    size: [10, 20, 50, 100].includes(size) ? size : defaultSize,
    sort: sortFromUrl(search.get('sort')),
    search: search.get('search')?.trim() || undefined,
    type: oneOf(search.get('type'), ALL_INVOICE_TYPES),
    status: oneOf(search.get('status'), INVOICE_STATUSES),
    siiStatus: oneOf(search.get('siiStatus'), SII_STATUSES),
    paymentStatus: oneOf(search.get('paymentStatus'), PAYMENT_STATUSES),
    from: date('from'),
    to: date('to'),
    customer: search.get('customer')?.trim() || undefined,
  };
}

/** An antd table sorter → `field,dir` for the URL (undefined: the default order). */
export function sortParam(field: string | undefined, order: 'ascend' | 'descend' | null | undefined) {
  if (!field || !order) return undefined;
  const value = `${field},${order === 'ascend' ? 'asc' : 'desc'}`;
  return value === INVOICES_DEFAULT_SORT ? undefined : value;
}
