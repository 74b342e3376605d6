import { LoginForm } from '@web/features/auth/components/login-form';
import { CLIENT_ERROR_MESSAGES } from '@web/lib/api-error';
import { useAuth } from '@web/lib/auth';
import { Flex, theme } from 'antd';

// Plain elements rather than antd Typography and Card: they bring Tooltip, TextArea, Tabs and Menu
// along, about 55 kB gzip the first screen does not need.
export default function LoginRoute() {
  const { state } = useAuth();
  const { token } = theme.useToken();
  const expired = state.status === 'unauthenticated' && state.reason === 'expired';
  return (
    <Flex vertical align="center" justify="center" gap={24} style={{ minHeight: '100vh', padding: 16 }}>
      <div style={{ fontSize: 32, fontWeight: 700, color: token.colorPrimary }}>Cuadra</div>
      <main
        style={{
          width: '100%',
          maxWidth: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading4, fontWeight: 600, margin: 0 }}>Iniciar sesión</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 24px' }}>
          Accede a la gestión de tus empresas.
        </p>
        <LoginForm notice={expired ? CLIENT_ERROR_MESSAGES.SESSION_EXPIRED : undefined} />
      </main>
    </Flex>
  );
}
