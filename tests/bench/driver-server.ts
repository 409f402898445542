// Reference server for bench:api: node:http plus the mongodb driver doing the same database work as
// GET /api/user/bookings (the user by id, then that user's bookings newest first) against its own
// embedded engine on a worker thread, as the API runs it — but no Koa, no mongoose, no JWT, no
// validation. It shows how much of the API's cost is the database round trips themselves.
// Usage: node --import tsx tests/bench/driver-server.ts <dataDir> <userId>
import http from 'node:http';
import mongoose from 'mongoose';
import { startEngine } from '../../api/engine/index';

const [dataDir, userId] = process.argv.slice(2);
const engine = await startEngine({ dataDir, port: 0, thread: true });
const client = await new mongoose.mongo.MongoClient(`${engine.uri}?directConnection=true`).connect();
const db = client.db('sparkleclean');
const uid = new mongoose.mongo.ObjectId(userId);

const server = http.createServer(async (req, res) => {
  if (req.url !== '/bookings') {
    res.writeHead(404).end();
    return;
  }
  const user = await db.collection('users').findOne({ _id: uid });
  if (!user || user.blocked) {
    res.writeHead(401).end();
    return;
  }
  const docs = await db.collection('bookings').find({ user: uid }).sort({ created_at: -1 }).toArray();
  const bookings = docs.map(({ _id, user: _u, __v, updated_at: _up, ...rest }) => ({ id: String(_id), ...rest }));
  const body = Buffer.from(JSON.stringify({ success: true, bookings, message: `Found ${bookings.length} bookings` }));
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`driver reference at http://127.0.0.1:${(server.address() as { port: number; }).port}`));
process.on('SIGTERM', async () => {
  server.close();
  await client.close();
  await engine.close();
  process.exit(0);
});
