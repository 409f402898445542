// Booking hero: the postcode (letters and digits only, max 8) and Get Started, which opens the wizard.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { POSTCODE_MAX } from '@shared/constants';
import { typedPostcode } from '@shared/postcode';
import { LiveFieldset } from '@/components/LiveFieldset';

export function BookingHero({ onStart }: { onStart: (postcode: string) => void; }) {
  const [postcode, setPostcode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // The hero is pre-rendered: on a slow phone a visitor can type before the app hydrates, and that
  // text is in the field but not in state. Take it over once hydrated, and read the field on submit;
  // Get Started waits, disabled, until then (a tap before would be the browser's own submit, a reload).
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setPostcode(typedPostcode(typed));
  }, []);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onStart(typedPostcode(input.current?.value ?? postcode));
  };
  return (
    <section className="booking-hero" aria-labelledby={`${id}-title`}>
      <div className="container booking-hero__inner">
        <div>
          <h2 id={`${id}-title`}>Book a cleaner in minutes</h2>
          <p>Enter your postcode, answer a few quick questions and we will match you with a local cleaner.</p>
        </div>
        <form className="booking-hero__form" onSubmit={submit}>
          <label htmlFor={`${id}-postcode`} className="visually-hidden">
            Your postcode
          </label>
          <input
            id={`${id}-postcode`}
            ref={input}
            name="postcode"
            inputMode="text"
            autoComplete="postal-code"
            placeholder="e.g. SW1A 1AA"
            maxLength={POSTCODE_MAX + 2}
            value={postcode}
            onChange={(e) => setPostcode(typedPostcode(e.target.value))}
          />
          <LiveFieldset>
            <button type="submit" className="btn btn--accent">
              Get Started
            </button>
          </LiveFieldset>
        </form>
      </div>
    </section>
  );
}
