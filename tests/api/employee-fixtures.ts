// Test data for the employee, blog and forms tests: accounts and bookings written straight through the
// models (the server runs in this process), and tiny but genuine PNG / PDF / DOC / DOCX files.
import { deflateSync } from 'node:zlib';
import jwt from 'jsonwebtoken';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';
import { createStaff } from '../../api/src/services/accounts/staff';
import type { TestServer } from '../support/test-server';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface TestEmployee {
  id: string;
  email: string;
  password: string;
  name: string;
  token: string;
}

/** An employee account (as the staff CLI makes it) and a token signed the way login signs it. */
export async function makeEmployee(
  srv: TestServer,
  opts: { name?: string; password?: string; role?: 'employee' | 'admin' | 'super-admin'; } = {},
): Promise<TestEmployee> {
  const email = `emp-${unique()}@example.com`;
  const password = opts.password ?? 'secret123';
  const name = opts.name ?? 'Erin Employee';
  const e = await createStaff({ email, name, password, role: opts.role ?? 'employee' }, srv.deps.config.bcryptCost);
  return { id: e.id, email, password, name, token: srv.deps.tokens.sign('employee', e.id, e.role) };
}

export async function makeCustomer(srv: TestServer, opts: { name?: string; phone?: string; address?: string; } = {}) {
  const u = await User.create({
    email: `cust-${unique()}@example.com`,
    name: opts.name ?? 'Carla Customer',
    phone: opts.phone ?? '07700 900123',
    address: opts.address ?? '1 High Street, London',
    role: 'user',
  });
  return { id: String(u._id), email: u.email, name: u.name, token: srv.deps.tokens.sign('customer', String(u._id), 'user') };
}

export async function makeBooking(customerId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const b = await Booking.create({
    user: customerId,
    propertyType: 'House',
    frequency: 'Weekly',
    bedrooms: '2',
    bathrooms: '1',
    receptions: '1',
    cleaningType: 'Standard',
    hasCleaner: 'No, this is my first time',
    bestDays: '2030-01-15T10:00',
    supplies: 'Please bring supplies and equipment',
    hiringLikelihood: 'Ready to book now',
    postcode: 'SW1A1AA',
    ...overrides,
  });
  return String(b._id);
}

/** A token with the right secret and audience that expired an hour ago. */
export function expiredToken(srv: TestServer, aud: 'customer' | 'employee', sub: string): string {
  return jwt.sign({ role: aud === 'employee' ? 'employee' : 'user', exp: Math.floor(Date.now() / 1000) - 3600 }, srv.deps.config.jwtSecret, {
    subject: sub,
    audience: aud,
    algorithm: 'HS256',
  });
}

// --- tiny real files -------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid width×height RGB PNG of one colour. */
export function tinyPng(width = 2, height = 2, rgb: [number, number, number] = [200, 30, 60]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal one-page PDF. */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
}

/** The start of an OLE2 compound file: what an old Word .doc is. */
export function tinyDoc(): Buffer {
  const b = Buffer.alloc(1536);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(b);
  return b;
}

/** A stored (uncompressed) zip with the parts that make it a Word .docx. */
export function tinyDocx(): Buffer {
  const entries: Array<[string, string]> = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      'word/document.xml',
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>CV</w:t></w:r></w:p></w:body></w:document>',
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A multipart body: text fields plus optional files. */
export function form(fields: Record<string, string>, files: Record<string, { data: Buffer; name: string; type?: string; }> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, f] of Object.entries(files)) fd.append(k, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  return fd;
}
