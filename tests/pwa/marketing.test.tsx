// Marketing pages: home (stats, postcode → wizard, story video, map offline fallback), services, 404.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HomePage from '@/features/marketing/HomePage';
import ServicesPage from '@/features/marketing/ServicesPage';
import NotFoundPage from '@/features/marketing/NotFoundPage';
import { VideoModal } from '@/features/marketing/VideoModal';
import { LocationMap } from '@/components/LocationMap';
import { mockFetch, renderAt } from './customer-render';
import { bookingDraft } from '@/lib/session';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('shows the hero, Get Free Quote to /enquiry, contact details and the four stats', () => {
    mockFetch(() => ({ status: 404 }));
    renderAt(<HomePage />, '/');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Free Quote' }).getAttribute('href')).toBe('/enquiry');
    const stats = screen.getByRole('list', { name: 'Our numbers' });
    const text = stats.textContent!;
    for (const s of ['2500+', '98%', '24h', '2020']) expect(text).toContain(s);
    expect(screen.getAllByRole('link', { name: '020 7946 0321' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'hello@sparkleclean.co.uk' }).length).toBeGreaterThan(0);
    expect(document.querySelectorAll('script').length).toBe(0);
  });

  it('shows no reviews of its own making: the reviews section links to the real review page when one is configured', () => {
    mockFetch(() => ({ status: 404 }));
    vi.stubEnv('VITE_REVIEWS_URL', '');
    const { unmount } = renderAt(<HomePage />, '/');
    expect(screen.queryByRole('heading', { name: 'What our customers say' })).toBeNull();
    expect(document.querySelector('blockquote')).toBeNull();
    unmount();
    vi.stubEnv('VITE_REVIEWS_URL', 'https://www.trustpilot.com/review/sparkleclean.example');
    try {
      renderAt(<HomePage />, '/');
      expect(screen.getByRole('heading', { name: 'What our customers say' })).toBeTruthy();
      const link = screen.getByRole('link', { name: 'Read our reviews' });
      expect(link.getAttribute('href')).toBe('https://www.trustpilot.com/review/sparkleclean.example');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('takes the postcode as written (spaces kept, upper-cased, at most 8 letters and digits) and opens the wizard with it', async () => {
    mockFetch(() => ({ status: 404 }));
    const { router } = renderAt(<HomePage />, '/');
    const user = userEvent.setup();
    const postcode = screen.getByLabelText('Your postcode') as HTMLInputElement;
    expect(postcode.placeholder).toBe('e.g. SW1A 1AA');
    await user.type(postcode, 'sw1a-1aa 12345');
    expect(postcode.value).toBe('SW1A1AA 1');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    // The layout's wizard opens on `?book`, starting from the draft that now holds the postcode.
    expect(new URLSearchParams(router.state.location.search).has('book')).toBe(true);
    expect(bookingDraft.read()?.answers.postcode).toBe('SW1A1AA 1');
  });

  it('opens Watch Our Story in a modal that Escape closes; no video iframe before that', async () => {
    mockFetch(() => ({ status: 404 }));
    renderAt(<HomePage />, '/');
    const user = userEvent.setup();
    expect(document.querySelector('iframe[src*="youtube"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Watch Our Story/ }));
    expect(await screen.findByRole('dialog', { name: 'Our Story' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Our Story' })).toBeNull();
  });
});

describe('story video modal', () => {
  it('loads the privacy-enhanced YouTube player when open and online', () => {
    render(<VideoModal open videoId="abc123" onClose={() => {}} />);
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123\?/);
  });

  it('shows a friendly message instead of the player when offline', () => {
    setOnline(false);
    render(<VideoModal open videoId="abc123" onClose={() => {}} />);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText(/You are offline, so the video cannot play/)).toBeTruthy();
  });
});

describe('location map', () => {
  it('is a lazy Google Maps embed online and an address card offline, switching on the events', () => {
    render(<LocationMap />);
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.google\.com\/maps\?q=/);
    expect(frame.getAttribute('loading')).toBe('lazy');
    setOnline(false);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('12 Market Street, London, EC1A 1BB')).toBeTruthy();
    setOnline(true);
    expect(document.querySelector('iframe')).not.toBeNull();
  });
});

describe('services and not found', () => {
  it('shows the four services, each linking to /enquiry', () => {
    renderAt(<ServicesPage />, '/services');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Regular Domestic Cleaners', 'Office and Commercial Cleaning', 'Specialized Cleaning', 'Professional Training']);
    // Each accessible name starts with the visible text (WCAG 2.5.3 label in name).
    const links = screen.getAllByRole('link', { name: /^Enquire now about / });
    expect(links).toHaveLength(4);
    for (const l of links) expect(l.getAttribute('href')).toBe('/enquiry');
    const book = screen.getAllByRole('link', { name: /^Book a clean: / });
    expect(book).toHaveLength(4);
    for (const l of book) expect(l.getAttribute('href')).toBe('/services?book');
    expect(document.title).toBe('Our services — SparkleClean');
  });

  it('says 404 and links home', () => {
    renderAt(<NotFoundPage />, '/no-such-page', '*');
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('/no-such-page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
