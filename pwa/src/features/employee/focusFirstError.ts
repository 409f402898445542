/**
 * After a refused submit, move focus (and so the scroll position, also inside a tall modal on a
 * phone) to the first field marked invalid, once React has rendered the messages.
 */
export function focusFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
