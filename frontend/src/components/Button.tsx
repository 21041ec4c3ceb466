import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'quietDanger' | 'light';
type Size = 'sm' | 'md' | 'lg';

interface Look {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

function classes({ variant = 'primary', size = 'md', block }: Look, extra?: string) {
  return [styles.button, styles[variant], styles[size], block && styles.block, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /** While true the button is disabled and reads `busyText` (the spec's 'Sending...'). */
  busy?: boolean;
  busyText?: string;
  icon?: ReactNode;
}

export function Button({ variant, size, block, busy, busyText, icon, className, children, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={rest.disabled || busy}
      aria-busy={busy || undefined}
      className={classes({ variant, size, block }, className)}
    >
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      {busy && busyText ? busyText : children}
    </button>
  );
}

/** A link that looks like a button: for moving somewhere, not for doing something. */
export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & Look) {
  return <Link {...rest} className={classes({ variant, size, block }, className)} />;
}

export function ExternalButtonLink({
  variant,
  size,
  block,
  className,
  children,
  ...rest
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & Look) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest} className={classes({ variant, size, block }, className)}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** A link to a file the browser saves (an export) rather than opens. */
export function DownloadButtonLink({
  variant,
  size,
  block,
  className,
  ...rest
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & Look) {
  return <a download {...rest} className={classes({ variant, size, block }, className)} />;
}
