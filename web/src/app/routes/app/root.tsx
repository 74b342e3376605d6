import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import { useAuth } from '@web/lib/auth';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { Button, Flex, Layout, theme } from 'antd';
import { type CSSProperties, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { PageLoader } from '../../page-loader';

const ellipsis: CSSProperties = {
  maxWidth: 240,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/** The signed-in frame: a minimal header (the full shell with menus is a later issue). */
export default function AppRoot() {
  const { state, signOut } = useAuth();
  const company = useSelectedCompany();
  const { token } = theme.useToken();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, lineHeight: 'normal' }}
      >
        <Flex align="center" justify="space-between" gap={16} style={{ height: '100%' }}>
          <Link
            to={paths.app.dashboard}
            style={{ fontSize: 20, fontWeight: 700, color: token.colorPrimary }}
            aria-label="Cuadra, ir al inicio"
          >
            Cuadra
          </Link>
          <Flex align="center" gap={16} style={{ minWidth: 0 }}>
            {company ? (
              <span style={ellipsis} title={`Empresa seleccionada: ${company.name}`}>
                {company.name}
              </span>
            ) : null}
            <span style={{ ...ellipsis, color: token.colorTextSecondary }}>{state.user?.email}</span>
            <Button icon={<LogoutOutlined />} onClick={onSignOut} loading={signingOut}>
              Cerrar sesión
            </Button>
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
