import { CrashScreen, crashDetail } from '@web/components/crash-screen';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Around the routes: a page that fails to render (or whose code cannot be downloaded) shows the
 * crash screen; going to another address (the browser's back button) tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <RouteErrorCatcher locationKey={location.key}>{children}</RouteErrorCatcher>;
}

interface Props {
  locationKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  locationKey: string;
}

class RouteErrorCatcher extends Component<Props, State> {
  override state: State = { error: null, failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A navigation clears the error, as react-router's own error boundary does.
    return props.locationKey === state.locationKey
      ? null
      : { error: null, failed: false, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Cuadra: a route crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen detail={crashDetail(this.state.error)} /> : this.props.children;
  }
}
