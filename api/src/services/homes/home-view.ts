// A home as its customer and the office read it (the sealed fields opened), and the sealed writes.
import type { HomeDto, HomeUpdateInput } from '@shared/schemas/homes';
import type { HomeDoc } from '../../models/Home';
import { openField, sealField } from '../../lib/field-crypto';

/** The fields stored sealed (lib/field-crypto.ts): how to get in. */
export const SEALED_HOME_FIELDS = ['access_notes', 'keys', 'alarm_code'] as const;

/** The sealed fields of `input` that it sets, sealed. */
export function sealedFields(input: Pick<HomeUpdateInput, (typeof SEALED_HOME_FIELDS)[number]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of SEALED_HOME_FIELDS) if (input[k] !== undefined) out[k] = sealField(input[k] ?? '');
  return out;
}

export function homeDto(h: HomeDoc, inUse: boolean): HomeDto {
  return {
    id: String(h._id),
    label: h.label,
    address: h.address ?? '',
    postcode: h.postcode ?? '',
    access_notes: openField(h.access_notes),
    keys: openField(h.keys),
    alarm_code: openField(h.alarm_code),
    parking: h.parking ?? '',
    pets: h.pets ?? '',
    photos_allowed: h.photos_allowed !== false,
    in_use: inUse,
    ...(h.created_at ? { created_at: new Date(h.created_at).toISOString() } : {}),
  };
}
