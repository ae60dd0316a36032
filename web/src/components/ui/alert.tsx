import type { ReactNode } from 'react';

export type AlertSeverity = 'error' | 'warning' | 'info' | 'success';

export interface AlertProps {
  severity: AlertSeverity;
  title?: ReactNode;
  children?: ReactNode;
  /** Technical details (a stack) behind a 'show details' toggle. */
  details?: string;
  className?: string;
}

const icons: Record<AlertSeverity, string> = { error: '!', warning: '!', info: 'i', success: '✓' };

/**
 * A message box in one of four severities. Errors and warnings are announced at once
 * (role="alert"); info and success politely (role="status").
 */
export function Alert({ severity, title, children, details, className }: AlertProps) {
  const urgent = severity === 'error' || severity === 'warning';
  return (
    <div role={urgent ? 'alert' : 'status'} className={['alert', `alert--${severity}`, className].filter(Boolean).join(' ')}>
      <span className="alert__icon" aria-hidden="true">
        {icons[severity]}
      </span>
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children && <div className="alert__message">{children}</div>}
        {details && (
          <details className="alert__details">
            <summary>show details</summary>
            <pre>{details}</pre>
          </details>
        )}
      </div>
    </div>
  );
}
