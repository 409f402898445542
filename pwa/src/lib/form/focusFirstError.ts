/**
 * After a refused submit, move focus (and so the scroll position, also inside a tall modal on a phone)
 * to the first field marked invalid. useForm calls it once React has rendered the messages.
 */
export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
