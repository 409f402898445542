// A customer's homes: list, add, change, remove (never while a live plan or a waiting request is at it),
// and the home a new booking is for. Only ever the customer's own: another's is "not found".
import mongoose from 'mongoose';
import { HOMES_MSG } from '@shared/messages-homes';
import { HOMES_MAX, type HomeCreateInput, type HomeDto, type HomeUpdateInput } from '@shared/schemas/homes';
import { cleanPostcode } from '@shared/postcode';
import type { PlanState } from '@shared/schemas/visits';
import { Booking } from '../../models/Booking';
import { Home, type HomeDoc } from '../../models/Home';
import { Plan } from '../../models/Plan';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { homeDto, sealedFields } from './home-view';

const oid = (id: string | mongoose.Types.ObjectId) => new mongoose.Types.ObjectId(String(id));
/** A plan in these states is live: its home stays. */
export const LIVE_PLAN_STATES: PlanState[] = ['active', 'paused'];

/** The ids among `homeIds` a live plan or a request waiting for a cleaner is at. */
async function homesInUse(homeIds: mongoose.Types.ObjectId[]): Promise<Set<string>> {
  if (!homeIds.length) return new Set();
  const [plans, waiting] = await Promise.all([
    Plan.find({ home: { $in: homeIds }, state: { $in: LIVE_PLAN_STATES } }, { home: 1 }).lean(),
    Booking.find({ home: { $in: homeIds }, status: 'pending' }, { home: 1 }).lean(),
  ]);
  return new Set([...plans, ...waiting].map((x) => String(x.home)));
}

/** The customer's homes, oldest first (at most HOMES_MAX: the list is one short page). */
export async function listHomes(userId: string): Promise<HomeDto[]> {
  const homes = await Home.find({ user: oid(userId) }).sort({ created_at: 1, _id: 1 }).limit(HOMES_MAX).lean<HomeDoc[]>();
  const used = await homesInUse(homes.map((h) => h._id));
  return homes.map((h) => homeDto(h, used.has(String(h._id))));
}

async function ownHome(userId: string, homeId: string): Promise<HomeDoc> {
  const home = mongoose.isValidObjectId(homeId) ? await Home.findOne({ _id: oid(homeId), user: oid(userId) }).lean<HomeDoc>() : null;
  if (!home) throw notFound(HOMES_MSG.homeNotFound);
  return home;
}

export async function getHome(userId: string, homeId: string): Promise<HomeDto> {
  const home = await ownHome(userId, homeId);
  return homeDto(home, (await homesInUse([home._id])).size > 0);
}

export async function createHome(userId: string, input: HomeCreateInput): Promise<HomeDto> {
  if ((await Home.countDocuments({ user: oid(userId) })) >= HOMES_MAX) throw conflict(HOMES_MSG.tooMany(HOMES_MAX));
  const created = await Home.create({
    user: oid(userId),
    label: input.label,
    address: input.address,
    postcode: cleanPostcode(input.postcode),
    parking: input.parking ?? '',
    pets: input.pets ?? '',
    photos_allowed: input.photos_allowed ?? true,
    ...sealedFields(input),
  });
  return homeDto(created.toObject() as unknown as HomeDoc, false);
}

export async function updateHome(userId: string, homeId: string, input: HomeUpdateInput): Promise<HomeDto> {
  await ownHome(userId, homeId);
  const set: Record<string, unknown> = { ...sealedFields(input) };
  for (const k of ['label', 'address', 'parking', 'pets', 'photos_allowed'] as const) if (input[k] !== undefined) set[k] = input[k];
  if (input.postcode !== undefined) set.postcode = cleanPostcode(input.postcode);
  const updated = await Home.findOneAndUpdate({ _id: oid(homeId), user: oid(userId) }, { $set: set }, { returnDocument: 'after' }).lean<HomeDoc>();
  if (!updated) throw notFound(HOMES_MSG.homeNotFound);
  return homeDto(updated, (await homesInUse([updated._id])).size > 0);
}

/** Removes the customer's home; refused (409, saying why) while a live plan or a waiting request is at it. */
export async function deleteHome(userId: string, homeId: string): Promise<void> {
  const home = await ownHome(userId, homeId);
  if ((await homesInUse([home._id])).size) throw conflict(HOMES_MSG.homeInUse);
  await Home.deleteOne({ _id: home._id, user: oid(userId) });
}

/**
 * The home a new booking is for: the customer's own `home_id` (another's: 400, nothing stored), or a new
 * home made from the address given, as bookings were before homes. Answers the home's id, address and
 * postcode, which the booking keeps as its own copy.
 */
export async function homeForBooking(
  userId: string,
  input: { home_id?: string; address?: string; postcode: string; },
): Promise<{ home: mongoose.Types.ObjectId; address: string; postcode: string; }> {
  if (input.home_id) {
    const home = mongoose.isValidObjectId(input.home_id) ? await Home.findOne({ _id: oid(input.home_id), user: oid(userId) }).lean<HomeDoc>() : null;
    if (!home) throw badRequest(HOMES_MSG.homeNotFound, { errors: { home_id: HOMES_MSG.homeNotFound } });
    return { home: home._id, address: home.address ?? '', postcode: home.postcode || cleanPostcode(input.postcode) };
  }
  const postcode = cleanPostcode(input.postcode);
  const address = input.address ?? '';
  // The same address again is the same home (a second booking for it, a retried request).
  const same = await Home.findOne({ user: oid(userId), address, postcode }).lean<HomeDoc>();
  if (same) return { home: same._id, address, postcode };
  const count = await Home.countDocuments({ user: oid(userId) });
  const home = await Home.create({ user: oid(userId), label: count ? `Home ${count + 1}` : 'Home', address, postcode });
  return { home: home._id, address, postcode };
}
