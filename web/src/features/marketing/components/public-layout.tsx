import { Layout, theme } from 'antd';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import './public-layout.css';

/** True inside a PublicLayout, so a page wrapped twice (by its route and by itself) gets one frame. */
const InsidePublicLayout = createContext(false);

export const MAIN_CONTENT_ID = 'contenido';

/**
 * The frame of every public page (landing, pricing, help, legal...): header with the navigation and
 * the sign-in / sign-up buttons, the page, the footer with the legal links and contact channels.
 * Kept to Layout, Row, Col and Button so the public pages stay light.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const nested = useContext(InsidePublicLayout);
  const { token } = theme.useToken();
  const { pathname } = useLocation();

  // A new public page starts at its top, like a new document would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    if (!nested) window.scrollTo?.(0, 0);
  }, [pathname, nested]);

  if (nested) return children;
  return (
    <InsidePublicLayout.Provider value={true}>
      <Layout
        style={{
          minHeight: '100vh',
          background: token.colorBgContainer,
          fontFamily: token.fontFamily,
          color: token.colorText,
        }}
      >
        <a href={`#${MAIN_CONTENT_ID}`} className="cq-skip-link">
          Saltar al contenido
        </a>
        <PublicHeader />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          {children}
        </main>
        <PublicFooter />
      </Layout>
    </InsidePublicLayout.Provider>
  );
}
