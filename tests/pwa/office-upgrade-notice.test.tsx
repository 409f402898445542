// The office home while a new release upgrades the data: the readiness probe's words, announced as a
// status, and what comes back when it is done.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UPGRADE_MSG } from '@shared/messages-upgrade';
import { UpgradeNotice } from '@/features/office/home/UpgradeNotice';

describe('UpgradeNotice', () => {
  it('says how far the upgrade is, as a status, and what waits for it', () => {
    render(<UpgradeNotice upgrading={{ percent: 40, message: UPGRADE_MSG.progress(40) }} />);
    expect(screen.getByRole('status').textContent).toBe('Upgrading your data: 40 %');
    expect(screen.getByText(UPGRADE_MSG.officeNote)).toBeTruthy();
  });
});
