/**
 * An API refusal as an alert with, when the server says where the missing data is filled in
 * (`details.fix`, e.g. 'Completa la dirección fiscal de tu empresa') or which page settles it
 * (`details.link`, e.g. the company's VeriFacTu configuration when VeriFacTu is mandatory and not
 * working: 409 DOC_047, functions/domains/invoices/model/verifactu-readiness.ts), a link to it.
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

/**
 * An in-app path under /app/ and nothing else: the link comes from an error body, so an absolute
 * URL, a protocol-relative `//host`, a backslash or a dot segment never becomes a link.
 */
const APP_PATH = /^(?!.*\/\/)(?!.*\/\.{1,2}(?:[/?]|$))\/app\/[A-Za-z0-9\-._~/%?=&]*$/;

export const isAppPath = (value: unknown): value is string =>
  typeof value === 'string' && APP_PATH.test(value);

/** The page `details.link` names, when it is one of this app's; labelled by the refusal's reason. */
export function pageLinkOf(error: unknown): { to: string; label: string } | null {
  if (!isApiError(error) || !error.details) return null;
  const { link, reason } = error.details as { link?: unknown; reason?: unknown };
  if (!isAppPath(link)) return null;
  return { to: link, label: reason === 'VERIFACTU_REQUIRED' ? 'Configurar VeriFacTu' : 'Ir a la página' };
}

/** `error` is what the API threw; a string is shown as it is (a form's own message). */
export function RefusalAlert({
  error,
  style,
  onClose,
}: {
  error: unknown;
  style?: CSSProperties;
  /** When given, the alert can be closed. */
  onClose?: () => void;
}) {
  const link = fixLinkOf(error) ?? pageLinkOf(error);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={style}
      title={typeof error === 'string' ? error : errorMessage(error)}
      description={link ? <Link to={link.to}>{link.label}</Link> : undefined}
      closable={onClose !== undefined}
      onClose={onClose}
    />
  );
}
