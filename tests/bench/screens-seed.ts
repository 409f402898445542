// bench:screens' data, written straight into the engine's data directory before the server opens it:
// the office (an admin, 30 cleaners), a week of 600 visits between them, a customer with a weekly plan
// (its visits made by the server's own generation pass at start), and a cleaner with 6 visits today.
import path from 'node:path';
import mongoose from 'mongoose';
import { addDays, londonDate, weekdayOf } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { startEngine } from '../../api/engine/index';

const { ObjectId } = mongoose.mongo;
type Id = mongoose.mongo.ObjectId;

export interface ScreensSeeded {
  admin: string;
  /** The cleaner with 6 visits today. */
  cleaner: string;
  /** The customer with a weekly plan. */
  customer: { id: string; email: string; name: string; };
  /** This week's Monday (London), the schedule's week. */
  monday: string;
}

const booking = (_id: Id, user: Id, day: string, time: string, frequency: string, employee: Id | null, now: Date, n: number) => ({
  _id,
  user,
  reference: `SC-BENCH${n.toString(36).toUpperCase()}`,
  scheduledAt: new Date(londonWallTime(day, time)!),
  propertyType: 'House',
  frequency,
  bedrooms: '3',
  bathrooms: '2',
  receptions: '1',
  cleaningType: 'Standard',
  hasCleaner: 'No, this is my first time',
  bestDays: `${day}T${time}`,
  supplies: 'Please bring supplies and equipment',
  hiringLikelihood: 'Ready to book now',
  postcode: ['N17GU', 'EC1A1BB', 'SW1A1AA', 'E16AN'][n % 4],
  address: `${n} High Street, London`,
  phone: '07700 900123',
  status: 'accepted',
  accepted_by: employee,
  accepted_at: now,
  declined_by: [],
  created_at: now,
  updated_at: now,
});

const plan = (b: ReturnType<typeof booking>, frequency: string, through: string, days: number[] = []) => ({
  _id: b._id,
  user: b.user,
  reference: b.reference,
  employee: b.accepted_by,
  frequency,
  anchor: b.bestDays.slice(0, 10),
  time: b.bestDays.slice(11),
  days,
  state: 'active',
  access_notes: '',
  version: 0,
  generated_through: through,
  price_pence: 6000,
  created_at: b.created_at,
  updated_at: b.created_at,
});

const visit = (b: ReturnType<typeof booking>, employee: Id | null) => ({
  _id: new ObjectId(),
  plan: b._id,
  user: b.user,
  reference: b.reference,
  slot: b.bestDays.slice(0, 10),
  day: b.bestDays.slice(0, 10),
  start: b.scheduledAt,
  employee,
  state: 'scheduled',
  exception: false,
  on_booking: true,
  version: 0,
  price_pence: 6000,
  created_at: b.created_at,
  updated_at: b.created_at,
});

export async function seedScreens(dataDir: string, passwordHash: string): Promise<ScreensSeeded> {
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db'), port: 0 });
  await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
  try {
    await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
    const db = mongoose.connection.db!;
    const now = new Date();
    const today = londonDate(now);
    const monday = addDays(today, 1 - weekdayOf(today));
    const staff = Array.from({ length: 30 }, (_, i) => ({
      _id: new ObjectId(),
      email: `cleaner${i}@screens.test`,
      name: `Cleaner ${String(i).padStart(2, '0')}`,
      passwordHash,
      role: 'employee',
      is_active: true,
      tokenVersion: 0,
      created_at: now,
      updated_at: now,
    }));
    // Stamped like every staff record (the profile answer reads its dates).
    const admin = {
      _id: new ObjectId(),
      email: 'admin@screens.test',
      name: 'Office Admin',
      passwordHash,
      role: 'admin',
      is_active: true,
      tokenVersion: 0,
      created_at: now,
      updated_at: now,
    };
    await db.collection('employees').insertMany([...staff, admin]);
    const users = Array.from({ length: 100 }, (_, i) => ({
      _id: new ObjectId(),
      email: `customer${i}@screens.test`,
      name: `Customer ${i}`,
      passwordHash,
      phone: '07700 900123',
      address: `${i} High Street, London`,
      role: 'user',
      tokenVersion: 0,
      created_at: now,
      updated_at: now,
    }));
    await db.collection('users').insertMany(users);
    const bookings: ReturnType<typeof booking>[] = [];
    const plans: ReturnType<typeof plan>[] = [];
    const visits: ReturnType<typeof visit>[] = [];
    // The office's week: 600 one-off visits over Monday to Sunday, 1 in 40 still without a cleaner.
    for (let i = 0; i < 600; i++) {
      const who = i % 40 === 0 ? null : staff[1 + (i % 29)]._id;
      const b = booking(
        new ObjectId(),
        users[i % 100]._id,
        addDays(monday, i % 7),
        `${String(8 + (Math.floor(i / 7) % 5) * 2).padStart(2, '0')}:00`,
        'One-time clean',
        who,
        now,
        i,
      );
      bookings.push(b);
      plans.push(plan(b, 'once', '2099-01-01'));
      visits.push(visit(b, who));
    }
    // The cleaner's morning: 6 visits today, from 08:00 every 90 minutes.
    for (let i = 0; i < 6; i++) {
      const minutes = 8 * 60 + i * 90;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const b = booking(new ObjectId(), users[1 + i]._id, today, time, 'One-time clean', staff[0]._id, now, 600 + i);
      bookings.push(b);
      plans.push(plan(b, 'once', '2099-01-01'));
      visits.push(visit(b, staff[0]._id));
    }
    // The customer's weekly plan, started last week with cleaner 0: the server's start pass makes its visits.
    const weekly = booking(new ObjectId(), users[0]._id, addDays(today, -7), '10:00', 'Weekly', staff[0]._id, now, 700);
    bookings.push(weekly);
    plans.push(plan(weekly, 'weekly', '', [weekdayOf(addDays(today, -7))]));
    await db.collection('bookings').insertMany(bookings);
    await db.collection('plans').insertMany(plans);
    await db.collection('visits').insertMany(visits);
    return {
      admin: String(admin._id),
      cleaner: String(staff[0]._id),
      customer: { id: String(users[0]._id), email: users[0].email, name: users[0].name },
      monday,
    };
  } finally {
    await mongoose.disconnect();
    await engine.close();
  }
}
