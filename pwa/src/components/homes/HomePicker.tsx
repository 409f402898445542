// The booking wizard's "Which home?": a signed-in customer's homes, or "A new home" (the address fields
// as before, which make a home when the booking is sent). Choosing a home fills its address and postcode.
import type { ReactNode } from 'react';
import { HOMES_MSG as M } from '@shared/messages-homes';
import { formatPostcode } from '@shared/postcode';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useHomes } from '@/lib/homes';
import './homes.css';

interface Props {
  homeId: string;
  onChoose: (patch: { homeId: string; address: string; postcode: string; }) => void;
  /** The address fields, shown for a new home. */
  children: ReactNode;
}

export function HomePicker({ homeId, onChoose, children }: Props) {
  const { user } = useAuth();
  const homes = useHomes(Boolean(user));
  const list = homes.data ?? [];
  const chosen = list.find((h) => h.id === homeId);
  if (!list.length) return <>{children}</>;
  return (
    <>
      <fieldset className="home-picker">
        <legend>{M.whichHome}</legend>
        {list.map((h) => (
          <label key={h.id}>
            <input
              type="radio"
              name="home"
              value={h.id}
              checked={homeId === h.id}
              onChange={() => onChoose({ homeId: h.id, address: h.address, postcode: formatPostcode(h.postcode) })}
            />
            <span>
              <strong>{h.label}</strong> · {[h.address, formatPostcode(h.postcode)].filter(Boolean).join(', ')}
            </span>
          </label>
        ))}
        <label>
          <input type="radio" name="home" value="" checked={!chosen} onChange={() => onChoose({ homeId: '', address: '', postcode: '' })} />
          <span>{M.newHome}</span>
        </label>
      </fieldset>
      {!chosen && children}
    </>
  );
}
