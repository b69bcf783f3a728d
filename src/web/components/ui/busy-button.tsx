import type { ButtonHTMLAttributes } from 'react';

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The button's own action is running: it shows a spinner and takes no second click. */
  busy: boolean;
};

/**
 * The shop's action button (daisyUI `btn`): a form's submit by default. While its action runs it
 * shows a spinner and is disabled, so a slow phone connection cannot send the action twice;
 * `disabled` adds other reasons (another action of the form is running, the page is not ready).
 */
export function BusyButton({
  busy,
  disabled,
  className = 'btn-primary',
  type = 'submit',
  children,
  ...rest
}: BusyButtonProps) {
  return (
    <button type={type} className={`btn ${className}`} disabled={busy || disabled} aria-busy={busy} {...rest}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
