// The privacy page states the retention periods the server really uses: it reads the
// same shared constant the settings default to, and this test holds the page's words to the settings.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import PrivacyPage from '@/features/legal/PrivacyPage';

// Keys and a secret given, so loading the settings writes nothing to disk.
const config = loadConfig({ DATA_DIR: '/nonexistent-privacy-test', JWT_SECRET: 'x'.repeat(40), VAPID_PUBLIC_KEY: 'p', VAPID_PRIVATE_KEY: 'k' });

describe('the privacy page', () => {
  it('names every retention period the server uses by default, in the row it belongs to', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const row = (what: RegExp) => screen.getByRole('row', { name: what }).textContent ?? '';
    const r = config.retention;
    expect(row(/Contact messages and quote enquiries/)).toContain(`${r.messagesMonths} months`);
    expect(row(/Job applications and CVs/)).toContain(`${r.applicationClosedMonths} months after we close`);
    expect(row(/Job applications and CVs/)).toContain(`${r.applicationMonths} months after we receive`);
    expect(row(/of a closed account/)).toContain(`${r.closedAccountYears} years after closing`);
    expect(row(/^Timesheets/)).toContain(`${r.timesheetYears} years`);
    expect(row(/^Staff accounts/)).toContain(`${r.staffYears} years`);
    expect(row(/outgoing e-mail/)).toContain(`${r.outboxDays} days`);
    expect(row(/download link/)).toContain(`${r.exportLinkDays} days`);
    // Every period the server has is on the page.
    expect(Object.keys(r).sort()).toEqual([
      'applicationClosedMonths',
      'applicationMonths',
      'closedAccountYears',
      'exportLinkDays',
      'messagesMonths',
      'outboxDays',
      'staffYears',
      'timesheetYears',
    ]);
  });

  it('tells how to download a copy and how to close the account', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Download my data')).toBeTruthy();
    expect(screen.getByText('Close my account')).toBeTruthy();
  });
});
