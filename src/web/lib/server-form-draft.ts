/**
 * What a visitor did to a form the server drew before the app drew its own over it (the
 * products page's search form, docs/decisions/021). The app replaces the server's HTML when
 * it first renders, and with it whatever was typed there; on a slow phone that can be a whole
 * search. `watchServerForm` starts following the form just before that render (which runs in
 * slices, so the visitor can go on typing meanwhile); the page drawing the same form takes the
 * draft with `takeFormDraft` as it first appears and puts it back.
 */
export interface FormDraft {
  /** The fields the visitor changed, by name: text as typed, a choice as its value ('' for none). */
  values: Record<string, string>;
  /** The name of the field that had the focus, if it was one of the form's. */
  focused: string | null;
}

interface Watched {
  form: HTMLFormElement;
  /** The form's field in use, followed by its focus events until the form is replaced. */
  focused: string | null;
  stop(): void;
}

let watched: Watched | null = null;

const nameOfField = (element: unknown) =>
  (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.name
    ? element.name
    : null;

/** Follows the server-drawn search form inside `root`, if there is one, until it is taken. */
export function watchServerForm(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form[role="search"]');
  if (!form) return;
  const active = document.activeElement;
  const state: Watched = {
    form,
    focused: active && form.contains(active) ? nameOfField(active) : null,
    stop: () => {
      form.removeEventListener('focusin', onFocusIn);
      form.removeEventListener('focusout', onFocusOut);
    },
  };
  const onFocusIn = (event: FocusEvent) => {
    state.focused = nameOfField(event.target);
  };
  // Focus leaves the form when the visitor moves on, and when the app removes the form; only
  // the first is a choice. The removal is done by the time a microtask runs.
  const onFocusOut = () =>
    queueMicrotask(() => {
      if (form.isConnected && !form.contains(document.activeElement)) state.focused = null;
    });
  form.addEventListener('focusin', onFocusIn);
  form.addEventListener('focusout', onFocusOut);
  watched?.stop();
  watched = state;
}

/** The fields of `form` that differ from what the server drew. */
function changedValues(form: HTMLFormElement): Record<string, string> {
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
  return values;
}

/**
 * The draft of the watched form, once: read when taken, so it holds everything done to the form
 * until the app replaced it (a removed form keeps its fields' values). A later visit to the page
 * starts from its address alone.
 */
export function takeFormDraft(): FormDraft | null {
  if (!watched) return null;
  const { form, focused, stop } = watched;
  stop();
  watched = null;
  const values = changedValues(form);
  return Object.keys(values).length > 0 || focused ? { values, focused } : null;
}
