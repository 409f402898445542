// The price list (office → Prices): versions, never edited in place, each save audited; the quote the
// wizard and POST /api/quote compute with the one shared rule (shared/pricing.ts).
import { DEFAULT_PRICE_LIST, priceOf, type PriceAnswers, type PriceList } from '@shared/pricing';
import { priceListSchema, type BookingQuote } from '@shared/schemas/prices';
import { PRICE_MSG } from '@shared/messages-prices';
import { conflict } from '../../lib/errors';
import { isDuplicateKey } from '../../models/duplicate-key';
import { PriceListModel, type PriceListDoc } from '../../models/PriceList';
import { recordAudit, type AuditActor } from '../office/audit';

export interface PriceListState {
  list: PriceList;
  /** 0: never saved, the seeded defaults. */
  version: number;
  saved_at: string | null;
  saved_by: string | null;
}

/** A stored list as today's schema reads it; one that no longer passes falls back to the defaults. */
function fromStored(value: unknown): PriceList {
  const parsed = priceListSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_PRICE_LIST;
}

const stateOf = (doc: PriceListDoc | null): PriceListState =>
  doc
    ? { list: fromStored(doc.value), version: doc._id, saved_at: doc.created_at.toISOString(), saved_by: doc.created_by?.name ?? null }
    : { list: DEFAULT_PRICE_LIST, version: 0, saved_at: null, saved_by: null };

/** The newest version (one indexed read: the highest _id). */
export async function currentPriceList(): Promise<PriceListState> {
  return stateOf(await PriceListModel.findOne({}).sort({ _id: -1 }).lean<PriceListDoc>());
}

/**
 * Saves `list` as the next version after `basedOn`. The insert of `basedOn + 1` decides: a second
 * editor working from the same version gets 409 and nothing changed.
 */
export async function savePriceList(actor: AuditActor, list: PriceList, basedOn: number, now: Date): Promise<PriceListState> {
  const before = await currentPriceList();
  if (before.version !== basedOn) throw conflict(PRICE_MSG.versionConflict);
  const version = basedOn + 1;
  try {
    await PriceListModel.create({ _id: version, value: list, created_at: now, created_by: { id: actor.id, name: actor.name } });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(PRICE_MSG.versionConflict);
    throw err;
  }
  const changed = (Object.keys(list) as Array<keyof PriceList>).filter((k) => JSON.stringify(list[k]) !== JSON.stringify(before.list[k]));
  const pick = (l: PriceList) => Object.fromEntries(changed.map((k) => [k, l[k]]));
  await recordAudit({
    actor,
    action: 'price_list.save',
    target: { type: 'price_list', id: String(version), label: `Version ${version}` },
    before: pick(before.list),
    after: pick(list),
  });
  return { list, version, saved_at: now.toISOString(), saved_by: actor.name };
}

/** The quote of these answers by the current list, as a booking stores it. */
export async function quoteNow(answers: PriceAnswers): Promise<BookingQuote> {
  const { list, version } = await currentPriceList();
  const q = priceOf(answers, list);
  return q.kind === 'confirm'
    ? { kind: 'confirm', price_list_version: version }
    : { kind: 'price', hours: q.hours, pence_per_visit: q.pence_per_visit, pence_per_4_weeks: q.pence_per_4_weeks, price_list_version: version };
}
