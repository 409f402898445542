// A key rotation's work: every home's sealed fields opened with whichever key sealed them and sealed
// again with the new one, a batch at a time; a value already sealed with the new key is left (a run
// cut short and run again does only what is left).
import { Home, type HomeDoc } from '../../models/Home';
import { openField, sealField, sealedWith } from '../../lib/field-crypto';
import { SEALED_HOME_FIELDS } from './home-view';

const BATCH = 200;

export async function resealHomes(next: Buffer): Promise<{ homes: number; fields: number; }> {
  let homes = 0;
  let fields = 0;
  let after: HomeDoc['_id'] | null = null;
  for (;;) {
    const rows: HomeDoc[] = await Home.find(after ? { _id: { $gt: after } } : {}).sort({ _id: 1 }).limit(BATCH).lean<HomeDoc[]>();
    if (!rows.length) return { homes, fields };
    for (const h of rows) {
      const set: Record<string, string> = {};
      for (const f of SEALED_HOME_FIELDS) {
        const value = h[f] ?? '';
        if (value && !sealedWith(value, next)) set[f] = sealField(openField(value), next);
      }
      if (Object.keys(set).length) {
        // Only if unchanged since read: a value written meanwhile is already sealed with the new key.
        const done = await Home.updateOne({ _id: h._id, ...Object.fromEntries(Object.keys(set).map((f) => [f, h[f as keyof HomeDoc]])) }, { $set: set });
        if (done.modifiedCount) {
          homes++;
          fields += Object.keys(set).length;
        }
      }
    }
    after = rows[rows.length - 1]._id;
  }
}
