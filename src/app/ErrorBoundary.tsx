import { Component, type ErrorInfo, type ReactNode } from 'react';
import { showPopup, showToast, TOAST_MS } from '../ui/surfaces';
import { i18n } from './i18n';

/** A render crash shows a toast with its message (spec 01 §8) and the error popup with Reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    showToast({ type: 'Error', message: error.message, durationMs: TOAST_MS.utility });
    showPopup({
      title: i18n.t('common:errors.defaultTitle'),
      message: i18n.t('common:errors.crashMessage'),
      reason: 'crash',
    });
  }

  render() {
    return this.state.crashed ? null : this.props.children;
  }
}
