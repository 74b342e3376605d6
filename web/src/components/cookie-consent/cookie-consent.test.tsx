import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import '../../testing/render';
import {
  COOKIE_CONSENT_KEY,
  COOKIE_CONSENT_VALID_MS,
  needsCookieConsent,
  openCookieSettings,
  readCookieConsent,
  saveCookieConsent,
} from './consent';
import { CookieConsentSlot } from './cookie-consent-slot';

const store = (value: unknown) => localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(value));
const renderSlot = () =>
  render(
    <MemoryRouter>
      <CookieConsentSlot />
    </MemoryRouter>,
  );

afterEach(() => localStorage.clear());

describe('cookie consent storage (spec part 3 §3, §4)', () => {
  it('stores version, timestamp, state with essential always on, and consentGiven', () => {
    saveCookieConsent({ analytics: true, marketing: false, preferences: true }, 1_000);
    expect(JSON.parse(localStorage.getItem(COOKIE_CONSENT_KEY) ?? '')).toEqual({
      version: '1.0',
      timestamp: 1_000,
      state: { essential: true, analytics: true, marketing: false, preferences: true },
      consentGiven: true,
    });
  });

  it('is valid for 30 days', () => {
    const now = Date.now();
    saveCookieConsent({ analytics: false, marketing: false, preferences: false }, now);
    expect(needsCookieConsent(now + COOKIE_CONSENT_VALID_MS - 1)).toBe(false);
    expect(needsCookieConsent(now + COOKIE_CONSENT_VALID_MS)).toBe(true);
  });

  it('asks again after a version change, or when the stored value is not a consent', () => {
    const base = {
      version: '1.0',
      timestamp: Date.now(),
      state: { essential: true, analytics: true, marketing: true, preferences: true },
      consentGiven: true,
    };
    store({ ...base, version: '0.9' });
    expect(readCookieConsent()).toBeNull();
    store({ ...base, consentGiven: false });
    expect(readCookieConsent()).toBeNull();
    localStorage.setItem(COOKIE_CONSENT_KEY, 'nope');
    expect(readCookieConsent()).toBeNull();
    store(base);
    expect(readCookieConsent()).toEqual(base);
  });
});

describe('cookie banner', () => {
  it("offers 'Configurar', 'Solo esenciales' and 'Aceptar todas', and goes away once chosen", async () => {
    renderSlot();
    expect(await screen.findByRole('button', { name: 'Configurar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aceptar todas' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Solo esenciales' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).toBeNull());
    expect(readCookieConsent()?.state).toEqual({
      essential: true,
      analytics: false,
      marketing: false,
      preferences: false,
    });
  });

  it('is not shown while the consent is valid, and shows again after 30 days', async () => {
    saveCookieConsent({ analytics: true, marketing: true, preferences: true });
    const first = renderSlot();
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).toBeNull();
    first.unmount();

    saveCookieConsent(
      { analytics: true, marketing: true, preferences: true },
      Date.now() - COOKIE_CONSENT_VALID_MS - 1,
    );
    renderSlot();
    expect(await screen.findByRole('region', { name: 'Aviso de cookies' })).toBeTruthy();
  });

  it('configures each category in a panel where essential cannot be switched off', async () => {
    renderSlot();
    fireEvent.click(await screen.findByRole('button', { name: 'Configurar' }));

    const essential = await screen.findByRole('switch', { name: 'Esenciales' });
    expect(essential.getAttribute('aria-checked')).toBe('true');
    expect(essential.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Análisis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));

    await waitFor(() =>
      expect(readCookieConsent()?.state).toEqual({
        essential: true,
        analytics: true,
        marketing: false,
        preferences: false,
      }),
    );
  });

  it('opens the panel on request even after a choice (the cookies policy page)', async () => {
    saveCookieConsent({ analytics: false, marketing: false, preferences: false });
    renderSlot();
    act(() => openCookieSettings());
    expect(await screen.findByRole('switch', { name: 'Marketing' })).toBeTruthy();
  });
});
