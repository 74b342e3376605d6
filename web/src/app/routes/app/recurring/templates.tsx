import { TemplatesPage } from '@web/features/recurring/components/templates-page';

/** /app/invoices/recurring/templates */
export default function RecurringTemplatesRoute() {
  return <TemplatesPage />;
}
