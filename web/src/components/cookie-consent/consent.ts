/**
 * Cookie consent (spec part 3 §3, §4, §9): version '1.0', valid 30 days, stored in localStorage
 * `cookie_consent` as `{ version, timestamp, state: { essential, analytics, marketing,
 * preferences }, consentGiven }`. Essential cookies are always on. The banner shows again once the
 * consent is older than 30 days or was given to another version. No React, no antd: the root
 * layout reads it on every page to decide whether to load the banner at all.
 */

export const COOKIE_CONSENT_KEY = 'cookie_consent';
export const COOKIE_CONSENT_VERSION = '1.0';
export const COOKIE_CONSENT_VALID_MS = 30 * 24 * 60 * 60_000;
/** Dispatched on `window` to open the settings panel (the cookies policy page has a button for it). */
export const OPEN_COOKIE_SETTINGS_EVENT = 'cuadra:cookie-settings';

export interface CookieConsentState {
  essential: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

export interface CookieConsent {
  version: string;
  /** When it was given, ms since epoch. */
  timestamp: number;
  state: CookieConsentState;
  consentGiven: boolean;
}

export const ALL_COOKIES: CookieConsentState = {
  essential: true,
  analytics: true,
  marketing: true,
  preferences: true,
};
export const ESSENTIAL_ONLY: CookieConsentState = {
  essential: true,
  analytics: false,
  marketing: false,
  preferences: false,
};

/** The stored consent while it is valid (this version, younger than 30 days), else null. */
export function readCookieConsent(now: number = Date.now()): CookieConsent | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isConsent(value)) return null;
  if (value.version !== COOKIE_CONSENT_VERSION || !value.consentGiven) return null;
  if (now - value.timestamp >= COOKIE_CONSENT_VALID_MS || value.timestamp > now + 60_000) return null;
  return value;
}

/** True when the banner must be shown. */
export const needsCookieConsent = (now: number = Date.now()): boolean => readCookieConsent(now) === null;

/** Stores the choice (essential forced on) and returns what was stored. */
export function saveCookieConsent(
  state: Omit<CookieConsentState, 'essential'>,
  now: number = Date.now(),
): CookieConsent {
  const consent: CookieConsent = {
    version: COOKIE_CONSENT_VERSION,
    timestamp: now,
    state: {
      essential: true,
      analytics: state.analytics,
      marketing: state.marketing,
      preferences: state.preferences,
    },
    consentGiven: true,
  };
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // Storage unavailable: the banner simply asks again next time.
  }
  return consent;
}

/** Opens the cookie settings panel from anywhere (the cookies policy page). */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT));
}

function isConsent(value: unknown): value is CookieConsent {
  if (!value || typeof value !== 'object') return false;
  const { version, timestamp, state, consentGiven } = value as Record<string, unknown>;
  if (typeof version !== 'string' || typeof timestamp !== 'number' || typeof consentGiven !== 'boolean') {
    return false;
  }
  if (!state || typeof state !== 'object') return false;
  const s = state as Record<string, unknown>;
  return ['analytics', 'marketing', 'preferences'].every((key) => typeof s[key] === 'boolean');
}
