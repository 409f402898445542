// The office lists' pager: an exact total reads as before; a total counted up to its cap reads
// "more than 1,000 in all", "Page 1 of 50+", and Next stays on past the pages the cap shows.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Pager } from '@/features/office/ui';

describe('Pager', () => {
  it('shows an exact total and stops at the last page', () => {
    const { container } = render(<Pager paged={{ page: 5, limit: 20, total: 93 }} onPage={() => {}} />);
    expect(container.querySelector('span')!.textContent).toBe('Page 5 of 5 · 93 in all');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a capped total is a lower bound and lets the office page on past it', () => {
    const onPage = vi.fn();
    const { container } = render(<Pager paged={{ page: 50, limit: 20, total: 1000, total_capped: true }} onPage={onPage} />);
    expect(container.querySelector('span')!.textContent).toBe('Page 50 of 50+ · more than 1,000 in all');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(51);
  });
});
