// How a booking is written out to people: rooms with an extra toilet, a
// cleaning type given in the customer's own words, and postcodes typed with spaces and in lower case.
import { describe, expect, it } from 'vitest';
import { cleaningTitle, roomsText } from '@shared/booking-summary';
import { cleanPostcode, formatPostcode, typedPostcode } from '@shared/postcode';

describe('rooms', () => {
  it.each([
    [{ bedrooms: '3', bathrooms: '2 + 1 additional toilet', receptions: '1' }, '3 bedrooms, 2 bathrooms + 1 additional toilet, 1 reception'],
    [{ bedrooms: '1', bathrooms: '1 + 1 additional toilet', receptions: '0' }, '1 bedroom, 1 bathroom + 1 additional toilet, 0 receptions'],
    [{ bedrooms: '5+', bathrooms: '4+', receptions: '4 +' }, '5+ bedrooms, 4+ bathrooms, 4+ receptions'],
    [{ bedrooms: 'Studio', bathrooms: '1', receptions: '1' }, 'Studio, 1 bathroom, 1 reception'],
  ])('%o → %s', (rooms, text) => {
    expect(roomsText(rooms)).toBe(text);
  });
});

describe('cleaning title', () => {
  it.each([
    ['Deep', 'Deep clean'],
    ['Move-out', 'Move-out clean'],
    ['After-builders clean', 'After-builders clean'],
    ['Office cleaning', 'Office cleaning'],
    ['  End of tenancy CLEAN ', 'End of tenancy CLEAN'],
  ])('%s → %s', (type, title) => {
    expect(cleaningTitle(type)).toBe(title);
  });
});

describe('postcodes as typed', () => {
  it('keeps spaces between, upper-cases, drops other characters, and stops at 8 letters and digits', () => {
    expect(typedPostcode('sw1a 1aa')).toBe('SW1A 1AA');
    expect(typedPostcode('  n1   7gu')).toBe('N1 7GU');
    expect(typedPostcode('ec1a-1bb !x99z')).toBe('EC1A1BB X');
    expect(cleanPostcode(typedPostcode('sw1a 1aa'))).toBe('SW1A1AA');
    expect(formatPostcode(cleanPostcode('sw1a 1aa'))).toBe('SW1A 1AA');
  });
});
