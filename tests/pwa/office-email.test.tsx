// The office's e-mail addresses: break opportunities after the '@' and before dots, and the address unchanged as text.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Email } from '@/features/office/ui';

describe('Email', () => {
  it('may wrap after the @ and before a dot, never mid-word, and reads as the whole address', () => {
    const { container } = render(<Email value="cara.cleaner@example-cleaning.co.uk" />);
    expect(screen.getByText('cara.cleaner@example-cleaning.co.uk')).toBeTruthy();
    expect(container.innerHTML).toBe('<span class="ofc-email">cara<wbr>.cleaner@<wbr>example-cleaning<wbr>.co<wbr>.uk</span>');
  });

  it('leaves a value without an @ as it is', () => {
    const { container } = render(<Email value="not an address" />);
    expect(container.querySelector('wbr')).toBeNull();
    expect(container.textContent).toBe('not an address');
  });
});
