/**
 * Keys of the session and throttling items of the identity domain (issue #12 items 3 and 6).
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const sessionsKeys = {
  /**
   * The instant before which a user's tokens no longer count (password change or reset, logout of
   * every session, account disabled). Read by the pipeline on every user route, cached a minute.
   */
  sessionsValidAfter: (userId: string): Key => ({ pk: `USER#${enc(userId)}`, sk: 'SESSIONS' }),
  /** Consecutive wrong current passwords of change-password (the same growing delay as login). */
  passwordChangeAttempts: (userId: string): Key => ({ pk: `USER#${enc(userId)}`, sk: 'PASSWORD_ATTEMPTS' }),
  /** A per-account counter of one fixed window (`action` e.g. FORGOT_PASSWORD, `subject` an e-mail). */
  rateWindow: (action: string, subject: string, windowStart: number): Key => ({
    pk: `RATE#${action}#${enc(subject.trim().toLowerCase())}`,
    sk: `WINDOW#${windowStart}`,
  }),
};
