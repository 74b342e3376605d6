import { paths } from '@web/lib/paths';
import { Button, Flex, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ALL_COOKIES, type CookieConsentState, ESSENTIAL_ONLY, saveCookieConsent } from './consent';

// The panel (Modal, Switch) is only downloaded when somebody asks to configure.
const CookieSettingsModal = lazy(() => import('./cookie-settings-modal'));

/**
 * The cookie banner at the bottom of every page (spec part 3 §2): 'Configurar' opens the panel
 * with one switch per category, 'Solo esenciales' and 'Aceptar todas' decide at once.
 */
export default function CookieBanner({
  settingsOpen: initiallyOpen = false,
  onDone,
}: {
  settingsOpen?: boolean;
  onDone: () => void;
}) {
  const { token } = theme.useToken();
  const [settingsOpen, setSettingsOpen] = useState(initiallyOpen);

  const save = (state: CookieConsentState) => {
    saveCookieConsent(state);
    setSettingsOpen(false);
    onDone();
  };

  return (
    <>
      <section
        aria-label="Aviso de cookies"
        style={{
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: 1000,
          padding: '16px 24px',
          background: token.colorBgContainer,
          borderTop: `1px solid ${token.colorBorderSecondary}`,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        <Flex
          wrap
          align="center"
          justify="space-between"
          gap={16}
          style={{ maxWidth: 1200, margin: '0 auto' }}
        >
          <p style={{ margin: 0, flex: '1 1 420px', color: token.colorText }}>
            Usamos cookies esenciales para que Cuadra funcione y, si nos lo permites, cookies de análisis,
            marketing y preferencias para mejorar el servicio. Puedes cambiar tu elección cuando quieras.{' '}
            <Link to={paths.legal.cookies}>Política de cookies</Link>
          </p>
          <Flex wrap gap={8}>
            <Button onClick={() => setSettingsOpen(true)}>Configurar</Button>
            <Button onClick={() => save(ESSENTIAL_ONLY)}>Solo esenciales</Button>
            <Button type="primary" onClick={() => save(ALL_COOKIES)}>
              Aceptar todas
            </Button>
          </Flex>
        </Flex>
      </section>
      {settingsOpen ? (
        <Suspense fallback={null}>
          <CookieSettingsModal onCancel={() => setSettingsOpen(false)} onSave={save} />
        </Suspense>
      ) : null}
    </>
  );
}
