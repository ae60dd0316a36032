import type { AnchorHTMLAttributes, ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

/** `danger`: the action destroys or removes something (delete, revoke, deactivate). */
type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'md' | 'lg' | 'sm';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const buttonClass = ({ variant = 'primary', size = 'md' }: Look, extra?: string) =>
  ['btn', `btn--${variant}`, size !== 'md' && `btn--${size}`, extra].filter(Boolean).join(' ');

/** A native button. `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, className, type = 'button', ...rest }: ComponentPropsWithRef<'button'> & Look) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...rest} />;
}

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...rest }: LinkProps & Look) {
  return <Link className={buttonClass({ variant, size }, className)} {...rest} />;
}

/** A link to another site that looks like a button; opens in the same tab unless told otherwise. */
export function ExternalButtonLink({ variant, size, className, rel, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & Look) {
  return <a className={buttonClass({ variant, size }, className)} rel={rel ?? 'noopener noreferrer'} {...rest} />;
}
