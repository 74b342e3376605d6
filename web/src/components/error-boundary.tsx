import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen, crashDetail } from './crash-screen';

interface Props {
  children: ReactNode;
  /** What to render instead of the crash screen (tests, small widgets). */
  fallback?: (error: unknown) => ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * The top-level boundary: an error thrown while rendering outside the router's own error element
 * (the providers, the cookie banner) shows the crash screen instead of a blank page.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Cuadra crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback?.(this.state.error) ?? <CrashScreen detail={crashDetail(this.state.error)} />;
  }
}
