import { Flex, Spin } from 'antd';

/** Shown while a route's code or the session is loading. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 240 }}>
      <Spin size="large" aria-label="Cargando" />
    </Flex>
  );
}
