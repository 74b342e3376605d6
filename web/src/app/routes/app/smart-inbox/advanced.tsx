import { SmartInboxAdvancedPage } from '@web/features/smart-inbox/components/advanced-page';

/** /app/smart-inbox/advanced */
export default function SmartInboxAdvancedRoute() {
  return <SmartInboxAdvancedPage />;
}
