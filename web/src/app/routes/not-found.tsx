import { MessageScreen } from '@web/components/message-screen';
import { paths } from '@web/lib/paths';
import { Button } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

export default function NotFoundRoute() {
  const navigate = useNavigate();
  // Under /app the page sits inside the application's frame and leads back to the dashboard.
  const inApp = useLocation().pathname.startsWith(paths.app.root);
  return (
    <MessageScreen
      fullScreen={!inApp}
      title="Página no encontrada"
      description="La página que buscas no existe o se ha movido."
      action={
        <Button type="primary" onClick={() => navigate(inApp ? paths.app.dashboard : paths.home)}>
          {inApp ? 'Volver al panel' : 'Volver al inicio'}
        </Button>
      }
    />
  );
}
