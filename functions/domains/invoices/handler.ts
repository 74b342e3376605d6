import { type AnyAction, createApiHandler, type RoutesOf } from '@functions/platform/http';
import { addPaymentRoute } from './actions/add-payment';
import { cancelInvoiceRoute } from './actions/cancel-invoice';
import { confirmInvoiceRoute } from './actions/confirm-invoice';
import { createAndConfirmInvoiceRoute } from './actions/create-and-confirm-invoice';
import { createCustomerRoute } from './actions/create-customer';
import { createInvoiceRoute } from './actions/create-invoice';
import { createInvoiceSeriesRoute } from './actions/create-invoice-series';
import { deleteCustomerRoute } from './actions/delete-customer';
import { deleteInvoiceRoute } from './actions/delete-invoice';
import { deleteInvoiceSeriesRoute } from './actions/delete-invoice-series';
import { getCustomerRoute } from './actions/get-customer';
import { getInvoiceRoute } from './actions/get-invoice';
import { getInvoiceSeriesRoute } from './actions/get-invoice-series';
import { listCustomersRoute } from './actions/list-customers';
import { listInvoiceSeriesRoute } from './actions/list-invoice-series';
import { listInvoicesRoute } from './actions/list-invoices';
import { listPaymentsRoute } from './actions/list-payments';
import { updateCustomerRoute } from './actions/update-customer';
import { updateInvoiceRoute } from './actions/update-invoice';
import { updateInvoiceSeriesRoute } from './actions/update-invoice-series';
import { aggregatesActions } from './areas/aggregates';
import { bulkActions } from './areas/bulk';
import { importExportActions } from './areas/import-export';
import { rectifyAndListingsActions } from './areas/rectify-and-listings';
import { recurringActions } from './areas/recurring';
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
  'invoices.list': listInvoicesRoute,
  'invoices.create': createInvoiceRoute,
  'invoices.createAndConfirm': createAndConfirmInvoiceRoute,
  'invoices.get': getInvoiceRoute,
  'invoices.update': updateInvoiceRoute,
  'invoices.delete': deleteInvoiceRoute,
  'invoices.confirm': confirmInvoiceRoute,
  'invoices.cancel': cancelInvoiceRoute,
  'invoices.listPayments': listPaymentsRoute,
  'invoices.addPayment': addPaymentRoute,
  ...rectifyAndListingsActions,
  ...aggregatesActions,
  ...bulkActions,
  ...importExportActions,
  ...recurringActions,
};

export const handler = createApiHandler('invoices', invoicesActions, makeDeps);
