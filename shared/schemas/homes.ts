// A customer's homes: where a plan's visits happen, with what the cleaner needs at the door. One
// schema for the profile's form, the wizard's "A new home" and the route (shared/README.md "Homes").
import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { HOMES_MSG } from '../messages-homes';
import { optionalText, postcode, requiredText } from './common';

/** Most homes one customer keeps. */
export const HOMES_MAX = 20;
/** Longest access note (the plan's access-notes limit). */
export const HOME_NOTES_MAX = 1000;

const homeFields = {
  label: requiredText(HOMES_MSG.labelRequired, 60),
  address: requiredText(HOMES_MSG.addressRequired, 300),
  postcode,
  access_notes: optionalText(HOME_NOTES_MAX),
  keys: optionalText(300),
  alarm_code: optionalText(40),
  parking: optionalText(300),
  pets: optionalText(300),
  photos_allowed: z.boolean().optional(),
};

/** POST /api/user/homes. */
export const homeCreateSchema = z.strictObject(homeFields);
export type HomeCreateInput = z.infer<typeof homeCreateSchema>;

/** PATCH /api/user/homes/{id}: any of the fields, at least one. */
export const homeUpdateSchema = z
  .strictObject({ ...homeFields, label: homeFields.label.optional(), address: homeFields.address.optional(), postcode: postcode.optional() })
  .refine((v) => Object.keys(v).length > 0, { message: FIELD_MSG.nothingToUpdate });
export type HomeUpdateInput = z.infer<typeof homeUpdateSchema>;

/** A home as its customer (and the office) reads it: the sealed fields opened. */
export interface HomeDto {
  id: string;
  label: string;
  address: string;
  postcode: string;
  access_notes: string;
  keys: string;
  alarm_code: string;
  parking: string;
  pets: string;
  photos_allowed: boolean;
  /** A live (active or paused) plan uses it: it cannot be removed. */
  in_use: boolean;
  created_at?: string;
}

/** What the visit's own cleaner reads on the card, on the visit's day only. */
export interface VisitDoorstepDto {
  label: string;
  access_notes: string;
  keys: string;
  alarm_code: string;
  parking: string;
  pets: string;
}
