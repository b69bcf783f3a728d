import type { ComponentProps, ReactNode } from 'react';
import { translate } from '../../lib/i18n.ts';

/**
 * The one labelled form control of the shop: label, the control, then its message (an error,
 * else a hint). A text box is a `TextField`; any other control (a select, a set of radio
 * buttons) is passed in and spreads `controlProps(id, error, hint)`. `live`: the message line
 * is always there and announced as it changes (the order form's quantity messages, spec
 * section 5). `group`: the control is a set of choices; the label is the fieldset's legend.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  live = false,
  group = false,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  live?: boolean;
  group?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const message = error ? (
    <p
      id={`${id}-message`}
      className="mt-1 text-sm font-medium text-error"
      aria-live={live ? 'polite' : undefined}
    >
      {translate(error)}
    </p>
  ) : hint ? (
    <p
      id={`${id}-message`}
      className="mt-1 text-xs text-base-content/65"
      aria-live={live ? 'polite' : undefined}
    >
      {hint}
    </p>
  ) : live ? (
    <p id={`${id}-message`} className="mt-1 text-sm" aria-live="polite" />
  ) : null;
  if (group)
    return (
      <fieldset id={id} className={className} aria-describedby={describedBy(id, message)}>
        <legend className="mb-1 block text-sm font-medium">{label}</legend>
        {children}
        {message}
      </fieldset>
    );
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {message}
    </div>
  );
}

/** The `aria-describedby` of a control whose FormField shows a message (`shown` truthy). */
export const describedBy = (id: string, shown: unknown) => (shown ? `${id}-message` : undefined);

/** What the control inside a FormField carries: its id, whether it is invalid, and its message. */
export const controlProps = (id: string, error?: unknown, message?: unknown) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, error || message),
});

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  id: string;
  label: string;
  /** A message made in English (a schema's); shown in the page's language. */
  error?: string | null;
  hint?: ReactNode;
  live?: boolean;
  /** The field's place in the form's grid. */
  className?: string;
  /** A text area of this many rows instead of a one-line box. */
  rows?: number;
  /** Drawn beside the box (an image's preview). */
  aside?: ReactNode;
};

/**
 * A FormField with a text box (any `<input>` that is typed into, or a text area with `rows`):
 * `<TextField id={…} label={t.phone} error={errors.phone?.message} type="tel" {...register('phone')} />`.
 * A read-only box is shaded.
 */
export function TextField({
  id,
  label,
  error,
  hint,
  live,
  className,
  rows,
  aside,
  ...input
}: TextFieldProps) {
  const control = { ...input, ...controlProps(id, error, hint || live) };
  const tone = `${error ? 'input-error' : ''} ${input.readOnly ? 'bg-base-200' : ''}`;
  const box = rows ? (
    <textarea
      {...(control as ComponentProps<'textarea'>)}
      rows={rows}
      className={`textarea w-full ${error ? 'textarea-error' : ''}`}
    />
  ) : (
    <input {...control} className={`input w-full ${tone}`} />
  );
  return (
    <FormField id={id} label={label} error={error} hint={hint} live={live} className={className}>
      {aside ? (
        <div className="flex items-start gap-3">
          {box}
          {aside}
        </div>
      ) : (
        box
      )}
    </FormField>
  );
}
