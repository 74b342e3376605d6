import { lazy, Suspense, useEffect, useState } from 'react';
import { needsCookieConsent, OPEN_COOKIE_SETTINGS_EVENT } from './consent';

// Downloaded only when the banner has to be shown: a visitor who already chose pays nothing.
const CookieBanner = lazy(() => import('./cookie-banner'));

/** Shows the cookie banner on every page while there is no valid consent, or when asked to. */
export function CookieConsentSlot() {
  const [visible, setVisible] = useState(() => needsCookieConsent());
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    const open = () => {
      setSettingsOpen(true);
      setVisible(true);
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, []);

  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner
        key={settingsOpen ? 'settings' : 'banner'}
        settingsOpen={settingsOpen}
        onDone={() => {
          setVisible(false);
          setSettingsOpen(false);
        }}
      />
    </Suspense>
  );
}
