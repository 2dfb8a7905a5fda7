import { Component, type ReactNode } from 'react';
import { dashboardErrorText } from '../../domain/admin/lists.ts';

type Props = { children: ReactNode };
type State = { message: string | null };

/**
 * Catches a render error anywhere in the dashboard (spec section 2) so one broken part shows the
 * spec's message instead of a blank page. React needs a class for this; React itself logs the error.
 */
export default class ErrorBoundary extends Component<Props, State> {
  override state: State = { message: null };

  static getDerivedStateFromError(error: unknown): State {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    if (this.state.message === null) return this.props.children;
    return (
      <div className="grid gap-3 rounded-card border border-danger p-4">
        <p role="alert" className="font-semibold text-danger">
          {dashboardErrorText(this.state.message)}
        </p>
        <button
          type="button"
          onClick={() => this.setState({ message: null })}
          className="min-h-11 w-fit rounded-full border border-line px-5 font-semibold text-ink hover:bg-mist"
        >
          Δοκιμάστε ξανά
        </button>
      </div>
    );
  }
}
