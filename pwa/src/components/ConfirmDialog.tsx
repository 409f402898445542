import type { ReactNode } from 'react';
import { Modal } from './Modal';

interface ConfirmProps {
  open: boolean;
  title: string;
  question: string;
  detail?: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Fields the answer needs (e.g. the first visit's date and time), shown above the buttons. */
  children?: ReactNode;
}

/** A yes/no question in a modal, e.g. 'Are you sure you want to sign out?' with Cancel / Sign Out. */
export function ConfirmDialog({ open, title, question, detail, confirmLabel, danger, busy, onConfirm, onCancel, children }: ConfirmProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p className="confirm__question">{question}</p>
      {detail && <p className="muted">{detail}</p>}
      {children}
      <div className="actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
