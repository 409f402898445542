// One copy of a person's data as a ZIP, streamed (yazl: a maintained, streaming ZIP writer): the
// README, one JSON file per kind, then their own files read straight from GridFS, never held whole.
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { EXPORT_README, EXPORT_README_HEAD } from '@shared/messages-data-rights';
import type { FileStore } from '../../lib/files';
import type { ExportBundle } from './collect';

export async function zipBundle(files: FileStore, bundle: ExportBundle, at: Date): Promise<Readable> {
  const zip = new ZipFile();
  const mtime = at;
  const names = Object.keys(bundle.json);
  // Only files still stored: a CV removed meanwhile would otherwise break the whole stream.
  const present = (await Promise.all(bundle.files.map(async (f) => ((await files.find(f.bucket, f.filename)) ? f : null)))).filter((f) => f !== null);
  const readme = EXPORT_README_HEAD(bundle.name, at.toISOString()) +
    [...names, ...(present.length ? ['files/'] : [])].map((n) => `${n}\n  ${EXPORT_README[n] ?? ''}\n`).join('');
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'README.txt', { mtime });
  for (const name of names) zip.addBuffer(Buffer.from(JSON.stringify(bundle.json[name], null, 2), 'utf8'), name, { mtime });
  for (const f of present) zip.addReadStream(files.open(f.bucket, f.filename), f.path, { mtime });
  zip.end();
  return zip.outputStream as unknown as Readable;
}

/** A file name for the download: the product, whose, and the day. */
export const exportFileName = (at: Date) => `sparkleclean-my-data-${at.toISOString().slice(0, 10)}.zip`;
