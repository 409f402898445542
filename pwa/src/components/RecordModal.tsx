// The dialog shell of a form about one record (a visit, a booking): open while there is a record, its
// content made anew for each record (keyed by id), so each opening starts with an empty form. Modal
// gives the rest: focus in and trapped, the page behind inert, focus back after.
import { Fragment, type ReactNode } from 'react';
import { Modal } from './Modal';

interface Props<T extends { id: string; }> {
  record: T | null;
  title: string;
  onClose: () => void;
  children: (record: T) => ReactNode;
}

export function RecordModal<T extends { id: string; }>({ record, title, onClose, children }: Props<T>) {
  return (
    <Modal open={record !== null} title={title} onClose={onClose}>
      {record && <Fragment key={record.id}>{children(record)}</Fragment>}
    </Modal>
  );
}
