// Stars as glyphs for the eye and as words for everyone ("4 of 5"): never colour or shape alone.
import { NOTICES_UI_MSG as N } from '@shared/messages-notices-ui';

export function Stars({ value }: { value: number; }) {
  const full = Math.round(value);
  return (
    <span className="ofc-stars">
      <span aria-hidden="true" className="ofc-stars__glyphs">
        {'★'.repeat(full)}
        <span className="ofc-stars__off">{'☆'.repeat(5 - full)}</span>
      </span>{' '}
      <span className="ofc-stars__text">{N.stars(value)}</span>
    </span>
  );
}
