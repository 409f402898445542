// The one dialog shell of a record's form (RecordModal over Modal), as the "Couldn't get in" dialog uses
// it: WCAG 2.2 AA — aria-modal, the rest of the page inert while it is open, keyboard focus moved in,
// trapped (Tab and Shift+Tab wrap), and returned to the control that opened it; a new record, a new form.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHARGE_MSG as C } from '@shared/messages-charges';
import type { VisitDto } from '@shared/schemas/visits';
import { LockoutDialog } from '@/features/employee/visits/LockoutDialog';

const visit = (id: string) => ({ id, start: '2026-12-01T10:00:00.000Z', state: 'scheduled', reference: 'SC-1', booking_id: 'b1' }) as unknown as VisitDto;

function Page({ onSend }: { onSend: (v: VisitDto, note: string) => void; }) {
  const [open, setOpen] = useState<VisitDto | null>(null);
  return (
    <main>
      <button type="button" onClick={() => setOpen(visit('v1'))}>
        Open one
      </button>
      <button type="button" onClick={() => setOpen(visit('v2'))}>
        Open two
      </button>
      <LockoutDialog visit={open} busy={false} onSend={onSend} onClose={() => setOpen(null)} />
    </main>
  );
}

describe('RecordModal (the "Couldn\'t get in" dialog)', () => {
  it('is modal: the page behind inert, focus in and trapped, Escape closes, focus returns, the page live again', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page onSend={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Open one' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: C.lockoutTitle });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // The app's root (everything but the dialog) is inert: not focusable, not read, not clickable.
    expect(container.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
    expect(dialog.contains(document.activeElement)).toBe(true);

    const inside = Array.from(dialog.querySelectorAll<HTMLElement>('button, textarea'));
    const [first, last] = [inside[0], inside[inside.length - 1]];
    last.focus();
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('each record gets a fresh form; the note is sent with its visit', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Page onSend={onSend} />);
    await user.click(screen.getByRole('button', { name: 'Open one' }));
    await user.type(screen.getByLabelText(C.lockoutNote), 'Nobody home');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Open two' }));
    expect((screen.getByLabelText(C.lockoutNote) as HTMLTextAreaElement).value).toBe('');
    await user.type(screen.getByLabelText(C.lockoutNote), 'Key safe broken');
    await user.click(screen.getByRole('button', { name: C.lockoutSend }));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ id: 'v2' }), 'Key safe broken');
  });
});
