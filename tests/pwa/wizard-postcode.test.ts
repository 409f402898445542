// The wizard offers the postcode the customer's stored address names, with that address.
import { describe, expect, it } from 'vitest';
import { initialAnswers } from '@/features/booking-wizard/steps';
import { postcodeInText } from '@shared/postcode';

describe('the postcode in an address', () => {
  it.each([
    ['12 High Street, London N1 7GU', 'N1 7GU'],
    ['Flat 3, 10 Downing St, London sw1a2aa', 'SW1A 2AA'],
    ['1 Castle Rd, Edinburgh EH1 2NG, UK', 'EH1 2NG'],
    ['Unit 5, M1 1AE then moved to B33 8TH', 'B33 8TH'],
    ['14 Oak Lane, Leeds', ''],
    ['Flat 12A, 1234 Long Road', ''],
    ['', ''],
  ])('%s → %s', (address, postcode) => {
    expect(postcodeInText(address)).toBe(postcode);
  });

  it('is pre-filled with the stored address; a postcode the visitor typed first wins', () => {
    expect(initialAnswers('', { address: '12 High Street, London N1 7GU' })).toMatchObject({ postcode: 'N1 7GU', address: '12 High Street, London N1 7GU' });
    expect(initialAnswers('E1 6AN', { address: '12 High Street, London N1 7GU' }).postcode).toBe('E1 6AN');
    expect(initialAnswers('', {}).postcode).toBe('');
  });
});
