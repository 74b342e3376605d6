/**
 * An API refusal as an alert with, when the server says where the missing data is filled in
 * (`details.fix`, e.g. 'Completa la dirección fiscal de tu empresa'), a link to that form.
 */
import { errorMessage, isApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';

/** Where `details.fix` says the data is filled in, or null. */
export function fixLinkOf(error: unknown): { to: string; label: string } | null {
  if (!isApiError(error) || !error.details) return null;
  const d = error.details as {
    fix?: unknown;
    companyId?: unknown;
    customerId?: unknown;
    invoiceId?: unknown;
  };
  if (d.fix === 'COMPANY_ADDRESS' && typeof d.companyId === 'string')
    return { to: paths.app.companyEdit(d.companyId), label: 'Completar los datos de la empresa' };
  if (d.fix === 'CUSTOMER_ADDRESS' && typeof d.customerId === 'string')
    return { to: paths.app.invoicing.customerEdit(d.customerId), label: 'Completar los datos del cliente' };
  if (d.fix === 'INVOICE_CUSTOMER' && typeof d.invoiceId === 'string')
    return { to: paths.app.invoicing.invoiceEdit(d.invoiceId), label: 'Completar el cliente del borrador' };
  return null;
}

export function RefusalAlert({ error, style }: { error: unknown; style?: CSSProperties }) {
  const fix = fixLinkOf(error);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={style}
      title={errorMessage(error)}
      description={fix ? <Link to={fix.to}>{fix.label}</Link> : undefined}
    />
  );
}
