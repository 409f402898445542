// One global toast container: any screen calls useToast().show(text, kind, ms).
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { DELAY } from '@shared/constants';

type Kind = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  text: string;
  kind: Kind;
}
interface ToastApi {
  show(text: string, kind?: Kind, ms?: number): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });

export function ToastProvider({ children }: { children: ReactNode; }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (text: string, kind: Kind = 'info', ms: number = DELAY.toastDefaultMs) => {
      const id = nextId.current++;
      setItems((list) => [...list, { id, text, kind }]);
      setTimeout(() => dismiss(id), ms);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {items.map((t) => (
          <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
            <span>{t.text}</span>
            <button type="button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
