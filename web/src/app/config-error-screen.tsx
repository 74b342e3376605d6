import { MessageScreen } from '@web/components/message-screen';
import { RuntimeConfigError } from '@web/lib/runtime-config';
import { Button } from 'antd';
import { UiProvider } from './provider';

/** Shown instead of the application when `/config.json` cannot be loaded or is not valid. */
export function ConfigErrorScreen({ error }: { error: unknown }) {
  return (
    <UiProvider>
      <MessageScreen
        title="No se ha podido cargar la configuración"
        description="La aplicación no puede arrancar sin su configuración. Comprueba tu conexión e inténtalo de nuevo; si el problema continúa, contacta con soporte."
        detail={error instanceof RuntimeConfigError ? error.message : undefined}
        action={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reintentar
          </Button>
        }
      />
    </UiProvider>
  );
}
