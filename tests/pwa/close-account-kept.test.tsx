// The close-account confirmation says what stays for the accounts: visits done and any
// late-change charge stay, without the name, for the closed-account period (the server keeps them:
// tests/api/leftovers.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataRights } from '@/components/DataRights';
import { DATA_RIGHTS_MSG } from '@shared/messages-data-rights';
import { RETENTION_DEFAULTS } from '@shared/retention';
import { mockFetch, renderAt, signInAs } from './customer-render';

beforeEach(() => {
  signInAs();
  mockFetch(() => ({ status: 200, body: { success: true } }));
});
afterEach(() => vi.unstubAllGlobals());

describe('closing an account', () => {
  it('the confirmation says that what was charged stays on record, and for how long', async () => {
    const user = userEvent.setup();
    renderAt(<DataRights who="customer" />, '/profile');
    await user.click(await screen.findByRole('button', { name: DATA_RIGHTS_MSG.closeAccount }));
    const dialog = screen.getByRole('dialog', { name: DATA_RIGHTS_MSG.closeTitle });
    const kept = within(dialog).getByText(/what was charged/).textContent ?? '';
    expect(kept).toContain('visits done, late-change charges');
    expect(kept).toContain(`${RETENTION_DEFAULTS.closedAccountYears} years`);
  });
});
