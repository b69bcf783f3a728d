/**
 * What a visitor did to a form the server drew before the app drew its own over it (the
 * products page's search form, docs/decisions/021). The app replaces the server's HTML when
 * it first renders, and with it whatever was typed there; on a slow phone that can be a whole
 * search. `captureFormDraft` reads the changes just before that render, and the page drawing
 * the same form takes them with `takeFormDraft` and puts them back.
 */
export interface FormDraft {
  /** The fields the visitor changed, by name: text as typed, a choice as its value ('' for none). */
  values: Record<string, string>;
  /** The name of the field that had the focus, if it was one of the form's. */
  focused: string | null;
}

let captured: FormDraft | null = null;

/** Reads the changed fields of the server-drawn search form inside `root`, if there is one. */
export function captureFormDraft(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form[role="search"]');
  if (!form) return;
  const values: Record<string, string> = {};
  for (const field of Array.from(form.elements)) {
    if (field instanceof HTMLInputElement && field.name) {
      if (field.type === 'checkbox') {
        if (field.checked !== field.defaultChecked) values[field.name] = field.checked ? field.value : '';
      } else if (field.value !== field.defaultValue) values[field.name] = field.value;
    } else if (field instanceof HTMLSelectElement && field.name) {
      const initial = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0];
      if (field.value !== (initial?.value ?? '')) values[field.name] = field.value;
    }
  }
  const active = document.activeElement;
  const focused =
    (active instanceof HTMLInputElement || active instanceof HTMLSelectElement) && form.contains(active)
      ? active.name || null
      : null;
  if (Object.keys(values).length > 0 || focused) captured = { values, focused };
}

/** The captured draft, once: a later visit to the page starts from its address alone. */
export function takeFormDraft(): FormDraft | null {
  const draft = captured;
  captured = null;
  return draft;
}
