/**
 * Shown while a route's code or the session is loading. A CSS spinner (index.html defines
 * `.cuadra-spinner`) rather than antd's Spin, which the login page would otherwise download first.
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <span className="cuadra-spinner" role="status" aria-label="Cargando" />
    </div>
  );
}
