/**
 * Per-account limits of the routes that send mail (issue #12 item 6): counted per e-mail address
 * (or user id) in fixed windows, whether or not an account exists, so a 429 reveals nothing. They
 * keep one address's mailbox from being flooded; per-IP limits at the gateway do the rest.
 */

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export const ACCOUNT_RATE_RULES = {
  FORGOT_PASSWORD: { limit: 5, windowSeconds: 15 * 60 },
  VERIFY_EMAIL_RESEND: { limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

export type RateAction = keyof typeof ACCOUNT_RATE_RULES;

/** The start (epoch seconds) of the window `now` falls in. */
export const windowStartOf = (rule: RateRule, now: Date): number => {
  const seconds = Math.floor(now.getTime() / 1000);
  return seconds - (seconds % rule.windowSeconds);
};

/** Seconds until the window of `now` ends (at least 1): the `Retry-After` of a refusal. */
export const secondsToWindowEnd = (rule: RateRule, now: Date): number =>
  Math.max(1, Math.ceil(windowStartOf(rule, now) + rule.windowSeconds - now.getTime() / 1000));

/** Seconds to wait when the `count`-th request of the window is over the limit, else undefined. */
export function overLimit(action: RateAction, count: number, now: Date): number | undefined {
  const rule = ACCOUNT_RATE_RULES[action];
  return count > rule.limit ? secondsToWindowEnd(rule, now) : undefined;
}
