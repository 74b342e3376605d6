import { paths } from '@web/lib/paths';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * The frame of the authentication pages (register, verify, reset, activate): the name, one card,
 * a few links. Plain elements rather than antd Card and Typography, as on the login page, so these
 * pages stay light.
 */
export function AuthShell({
  title,
  subtitle,
  width = 440,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      gap={24}
      // Plain elements do not get antd's font from the theme: set it here, once.
      style={{
        minHeight: '100vh',
        padding: '40px 16px',
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        color: token.colorText,
      }}
    >
      <title>{`${title} · Cuadra`}</title>
      <Link
        to={paths.home}
        aria-label="Cuadra, ir a la página de inicio"
        style={{ fontSize: 32, fontWeight: 700, color: token.colorPrimary, textDecoration: 'none' }}
      >
        Cuadra
      </Link>
      <main
        style={{
          width: '100%',
          maxWidth: width,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading4, fontWeight: 600, margin: 0 }}>{title}</h1>
        {subtitle ? (
          <div style={{ color: token.colorTextSecondary, margin: '8px 0 0', lineHeight: 1.6 }}>
            {subtitle}
          </div>
        ) : null}
        <div style={{ marginTop: 24 }}>{children}</div>
      </main>
      {footer ? <div style={{ textAlign: 'center', color: token.colorTextSecondary }}>{footer}</div> : null}
      <nav aria-label="Enlaces legales" style={{ fontSize: 13 }}>
        <Flex gap={16} wrap justify="center">
          <Link to={paths.legal.terms}>Condiciones de uso</Link>
          <Link to={paths.legal.privacy}>Privacidad</Link>
          <Link to={paths.help}>Ayuda</Link>
        </Flex>
      </nav>
    </Flex>
  );
}

/** A result inside the shell: an icon, the message (announced to screen readers) and what to do next. */
export function AuthResult({
  icon,
  status,
  title,
  description,
  actions,
}: {
  icon: ReactNode;
  status: 'success' | 'error' | 'info';
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const { token } = theme.useToken();
  const color =
    status === 'success' ? token.colorSuccess : status === 'error' ? token.colorError : token.colorPrimary;
  return (
    <div style={{ textAlign: 'center' }}>
      <div role={status === 'error' ? 'alert' : 'status'}>
        <div aria-hidden style={{ fontSize: 48, color, lineHeight: 1 }}>
          {icon}
        </div>
        <h2 style={{ margin: '16px 0 8px', fontSize: 18 }}>{title}</h2>
        {description ? (
          <div style={{ color: token.colorTextSecondary, lineHeight: 1.6 }}>{description}</div>
        ) : null}
      </div>
      {actions ? <div style={{ marginTop: 24 }}>{actions}</div> : null}
    </div>
  );
}
