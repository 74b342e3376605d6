import { Button } from 'antd';
import { MessageScreen } from './message-screen';

export const CRASH_TITLE = 'Algo salió mal';
export const CRASH_DESCRIPTION = 'Ha ocurrido un error inesperado. Por favor, recarga la página.';

/** The crash screen (spec part 1 §8, part 3 §2): the error's message and 'Recargar página'. */
export function CrashScreen({ detail, onReload }: { detail?: string; onReload?: () => void }) {
  return (
    <MessageScreen
      title={CRASH_TITLE}
      description={CRASH_DESCRIPTION}
      detail={detail}
      action={
        <Button type="primary" onClick={onReload ?? (() => window.location.reload())}>
          Recargar página
        </Button>
      }
    />
  );
}

/** The message of whatever was thrown, for the crash screen. */
export function crashDetail(error: unknown): string | undefined {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return undefined;
}
