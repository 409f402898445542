// Each person's choices per kind of notice: e-mail and push flags; unset means the kind's default (on,
// except marketing, which needs consent). Each choice is kept with when it was made (the server's clock).
import { NOTIFY_KINDS, onByDefault, type NotificationPreferences, type NotificationPreferencesInput, type NotifyKind } from '@shared/schemas/notifications';
import { NotificationPreference } from '../models/NotificationPreference';
import type { Person } from './push';

const idOf = (p: Person) => `${p.type}:${p.id}`;

export async function preferencesOf(person: Person): Promise<NotificationPreferences> {
  const doc = (await NotificationPreference.findById(idOf(person)).lean()) as Partial<Record<NotifyKind, { email?: boolean; push?: boolean; }>> | null;
  return Object.fromEntries(
    NOTIFY_KINDS.map((k) => [k, { email: doc?.[k]?.email ?? onByDefault(k), push: doc?.[k]?.push ?? onByDefault(k) }]),
  ) as NotificationPreferences;
}

/** Sets the flags given (other kinds untouched) and answers the whole set. */
export async function updatePreferences(person: Person, input: NotificationPreferencesInput, now: Date): Promise<NotificationPreferences> {
  const $set: Record<string, boolean | Date> = {};
  for (const k of NOTIFY_KINDS) {
    const v = input[k];
    if (v) Object.assign($set, { [`${k}.email`]: v.email, [`${k}.push`]: v.push, [`${k}.chosen_at`]: now });
  }
  if (Object.keys($set).length) await NotificationPreference.updateOne({ _id: idOf(person) }, { $set }, { upsert: true });
  return preferencesOf(person);
}

/** One kind's e-mails off (the unsubscribe link); push and every other kind stay as they were. */
export async function stopEmails(person: Person, kind: NotifyKind, now: Date): Promise<void> {
  await NotificationPreference.updateOne({ _id: idOf(person) }, { $set: { [`${kind}.email`]: false, [`${kind}.chosen_at`]: now } }, { upsert: true });
}
