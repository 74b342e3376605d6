import { CalendarPage } from '@web/features/banking/treasury/calendar-page';

/** /app/banking/treasury/calendar: Calendario de tesorería. */
export default function CalendarPageRoute() {
  return <CalendarPage />;
}
