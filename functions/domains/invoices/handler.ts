import { type AnyAction, createApiHandler, type RoutesOf } from '@functions/platform/http';
import { createCustomerRoute } from './actions/create-customer';
import { createInvoiceSeriesRoute } from './actions/create-invoice-series';
import { deleteCustomerRoute } from './actions/delete-customer';
import { deleteInvoiceSeriesRoute } from './actions/delete-invoice-series';
import { getCustomerRoute } from './actions/get-customer';
import { getInvoiceSeriesRoute } from './actions/get-invoice-series';
import { listCustomersRoute } from './actions/list-customers';
import { listInvoiceSeriesRoute } from './actions/list-invoice-series';
import { updateCustomerRoute } from './actions/update-customer';
import { updateInvoiceSeriesRoute } from './actions/update-invoice-series';
import { type InvoicesDeps, makeDeps } from './store/deps';

export const invoicesActions: { [K in RoutesOf<'invoices'>]: AnyAction<InvoicesDeps> } = {
  'customers.list': listCustomersRoute,
  'customers.create': createCustomerRoute,
  'customers.get': getCustomerRoute,
  'customers.update': updateCustomerRoute,
  'customers.delete': deleteCustomerRoute,
  'invoiceSeries.list': listInvoiceSeriesRoute,
  'invoiceSeries.create': createInvoiceSeriesRoute,
  'invoiceSeries.get': getInvoiceSeriesRoute,
  'invoiceSeries.update': updateInvoiceSeriesRoute,
  'invoiceSeries.delete': deleteInvoiceSeriesRoute,
};

export const handler = createApiHandler('invoices', invoicesActions, makeDeps);
