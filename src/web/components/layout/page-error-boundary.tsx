import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button';

type Props = { children: ReactNode };
type State = { error: Error | null };

/**
 * Catches a page that throws while rendering or whose chunk fails to download (for example after a
 * new version was deployed), so the header and footer stay usable and the user can reload.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <TriangleExclamationPoint aria-hidden="true" className="size-10 text-orange-400" />
        <h1 className="mt-4 text-2xl font-semibold text-white">This page could not be shown</h1>
        <p className="mt-2 text-slate-400">{this.state.error.message}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Reload
        </Button>
      </div>
    );
  }
}
