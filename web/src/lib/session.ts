/**
 * Browser-side session state that is ours, not Amplify's: which storage holds the Cognito tokens
 * ("Recordarme") and the selected company (spec part 1 §3 storage key `selected_company`).
 * Amplify keeps the tokens themselves.
 */
import type { CompanyEntry } from '@shared/schemas/companies';
import { useSyncExternalStore } from 'react';
import { setTokenStorage } from './amplify';

export const STORAGE_KEYS = {
  selectedCompany: 'selected_company',
  rememberMe: 'remember_me',
} as const;

// --- "Recordarme" -------------------------------------------------------------------------------

/** True unless the last login asked not to be remembered. */
export function isRememberMe(): boolean {
  return readStorage(STORAGE_KEYS.rememberMe) !== 'false';
}

/**
 * Keeps the next session's Cognito tokens in localStorage (remembered across browser restarts) or
 * in sessionStorage (gone when the tab is closed). Called before `signIn`.
 */
export function setRememberMe(remember: boolean): void {
  writeStorage(STORAGE_KEYS.rememberMe, remember ? 'true' : 'false');
  setTokenStorage(remember);
}

// --- selected company ---------------------------------------------------------------------------

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedCompany: CompanyEntry | null = null;

export function getSelectedCompany(): CompanyEntry | null {
  const raw = readStorage(STORAGE_KEYS.selectedCompany);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCompany = parseCompany(raw);
  }
  return cachedCompany;
}

export function setSelectedCompany(company: CompanyEntry | null): void {
  if (company) writeStorage(STORAGE_KEYS.selectedCompany, JSON.stringify(company));
  else removeStorage(STORAGE_KEYS.selectedCompany);
  for (const listener of listeners) listener();
}

function subscribeSelectedCompany(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the selection updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.selectedCompany || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The selected company, re-rendering when it changes (in this tab or another). */
export function useSelectedCompany(): CompanyEntry | null {
  return useSyncExternalStore(subscribeSelectedCompany, getSelectedCompany, () => null);
}

/** Forgets what belonged to the signed-out user, so the next user starts clean. */
export function clearSessionData(): void {
  setSelectedCompany(null);
}

// --- helpers ------------------------------------------------------------------------------------

function parseCompany(raw: string | null): CompanyEntry | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && typeof (value as CompanyEntry).companyId === 'string'
      ? (value as CompanyEntry)
      : null;
  } catch {
    return null;
  }
}

// localStorage throws in some privacy modes; the session then simply is not persisted.
function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (privacy mode, quota): the choice simply is not kept.
  }
}

function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
