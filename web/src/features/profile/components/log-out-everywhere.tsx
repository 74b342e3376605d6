import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import { useAuth } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { Button, Card, Popconfirm } from 'antd';
import { useLogOutAll } from '../api/log-out-all';

/**
 * 'Cerrar sesión en todos los dispositivos' (issue #12 item 3): for a lost phone or a shared
 * computer left signed in. The server ends every session, this one included, so this tab signs out
 * too and the login page follows.
 */
export function LogOutEverywhere() {
  const logOutAll = useLogOutAll();
  const { signOut } = useAuth();

  const run = () =>
    logOutAll.mutateAsync().then(
      (result) => {
        toast.success(result.message);
        void signOut();
      },
      (error) => toast.fromError(error, { title: 'No se ha podido cerrar sesión en todos los dispositivos' }),
    );

  return (
    <Card title="Sesiones">
      <p style={{ marginTop: 0 }}>
        Si has iniciado sesión en un dispositivo que ya no controlas, cierra todas tus sesiones. Tendrás que
        volver a iniciar sesión en cada dispositivo, también en este.
      </p>
      <Popconfirm
        title="¿Cerrar sesión en todos los dispositivos?"
        description="Se cerrarán todas tus sesiones, también esta."
        okText="Cerrar sesiones"
        cancelText="No"
        onConfirm={run}
      >
        <Button danger icon={<LogoutOutlined />} loading={logOutAll.isPending}>
          Cerrar sesión en todos los dispositivos
        </Button>
      </Popconfirm>
    </Card>
  );
}
