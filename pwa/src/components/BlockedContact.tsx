import { MSG } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';
import { telHref } from '@shared/company';
import { useCompany } from '@/lib/company';

/** Is this the server's blocked-account refusal (sign-in, Google sign-in, reset)? */
export const isBlockedMessage = (text: string | undefined) => text === API_MSG.accountBlocked;

/** How a blocked customer reaches the company: its phone and e-mail from the company settings. */
export function BlockedContact() {
  const co = useCompany();
  return (
    <span className="blocked-contact">
      {' '}
      {MSG.blockedCall} <a href={telHref(co.phone)}>{co.phone}</a> {MSG.blockedOrEmail} <a href={`mailto:${co.email}`}>{co.email}</a>.
    </span>
  );
}
