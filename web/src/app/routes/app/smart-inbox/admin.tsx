import { AdminInboxPage } from '@web/features/smart-inbox/components/admin-inbox-page';

/** /app/admin/smart-inbox */
export default function AdminSmartInboxRoute() {
  return <AdminInboxPage />;
}
