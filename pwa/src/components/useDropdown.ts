// A dropdown menu's open state and keyboard/mouse behaviour, shared by the customer and employee menus.
import { useEffect, useRef, useState } from 'react';

/**
 * Open/closed state for a menu inside `rootRef`, toggled by `buttonRef`. While open: a click outside
 * or Escape closes it (Escape puts focus back on the button); items with role="menuitem" get focus,
 * the first one on opening, and ArrowDown/ArrowUp move between them.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    items()[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLElement);
        if (at === -1) return;
        e.preventDefault();
        list[(at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length].focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return { open, close: () => setOpen(false), toggle: () => setOpen((o) => !o), rootRef, buttonRef };
}
