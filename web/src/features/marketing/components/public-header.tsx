import CloseOutlined from '@ant-design/icons/CloseOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import { useAuth } from '@web/lib/auth';
import { paths } from '@web/lib/paths';
import { Button, Flex, Grid, Layout, theme } from 'antd';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ButtonLink } from './button-link';

export const PUBLIC_NAV = [
  { to: paths.pricing, label: 'Precios' },
  { to: paths.integrations, label: 'Integraciones' },
  { to: paths.about, label: 'Sobre nosotros' },
  { to: paths.help, label: 'Ayuda' },
  { to: paths.contact, label: 'Contacto' },
] as const;

/** Cuadra's name, the navigation and the account buttons; a toggled panel on small screens. */
export function PublicHeader() {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Before the first measure `md` is undefined: lay out for the desktop, as most visits are.
  const compact = screens.md === false;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();

  // Following a link in the panel closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: 'auto',
        lineHeight: 'normal',
        padding: 0,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex
        align="center"
        justify="space-between"
        gap={16}
        style={{ maxWidth: 1160, margin: '0 auto', padding: '12px 24px' }}
      >
        <Link
          to={paths.home}
          aria-label="Cuadra, ir a la página de inicio"
          style={{ fontSize: 24, fontWeight: 700, color: token.colorPrimary, textDecoration: 'none' }}
        >
          Cuadra
        </Link>
        {compact ? (
          <Button
            type="text"
            icon={open ? <CloseOutlined /> : <MenuOutlined />}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            Menú
          </Button>
        ) : (
          <>
            <nav aria-label="Principal" className="cq-public-nav">
              <Flex gap={4} wrap>
                {PUBLIC_NAV.map((item) => (
                  <NavLink key={item.to} to={item.to}>
                    {item.label}
                  </NavLink>
                ))}
              </Flex>
            </nav>
            <AccountButtons />
          </>
        )}
      </Flex>
      {compact && open ? (
        <div id={panelId} style={{ padding: '0 24px 16px' }}>
          <nav aria-label="Principal" className="cq-public-nav">
            <Flex vertical gap={4}>
              {PUBLIC_NAV.map((item) => (
                <NavLink key={item.to} to={item.to} style={{ padding: '10px 8px' }}>
                  {item.label}
                </NavLink>
              ))}
            </Flex>
          </nav>
          <div style={{ marginTop: 12 }}>
            <AccountButtons block />
          </div>
        </div>
      ) : null}
    </Layout.Header>
  );
}

/** Guests: sign in / start free. A signed-in visitor (reading the prices, say) goes back to the app. */
function AccountButtons({ block = false }: { block?: boolean }) {
  const { state } = useAuth();
  if (state.status === 'authenticated') {
    return (
      <ButtonLink to={paths.app.dashboard} type="primary" block={block}>
        Ir a mi panel
      </ButtonLink>
    );
  }
  return (
    <Flex gap={8} vertical={block}>
      <ButtonLink to={paths.auth.login} block={block}>
        Iniciar sesión
      </ButtonLink>
      <ButtonLink to={paths.auth.register} type="primary" block={block}>
        Empezar gratis
      </ButtonLink>
    </Flex>
  );
}
