/** A loading indicator; `label` is read by screen readers (and shown when `showLabel`). */
export function Spinner({ label = 'Loading…', showLabel = false, size = 'md' }: { label?: string; showLabel?: boolean; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span role="status" className={`spinner spinner--${size}`}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'sr-only'}>{label}</span>
    </span>
  );
}
