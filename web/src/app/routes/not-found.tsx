import { paths } from '@web/lib/paths';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MessageScreen } from '../message-screen';

export default function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <MessageScreen
      title="Página no encontrada"
      description="La página que buscas no existe o se ha movido."
      action={
        <Button type="primary" onClick={() => navigate(paths.home)}>
          Volver al inicio
        </Button>
      }
    />
  );
}
