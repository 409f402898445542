// Career with a CV: the request the page hands to the outbox (multipart parts, the CV as a file part).
// The outbox is replaced here because jsdom's File does not survive fake-indexeddb's structured clone
// (a real browser keeps Blobs in IndexedDB; tests/e2e/forms.test.ts sends a real PDF end to end).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@shared/messages';
import { requestOf, type StoredRequest } from '@/lib/outbox/store';
import CareerPage from '@/features/forms/CareerPage';
import { renderAt } from './customer-render';

const requests: StoredRequest[] = [];
vi.mock('@/lib/outbox/submit', () => ({
  submit: vi.fn(async (spec: Parameters<typeof requestOf>[0], input: unknown) => {
    requests.push(requestOf(spec, input));
    return { status: 'sent', body: { success: true, message: MSG.careerSent } };
  }),
}));

afterEach(() => {
  requests.length = 0;
});

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe('career form with a CV', () => {
  it('hands the outbox a multipart career request with the CV as a file part, then clears', async () => {
    renderAt(<CareerPage />, '/career');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Cleo');
    await user.type(screen.getByLabelText('Email'), 'Cleo@Example.com');
    await user.selectOptions(screen.getByLabelText('Position'), 'Supervisor');
    const cv = new File(['%PDF-1.4 test'], 'my-cv.pdf', { type: 'application/pdf' });
    await user.upload(input('cv'), cv);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(MSG.careerSent)).toBeTruthy();
    expect(requests).toHaveLength(1);
    const req = requests[0];
    expect(req).toMatchObject({ kind: 'career', path: '/api/career', auth: 'none' });
    expect(req.json).toBeUndefined();
    expect(req.form).toEqual([
      { name: 'name', value: 'Cleo' },
      { name: 'email', value: 'cleo@example.com' },
      { name: 'position', value: 'Supervisor' },
      { name: 'cv', file: cv, filename: 'my-cv.pdf' },
    ]);
    expect(input('name').value).toBe('');
    await waitFor(() => expect(input('cv').files?.length ?? 0).toBe(0));
  });

  it('sends without a CV when none is chosen (the CV is optional)', async () => {
    renderAt(<CareerPage />, '/career');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Dan');
    await user.type(screen.getByLabelText('Email'), 'dan@example.com');
    await user.selectOptions(screen.getByLabelText('Position'), 'Cleaner');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(MSG.careerSent)).toBeTruthy();
    expect(requests[0].form!.some((p) => p.name === 'cv')).toBe(false);
  });
});
