import { Button } from './Button';

/** A list or panel that could not be loaded: what failed, and Try again (announced as an alert). */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => unknown;
}) {
  return (
    <div className="empty-state" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={() => void onRetry()}>
        {retryLabel}
      </Button>
    </div>
  );
}
