import { BulkOperations } from '@web/features/invoicing/components/bulk-operations';

/** /app/invoices/bulk-operations */
export default function BulkOperationsRoute() {
  return <BulkOperations />;
}
