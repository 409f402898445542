// bench:scale's data: a step's customers, bookings, employees, blog posts and files written straight
// into the engine's data directory before the server opens it, with insertMany in batches of 5 000.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { startEngine } from '../../../api/engine/index';
import { BlogPost } from '../../../api/src/models/BlogPost';
import { BLOG_BUCKET } from '../../../api/src/services/blog/post-view';
import { Booking } from '../../../api/src/models/Booking';
import { CV_BUCKET } from '../../../api/src/models/CareerApplication';
import { Employee } from '../../../api/src/models/Employee';
import { User, customerSearchKeys } from '../../../api/src/models/User';
import { BACKFILL_MARKER } from '../../../api/src/services/bookings/bookings';
import { ACCEPT_WAIT_MARKER } from '../../../api/src/services/office/accept-wait';
import { SEARCH_KEYS_MARKER } from '../../../api/src/services/office/customer-search';
import { seedOffice } from '../scale-office';
import { seedVisits, type VisitsSeeded } from '../scale-visits';
import { EMPLOYEES, FILES_MB, POSTS } from './config';
import { upgradeSeed } from './seed-upgrade';

const { ObjectId } = mongoose.mongo;
// 'rejected' is what an office cancellation leaves.
const STATUSES = ['pending', 'accepted', 'completed', 'rejected'] as const;

export interface Seeded {
  customer: string;
  employee: string;
  pending: string[];
  image: string;
  admin: string;
  /** The cleaner with a tenth of all bookings (besides their share of the rest). */
  heavy: string;
  visits: VisitsSeeded;
}

async function upload(bucket: mongoose.mongo.GridFSBucket, name: string, bytes: Buffer, contentType: string) {
  await new Promise<void>((resolve, reject) => {
    const up = bucket.openUploadStream(name, { metadata: { contentType } });
    up.on('finish', () => resolve()).on('error', reject);
    up.end(bytes);
  });
}

