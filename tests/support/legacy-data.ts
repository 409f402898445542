// A data directory in the shape of the release before plans, built through that release's models
// (customers, cleaners and bookings, whose shape has not changed; no plans, no visits, no migration
// records): accepted bookings still to come, completed ones with their work submitted and approved, and
// pending ones. Deterministic by `seed` order: references SC-L0001… say which booking is which, so two
// directories built alike can be compared after an upgrade. No copied data.
import path from 'node:path';
import mongoose from 'mongoose';
import { addDays, londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { startEngine } from '../../api/engine/index';
import { Booking } from '../../api/src/models/Booking';
import { Employee } from '../../api/src/models/Employee';
import { User } from '../../api/src/models/User';

export interface LegacyShape {
  customers: number;
  /** Accepted, not yet done: the first one tomorrow (within the reminder lead), the others 3+ days ahead. */
  accepted: number;
  completed: number;
  pending: number;
}

const FREQUENCIES = ['Weekly', 'Every other week', 'One-time clean', 'Once a month', 'Twice a week'];
const TIMES = ['09:00', '10:30', '13:00'];

/** What a booking of the fixture was made as, by reference. */
export interface LegacyBooking {
  reference: string;
  status: 'accepted' | 'completed' | 'pending';
  date: string;
  time: string;
  frequency: string;
}

/** Opens an embedded engine on `dataDir` for `work` through the default mongoose connection, then closes it. */
export async function withDataDir<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db') });
  try {
    await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
    await Promise.all([User, Employee, Booking].map((m) => m.init()));
    return await work();
  } finally {
    await mongoose.disconnect();
    await engine.close();
  }
}

/** Builds the directory; answers each booking made, in reference order. */
export async function buildLegacyDataDir(dataDir: string, shape: LegacyShape, now = new Date()): Promise<LegacyBooking[]> {
  const today = londonDate(now);
  return withDataDir(dataDir, async () => {
    const cleaners = await Employee.insertMany(
      [0, 1, 2].map((i) => ({ email: `cleaner${i}@legacy.test`, name: `Cleaner ${i}`, role: 'employee', is_active: true })),
    );
    const users = await User.insertMany(Array.from({ length: shape.customers }, (_, i) => ({ email: `customer${i}@legacy.test`, name: `Customer ${i}` })));
    const made: LegacyBooking[] = [];
    const docs: Record<string, unknown>[] = [];
    const add = (status: LegacyBooking['status'], days: number, i: number) => {
      const date = addDays(today, days);
      const time = TIMES[i % TIMES.length];
      const frequency = FREQUENCIES[i % FREQUENCIES.length];
      const reference = `SC-L${String(made.length + 1).padStart(4, '0')}`;
      const at = new Date(londonWallTime(date, time)!);
      const cleaner = cleaners[i % cleaners.length]._id;
      const created = new Date(at.getTime() - 14 * 86_400_000);
      made.push({ reference, status, date, time, frequency });
      docs.push({
        user: users[i % users.length]._id,
        reference,
        propertyType: 'House',
        frequency,
        bedrooms: '2',
        bathrooms: '1',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'Not sure yet',
        bestDays: `${date}T${time}`,
        scheduledAt: at,
        supplies: 'Not sure yet',
        hiringLikelihood: 'Ready to book now',
        postcode: 'N17GU',
        status,
        created_at: created,
        ...(status === 'pending' ? {} : { accepted_by: cleaner, accepted_at: new Date(created.getTime() + 3600_000), price_pence: 5400 }),
        ...(status === 'completed'
          ? {
            work_submitted: true,
            submitted_work_hours: 2.5,
            completion_notes: 'All done',
            submitted_at: new Date(at.getTime() + 3 * 3600_000),
            timesheet_status: 'approved',
            approved_by: cleaner,
            approved_at: new Date(at.getTime() + 86_400_000),
          }
          : {}),
      });
    };
    for (let i = 0; i < shape.accepted; i++) add('accepted', i === 0 ? 1 : 3 + (i % 20), i);
    for (let i = 0; i < shape.completed; i++) add('completed', -2 - (i % 700), i);
    for (let i = 0; i < shape.pending; i++) add('pending', 2 + (i % 30), i);
    // Through the model, as that release wrote them (its defaults and validation), in batches.
    for (let i = 0; i < docs.length; i += 1000) await Booking.insertMany(docs.slice(i, i + 1000));
    return made;
  });
}
