// Accessible dialog (WCAG 2.2 AA): focus moves in and is trapped, everything else on the page is inert
// (not focusable, not read, not clickable) while it is open, Escape and the backdrop close it, and focus
// returns to where it was after.
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './Modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for size variants, e.g. 'modal--wide'. */
  className?: string;
  /** Hide the visible heading (it stays for screen readers). */
  hideTitle?: boolean;
  /** False for dialogs holding work (the booking wizard): a stray tap on the dimmed area must not lose it. */
  closeOnBackdrop?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Makes every other child of <body> inert (a dialog opened over this one makes this one inert in turn);
 * answers the undo, which touches only what it changed.
 */
function inertOthers(keep: Element): () => void {
  const changed = Array.from(document.body.children).filter((el) => el !== keep && !el.hasAttribute('inert'));
  for (const el of changed) el.setAttribute('inert', '');
  return () => {
    for (const el of changed) el.removeAttribute('inert');
  };
}

export function Modal({ open, title, onClose, children, className = '', hideTitle, closeOnBackdrop = true }: ModalProps) {
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const restore = backdropRef.current ? inertOthers(backdropRef.current) : () => undefined;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
      } else if (e.key === 'Tab' && dialog) {
        const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const [head, tail] = [items[0], items[items.length - 1]];
        if (e.shiftKey && document.activeElement === head) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && document.activeElement === tail) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      // The page is live again before focus goes back to it (an inert element cannot take focus).
      restore();
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div ref={backdropRef} className="modal-backdrop" onMouseDown={(e) => closeOnBackdrop && e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} className={`modal ${className}`} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <div className="modal__head">
          <h2 className={hideTitle ? 'visually-hidden' : 'modal__title'}>{title}</h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
