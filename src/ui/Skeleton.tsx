/** Grey placeholders shown while content loads; hidden from assistive technology. */
export function Skeleton({
  width,
  height = 16,
  radius = 6,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
}) {
  return (
    <span
      className="skeleton"
      aria-hidden="true"
      style={{ width: width ?? '100%', height, borderRadius: radius }}
    />
  );
}

export function SkeletonCards({ count, label }: { count: number; label: string }) {
  return (
    <div className="card-grid" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div className="card card--skeleton" key={i} data-testid="skeleton-card">
          <Skeleton width={40} height={40} radius={10} />
          <Skeleton width="70%" />
          <Skeleton width="90%" height={12} />
        </div>
      ))}
    </div>
  );
}

export function SkeletonRows({ count, label }: { count: number; label: string }) {
  return (
    <div className="skeleton-rows" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={44} />
      ))}
    </div>
  );
}
