// Catches render failures outside the router's own boundaries (spec §8 'Render failure').
import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface Props {
  showDetails: boolean;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error !== null) return <ErrorScreen error={this.state.error} showDetails={this.props.showDetails} />;
    return this.props.children;
  }
}
