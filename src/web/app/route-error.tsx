import { Component, type ErrorInfo, type ReactNode } from 'react';
import { paths } from '../../shared/paths.ts';
import { addressIn, getLocale, t } from '../lib/i18n.ts';

interface Props {
  children: ReactNode;
  /** Changing this (the pathname) clears a shown error, so navigating away recovers. */
  resetKey: string;
}

/** Shown when a page fails to load or render (for instance a chunk missing after a deploy). */
export class RouteErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-2xl font-bold">{t.pageFailed}</h1>
        <p>{this.state.error.message}</p>
        <div className="flex gap-2">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t.reload}
          </button>
          <a href={addressIn(getLocale(), paths.root)} className="btn">
            {t.goHome}
          </a>
        </div>
      </div>
    );
  }
}
