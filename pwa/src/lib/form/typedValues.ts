// A pre-rendered form takes input before the app hydrates (on a slow phone that can be seconds): what
// was typed then is in the controls but not in the form's state, and React keeps it on screen while
// hydrating. This reads it back: each value key whose control (matched by `name`) holds something else.

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (el: unknown): el is Control => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** The values the form's controls hold that differ from `values` (text as text, a checkbox as a boolean). */
export function typedValues<V extends object>(form: HTMLFormElement, values: V): Partial<V> {
  const typed: Partial<V> = {};
  for (const [key, current] of Object.entries(values) as [keyof V & string, unknown][]) {
    const el = form.elements.namedItem(key);
    if (!isControl(el)) continue; // absent, or several controls share the name (radios): not taken over
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (typeof current === 'boolean' && el.checked !== current) typed[key] = el.checked as V[typeof key];
    } else if (typeof current === 'string' && !(el instanceof HTMLInputElement && el.type === 'file') && el.value !== current) {
      typed[key] = el.value as V[typeof key];
    }
  }
  return typed;
}
