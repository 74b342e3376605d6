import { madridDate } from '@shared/fiscal/verifactu-obligation';

/** Today's date in Spain (Europe/Madrid), as the server counts days: `YYYY-MM-DD`. */
export const spanishToday = (now: Date = new Date()): string => madridDate(now);
