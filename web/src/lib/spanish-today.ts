/**
 * Today's date as the AEAT and the server count days: in Spain (Europe/Madrid), not in the browser's
 * time zone, so a deadline or the current year does not move for someone abroad or near midnight.
 */
import { madridDate } from '@shared/fiscal/verifactu-obligation';

/** Today's date in Spain (Europe/Madrid): `YYYY-MM-DD`. */
export const spanishToday = (now: Date = new Date()): string => madridDate(now);
