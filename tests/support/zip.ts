// Opens a ZIP the server made, with yauzl (a maintained ZIP reader), into its entries' bytes.
import yauzl from 'yauzl';

export async function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z)))
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

/** Every .json entry parsed. */
export function jsonEntries(entries: Map<string, Buffer>): Record<string, unknown> {
  return Object.fromEntries([...entries].filter(([n]) => n.endsWith('.json')).map(([n, b]) => [n, JSON.parse(b.toString('utf8'))]));
}
