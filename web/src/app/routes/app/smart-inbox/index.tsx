import { SmartInboxPage } from '@web/features/smart-inbox/components/smart-inbox-page';

/** /app/smart-inbox */
export default function SmartInboxRoute() {
  return <SmartInboxPage />;
}
