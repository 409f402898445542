// Public forms: required-field validation with the shared schemas' messages, and the sent / saved
// offline / failed displays, through the real outbox (fake IndexedDB) and a scripted fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';
import ContactPage from '@/features/forms/ContactPage';
import EnquiryPage from '@/features/forms/EnquiryPage';
import CareerPage from '@/features/forms/CareerPage';
import { cvProblem, toEnquiryInput, EMPTY_ENQUIRY } from '@/features/forms/formValues';
import { db } from '@/lib/db';
import { mockFetch, renderAt } from './customer-render';

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;

describe('contact form', () => {
  it('requires name, email and message, and sends nothing until they are valid', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true, message: MSG.contactSent } }));
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    // Validation loads on first input or submit: the errors follow it.
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText(MSG.emailRequired)).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    await user.type(field('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(calls.length).toBe(0);
  });

  it('sends, shows the success text and clears the form', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true, message: MSG.contactSent } }));
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'Please call me back.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.contactSent)).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/contact', body: { name: 'Ada', email: 'ada@example.com', message: 'Please call me back.' } });
    expect(calls[0].body).not.toHaveProperty('phone');
    expect(input('name').value).toBe('');
    expect(input('message').value).toBe('');
  });

  it('keeps the message for later when offline, and says so', async () => {
    mockFetch(() => 'network');
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'Offline hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.savedOffline)).toBeTruthy();
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'contact', path: '/api/contact' });
  });

  it('still reaches the outbox when the browser reports offline (the mutation is not paused)', async () => {
    mockFetch(() => 'network');
    onlineManager.setOnline(false);
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'Sent from a train');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.savedOffline)).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
  });

  it("shows 'Something went wrong. Please try again.' when the server refuses it", async () => {
    mockFetch(() => ({ status: 400, body: { success: false, message: API_MSG.validationFailed, errors: { email: 'Blocked address' } } }));
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.contactFailed)).toBeTruthy();
    expect(screen.getByText('Blocked address')).toBeTruthy();
    expect(input('name').value).toBe('Ada');
  });
});

describe('enquiry form', () => {
  it('converts number inputs: blank → left out, text → number', () => {
    const out = toEnquiryInput({ ...EMPTY_ENQUIRY, name: 'A', bedrooms: '3', hours: '2.5', appliances: '', consent: true });
    expect(out).toEqual({ name: 'A', bedrooms: 3, hours: 2.5, consent: true });
  });

  it('requires name, email, service and consent, and refuses negative numbers', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true } }));
    renderAt(<EnquiryPage />, '/enquiry');
    const user = userEvent.setup();
    await user.type(field('Bedrooms'), '-1');
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText(MSG.emailRequired)).toBeTruthy();
    expect(screen.getByText('Please choose a service')).toBeTruthy();
    expect(screen.getByText('Please give your consent so we can contact you')).toBeTruthy();
    expect(screen.getByText('Must be 0 or more')).toBeTruthy();
    expect(input('bedrooms').getAttribute('min')).toBe('0');
    expect(calls.length).toBe(0);
  });

  it('sends every field with numbers as numbers, shows the success message and clears', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true, message: MSG.enquirySent } }));
    renderAt(<EnquiryPage />, '/enquiry');
    const user = userEvent.setup();
    await user.type(field('Name'), 'Bob');
    await user.type(field('Email'), 'bob@example.com');
    await user.selectOptions(field('Service'), 'Deep Cleaning');
    await user.type(field('Postcode'), 'sw1a 1aa!');
    expect(input('postcode').value).toBe('SW1A1AA');
    await user.type(field('Bedrooms'), '3');
    await user.type(field('Hours per visit'), '2.5');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    expect(await screen.findByText(MSG.enquirySent)).toBeTruthy();
    expect(calls[0].body).toEqual({
      name: 'Bob',
      email: 'bob@example.com',
      service: 'Deep Cleaning',
      postcode: 'SW1A1AA',
      bedrooms: 3,
      hours: 2.5,
      consent: true,
    });
    expect(input('name').value).toBe('');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('shows the enquiry failure alert text when the server refuses it', async () => {
    mockFetch(() => ({ status: 400, body: { success: false, message: API_MSG.validationFailed } }));
    renderAt(<EnquiryPage />, '/enquiry');
    const user = userEvent.setup();
    await user.type(field('Name'), 'Bob');
    await user.type(field('Email'), 'bob@example.com');
    await user.selectOptions(field('Service'), 'Other');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    expect(await screen.findByText(MSG.enquiryFailed)).toBeTruthy();
  });
});

describe('career form', () => {
  const pdf = () => new File(['%PDF-1.4 test'], 'cv.pdf', { type: 'application/pdf' });

  it('checks the CV by extension and size', () => {
    expect(cvProblem(undefined)).toBeUndefined();
    expect(cvProblem(pdf())).toBeUndefined();
    expect(cvProblem(new File(['x'], 'CV.DOCX'))).toBeUndefined();
    expect(cvProblem(new File(['x'], 'cv.txt'))).toBe(MSG.cvWrongType);
    const big = new File(['x'], 'cv.pdf');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    expect(cvProblem(big)).toMatch(/too large/);
  });

  it('requires name, email and position, and refuses a CV of the wrong type', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true } }));
    renderAt(<CareerPage />, '/career');
    const user = userEvent.setup({ applyAccept: false });
    expect(input('cv').getAttribute('accept')).toBe('.pdf,.doc,.docx');
    await user.upload(input('cv'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText(MSG.emailRequired)).toBeTruthy();
    expect(screen.getByText('Please choose a position')).toBeTruthy();
    expect(screen.getByText(MSG.cvWrongType)).toBeTruthy();
    expect(calls.length).toBe(0);
  });

  it("shows 'Failed to submit application' when refused and the saved-offline text when offline", async () => {
    let mode: 'refuse' | 'offline' = 'refuse';
    mockFetch(() => (mode === 'refuse' ? { status: 400, body: { success: false } } : 'network'));
    renderAt(<CareerPage />, '/career');
    const user = userEvent.setup();
    const fill = async () => {
      await user.type(field('Name'), 'Cleo');
      await user.type(field('Email'), 'cleo@example.com');
      await user.selectOptions(field('Position'), 'Cleaner');
    };
    await fill();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(MSG.careerFailed)).toBeTruthy();
    mode = 'offline';
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(MSG.savedOffline)).toBeTruthy();
    expect(await db.outbox.where('kind').equals('career').count()).toBe(1);
  });
});