/** Writes a step's data straight into the engine's data directory, before the server opens it. */
export async function seed(dataDir: string, customers: number, bookings: number): Promise<Seeded> {
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db'), port: 0 });
  await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  const hash = await bcrypt.hash('scale-pass-1', 4);
  const emps = Array.from(
    { length: EMPLOYEES },
    (_, i) => ({
      _id: new ObjectId(),
      email: `cleaner${i}@scale.test`,
      name: `Cleaner ${i}`,
      passwordHash: hash,
      role: 'employee',
      is_active: true,
      tokenVersion: 0,
    }),
  );
  const admin = { _id: new ObjectId(), email: 'admin@scale.test', name: 'Office Admin', passwordHash: hash, role: 'admin', is_active: true, tokenVersion: 0 };
  await Employee.collection.insertMany([...emps, admin]);
  const now = Date.now();
  const joined = (i: number) => new Date(now - (customers - i) * ((3 * 365 * 86400_000) / customers));
  const users = Array.from({ length: customers }, (_, i) => ({
    _id: new ObjectId(),
    email: `c${i}@scale.test`,
    name: `Customer ${i}`,
    passwordHash: hash,
    phone: '07700 900123',
    address: `${i} High Street, London`,
    role: 'user',
    tokenVersion: 0,
    blocked: i % 500 === 7 ? true : undefined,
    search_keys: customerSearchKeys({ name: `Customer ${i}`, email: `c${i}@scale.test`, phone: '07700 900123' }),
    created_at: joined(i),
    updated_at: joined(i),
  }));
  for (let i = 0; i < users.length; i += 5000) await User.collection.insertMany(users.slice(i, i + 5000));
  const pending: string[] = [];
  const heavy = emps[EMPLOYEES - 1]._id;
  for (let i = 0; i < bookings; i += 5000) {
    const batch = [];
    for (let j = i; j < Math.min(bookings, i + 5000); j++) {
      // Mostly history: 1 % pending, 4 % accepted, 90 % completed, 5 % cancelled.
      const r = j % 100;
      const status = r === 0 ? STATUSES[0] : r <= 4 ? STATUSES[1] : r <= 9 ? STATUSES[3] : STATUSES[2];
      const created = new Date(now - (bookings - j) * 60_000);
      const emp = j % 10 === 3 ? heavy : emps[j % EMPLOYEES]._id;
      const worked = status === 'accepted' || status === 'completed';
      const _id = new ObjectId();
      if (status === 'pending') pending.push(String(_id));
      batch.push({
        _id,
        user: users[j % customers]._id,
        reference: `SC-${j.toString(36).toUpperCase()}`,
        scheduledAt: new Date(created.getTime() + 7 * 86400_000),
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '3',
        bathrooms: '2',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'No, this is my first time',
        bestDays: created.toISOString().slice(0, 16),
        supplies: 'Please bring supplies and equipment',
        hiringLikelihood: 'Ready to book now',
        postcode: 'EC1A1BB',
        address: `${j % customers} High Street, London`,
        phone: '07700 900123',
        status,
        accepted_by: worked ? emp : null,
        accepted_at: worked ? new Date(created.getTime() + 3600_000) : undefined,
        accept_wait_min: worked ? 60 : undefined,
        declined_by: j % 7 === 0 ? [emps[(j + 1) % EMPLOYEES]._id] : [],
        work_submitted: status === 'completed',
        submitted_work_hours: status === 'completed' ? 2 + (j % 5) * 0.5 : undefined,
        submitted_at: status === 'completed' ? new Date(created.getTime() + 8 * 86400_000) : undefined,
        // The office's review: approved once a fortnight old, a few queried, the recent ones waiting.
        timesheet_status: status === 'completed'
          ? (j % 50 === 11 ? 'queried' : now - created.getTime() > 22 * 86400_000 ? 'approved' : 'submitted')
          : undefined,
        cancelled_at: status === 'rejected' ? new Date(created.getTime() + 2 * 86400_000) : undefined,
        cancel_reason: status === 'rejected' ? 'Customer asked' : undefined,
        created_at: created,
        updated_at: created,
      });
    }
    await Booking.collection.insertMany(batch);
  }
  // Every booking has its reference, as in a database the app has started on before: the start-up
  // backfill's marker says so (the one-off scan is not what a restart of such a database costs).
  await mongoose.connection.db!.collection<{ _id: string; done_at: Date; }>('migrations').insertMany(
    [BACKFILL_MARKER, ACCEPT_WAIT_MARKER, SEARCH_KEYS_MARKER].map((_id) => ({ _id, done_at: new Date() })),
  );
  // Files: images of 2 MB (one per post while they last) and CVs of 1 MB, FILES_MB in all.
  const images = Math.floor((FILES_MB * 0.8) / 2);
  const cvs = Math.max(0, FILES_MB - images * 2);
  const db = mongoose.connection.db!;
  const imageBytes = Buffer.alloc(2 * 1024 * 1024, 0x5a);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(imageBytes);
  const blog = new mongoose.mongo.GridFSBucket(db, { bucketName: BLOG_BUCKET });
  // Names as the app generates them (32 hex digits), or the image route answers 404.
  const names = Array.from({ length: images }, () => randomBytes(16).toString('hex') + '.png');
  for (const name of names) await upload(blog, name, imageBytes, 'image/png');
  const cvBucket = new mongoose.mongo.GridFSBucket(db, { bucketName: CV_BUCKET });
  const cv = Buffer.alloc(1024 * 1024, 0x25);
  for (let i = 0; i < cvs; i++) await upload(cvBucket, `cv-${i}.pdf`, cv, 'application/pdf');
  await BlogPost.collection.insertMany(
    Array.from({ length: POSTS }, (_, i) => ({
      title: `Cleaning tip ${i}`,
      title_key: `cleaning tip ${i}`,
      content: `A practical paragraph about keeping a home clean, with detail. `.repeat(60),
      image_path: names[i],
      image_type: i < images ? 'image/png' : undefined,
      author: emps[i % EMPLOYEES]._id,
      created_at: new Date(now - (POSTS - i) * 86400_000),
      updated_at: new Date(now - (POSTS - i) * 86400_000),
    })),
  );
  await seedOffice(admin._id, customers, bookings, now);
  const visits = await seedVisits(users, emps, now);
  const upgradeS = await upgradeSeed(dataDir);
  console.error(`  the seed brought up to this release (every start-up migration run to its end) in ${upgradeS.toFixed(1)} s`);
  await mongoose.disconnect();
  await engine.close();
  return {
    customer: String(users[0]._id),
    employee: String(emps[0]._id),
    pending,
    image: names[0] ?? '',
    admin: String(admin._id),
    heavy: String(heavy),
    visits,
  };
}
