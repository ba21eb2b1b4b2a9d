import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorScreen } from './error-screen.tsx';

interface Props {
  children: ReactNode;
  /** Changes with the route: leaving the broken page clears the error. */
  resetKey: string;
  onGoToDashboard: () => void;
}

class Boundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorScreen
        onRetry={this.reset}
        onGoToDashboard={() => {
          this.props.onGoToDashboard();
          this.reset();
        }}
        onReload={() => window.location.reload()}
      />
    );
  }
}

/** The error boundary around the routes (inside the router, so it can navigate). */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} onGoToDashboard={() => navigate('/dashboard')}>
      {children}
    </Boundary>
  );
}
