// Contact, enquiry and career (with a small real PDF CV) sent through the UI of the built PWA to the
// real server; each success message is shown and the record is then read back from the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { MSG } from '@shared/messages';
import { baseUrl, hydrated, server, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

/** A tiny but genuine PDF (the server checks the content, not just the name). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('public forms through the UI', () => {
  it('sends a contact message', async () => {
    const email = uniqueEmail('contact');
    const page = await newPage(baseUrl(), 375);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Carla Contact');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message').fill('Do you clean conservatories?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(MSG.contactSent).waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    const saved = await conn.collection('contactmessages').findOne({ email });
    expect(saved).toMatchObject({ name: 'Carla Contact', message: 'Do you clean conservatories?' });
    await page.context().close();
  });

  it('sends an enquiry with numbers and consent', async () => {
    const email = uniqueEmail('enquiry');
    const page = await newPage(baseUrl(), 1280);
    await page.goto('/enquiry');
    const form = page.getByRole('form', { name: 'Enquiry form' });
    await page.getByRole('button', { name: 'Submit Enquiry' }).click();
    await page.getByText('Please give your consent so we can contact you').waitFor();
    await form.getByLabel('Name').fill('Eddie Enquiry');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Service').selectOption('Deep Cleaning');
    await form.getByLabel('Postcode').fill('E1 6AN');
    await form.getByLabel('Bedrooms').fill('3');
    await form.getByLabel('Hours per visit').fill('2.5');
    await form.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Enquiry' }).click();
    await page.getByText(MSG.enquirySent).waitFor();
    const saved = await conn.collection('enquiries').findOne({ email });
    expect(saved).toMatchObject({ name: 'Eddie Enquiry', service: 'Deep Cleaning', postcode: 'E16AN', bedrooms: 3, hours: 2.5, consent: true });
    await page.context().close();
  });

  it('sends a job application with a PDF CV', async () => {
    const email = uniqueEmail('career');
    const page = await newPage(baseUrl(), 375);
    await page.goto('/career');
    const form = page.getByRole('form', { name: 'Job application form' });
    await form.getByLabel('Name').fill('Cara Career');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Position').selectOption('Supervisor');
    await form.getByLabel('CV (optional)').setInputFiles({ name: 'cara-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText(MSG.careerSent).waitFor();
    const saved = await conn.collection('careerapplications').findOne({ email });
    expect(saved).toMatchObject({
      name: 'Cara Career',
      position: 'Supervisor',
      cv: { original_name: 'cara-cv.pdf', content_type: 'application/pdf', size: PDF.length },
    });
    await page.context().close();
  });

  it('offline: a job application with its CV is kept, said to be saved, and sent when back online', async () => {
    const email = uniqueEmail('career-offline');
    const page = await newPage(baseUrl(), 375);
    await page.goto('/career');
    const form = page.getByRole('form', { name: 'Job application form' });
    await form.getByLabel('Name').fill('Olive Offline');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Position').selectOption('Cleaner');
    await form.getByLabel('CV (optional)').setInputFiles({ name: 'olive-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    // The connection drops once the page is live and has loaded what sending needs (typing may have
    // come before hydration: the form takes that text over and starts loading then).
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText(MSG.savedOffline).waitFor();
    expect(await conn.collection('careerapplications').findOne({ email })).toBeNull();

    await page.context().setOffline(false);
    await expect
      .poll(async () => conn.collection('careerapplications').findOne({ email }), { timeout: 20_000, interval: 250 })
      .toMatchObject({ name: 'Olive Offline', cv: { original_name: 'olive-cv.pdf', size: PDF.length } });
    await page.context().close();
  });
});
