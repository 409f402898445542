// The same engine through mongoose models: unique/compound indexes (E11000), populate, upserts,
// findOneAndUpdate, countDocuments.
import mongoose, { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './helpers';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('mongoose');
});
afterAll(async () => t.close());

interface IUser {
  email: string;
  name: string;
  visits: number;
  createdVia?: string;
}

function models(conn: mongoose.Connection) {
  const User = conn.model<IUser>(
    'User',
    new Schema<IUser>({ email: { type: String, required: true, unique: true }, name: String, visits: { type: Number, default: 0 }, createdVia: String }),
  );
  const slotSchema = new Schema({ cleaner: String, day: String, hour: Number });
  slotSchema.index({ cleaner: 1, day: 1, hour: 1 }, { unique: true });
  const Slot = conn.model('Slot', slotSchema);
  const Booking = conn.model('Booking', new Schema({ customer: { type: Schema.Types.ObjectId, ref: 'User' }, when: Date, notes: String }));
  return { User, Slot, Booking };
}

let m: ReturnType<typeof models>;
beforeAll(async () => {
  m = models(t.conn);
  await Promise.all([m.User.init(), m.Slot.init(), m.Booking.init()]);
});

describe('mongoose on the engine', () => {
  it('creates the declared indexes', async () => {
    const idx = await m.User.collection.indexes();
    expect(idx.find((i) => i.name === 'email_1')?.unique).toBe(true);
    const slotIdx = await m.Slot.collection.indexes();
    expect(slotIdx.find((i) => i.name === 'cleaner_1_day_1_hour_1')).toMatchObject({ key: { cleaner: 1, day: 1, hour: 1 }, unique: true });
  });

  it('reports duplicate keys as E11000 with keyPattern and keyValue', async () => {
    await m.User.create({ email: 'ann@example.com', name: 'Ann' });
    type DupError = { code: number; keyPattern: unknown; keyValue: unknown; message: string; };
    const err = (await m.User.create({ email: 'ann@example.com', name: 'Other' }).then(
      () => undefined,
      (e: unknown) => e,
    )) as DupError;
    expect(err).toMatchObject({ code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'ann@example.com' } });
    expect(err.message).toMatch(/E11000 duplicate key error collection: .*users index: email_1 dup key: \{ email: "ann@example.com" \}/);
    expect(await m.User.countDocuments({ email: 'ann@example.com' })).toBe(1);
  });

  it('enforces compound unique indexes on the whole key only', async () => {
    await m.Slot.create({ cleaner: 'c1', day: 'mon', hour: 9 });
    await m.Slot.create({ cleaner: 'c1', day: 'mon', hour: 10 });
    await m.Slot.create({ cleaner: 'c2', day: 'mon', hour: 9 });
    await expect(m.Slot.create({ cleaner: 'c1', day: 'mon', hour: 9 })).rejects.toMatchObject({
      code: 11000,
      keyValue: { cleaner: 'c1', day: 'mon', hour: 9 },
    });
    // Updating into a taken key fails too, and leaves the document unchanged.
    await expect(m.Slot.updateOne({ cleaner: 'c1', hour: 10 }, { $set: { hour: 9 } })).rejects.toMatchObject({ code: 11000 });
    expect(await m.Slot.countDocuments({ cleaner: 'c1', hour: 10 })).toBe(1);
    // insertMany unordered reports the failure and inserts the rest.
    const res = await m.Slot.insertMany(
      [
        { cleaner: 'c3', day: 'tue', hour: 8 },
        { cleaner: 'c1', day: 'mon', hour: 9 },
        { cleaner: 'c3', day: 'tue', hour: 9 },
      ],
      { ordered: false },
    ).catch((e: { insertedDocs?: unknown[]; writeErrors?: unknown[]; }) => e);
    expect((res as { writeErrors?: unknown[]; }).writeErrors?.length).toBe(1);
    expect(await m.Slot.countDocuments({ cleaner: 'c3' })).toBe(2);
  });

  it('populates references', async () => {
    const u = await m.User.create({ email: 'bob@example.com', name: 'Bob' });
    await m.Booking.create({ customer: u._id, when: new Date('2026-03-01T09:00:00Z'), notes: 'keys under mat' });
    const b = await m.Booking.findOne({ notes: 'keys under mat' }).populate<{ customer: IUser; }>('customer').lean();
    expect(b?.customer.email).toBe('bob@example.com');
    expect(b?.when).toEqual(new Date('2026-03-01T09:00:00Z'));
  });

  it('upserts with $setOnInsert and findOneAndUpdate', async () => {
    const first = await m.User.findOneAndUpdate({ email: 'cat@example.com' }, { $inc: { visits: 1 }, $setOnInsert: { createdVia: 'upsert', name: 'Cat' } }, {
      upsert: true,
      returnDocument: 'after',
    }).lean();
    expect(first).toMatchObject({ email: 'cat@example.com', visits: 1, createdVia: 'upsert', name: 'Cat' });
    const second = await m.User.findOneAndUpdate({ email: 'cat@example.com' }, { $inc: { visits: 1 }, $setOnInsert: { createdVia: 'again' } }, {
      upsert: true,
      returnDocument: 'after',
    }).lean();
    expect(second).toMatchObject({ visits: 2, createdVia: 'upsert' });
    expect(String(second?._id)).toBe(String(first?._id));
    const res = await m.User.updateOne({ email: 'dan@example.com' }, { $set: { name: 'Dan' } }, { upsert: true });
    expect(res.upsertedCount).toBe(1);
    expect(await m.User.findOne({ email: 'dan@example.com' }).lean()).toMatchObject({ name: 'Dan' });
  });

  it('counts, sorts and pages documents', async () => {
    await m.User.insertMany(Array.from({ length: 30 }, (_, i) => ({ email: `bulk${i}@example.com`, name: `Bulk ${i}`, visits: i })));
    expect(await m.User.countDocuments({ visits: { $gte: 10 }, email: /^bulk/ })).toBe(20);
    const page = await m.User.find({ email: /^bulk/ }).sort({ visits: -1 }).skip(5).limit(3).select('visits -_id').lean();
    expect(page).toEqual([{ visits: 24 }, { visits: 23 }, { visits: 22 }]);
    const doc = await m.User.findOne({ email: 'bulk3@example.com' });
    doc!.name = 'Renamed';
    await doc!.save();
    expect((await m.User.findById(doc!._id).lean())?.name).toBe('Renamed');
    await m.User.deleteMany({ email: /^bulk/ });
    expect(await m.User.countDocuments({ email: /^bulk/ })).toBe(0);
  });
});
