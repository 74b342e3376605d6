import { TaxCalendar } from '@web/features/tax/components/tax-calendar';

/** /app/tax/calendar (`?year=&month=&view=month|list&filter=overdue|pending`) */
export default function TaxCalendarRoute() {
  return <TaxCalendar />;
}
