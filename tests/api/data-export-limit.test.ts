// "Download my data": at most 5 copies an hour per account, counted on the server's clock and keyed by
// the account alone (a forged X-Forwarded-For or another device changes nothing), with a clear 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_RIGHTS_MSG as M } from '@shared/messages-data-rights';
import { DataRequest } from '../../api/src/models/DataRequest';
import { EXPORTS_PER_HOUR } from '../../api/src/services/data-rights/export';
import { makeCustomer, makeEmployee } from './employee-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
const HOUR = 3_600_000;

beforeAll(async () => {
  // Trusting a proxy makes X-Forwarded-For the caller's address: it still must not matter.
  v = await startVisitsServer({ TRUST_PROXY: '1' });
  // At the start of a clock hour, so the five and the sixth fall in one.
  await v.setOffset(Math.ceil(Date.now() / HOUR) * HOUR + 60_000 - Date.now());
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const download = (path: string, token: string, headers: Record<string, string> = {}) => v.s.call('GET', path, { token, headers });

describe('Download my data', () => {
  it('gives 5 copies an hour per account, then a clear 429 that a forged header does not lift; the next hour gives again', async () => {
    const c = await makeCustomer(v.s);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      expect((await download('/api/user/data-export', c.token, { 'X-Forwarded-For': `203.0.113.${i}` })).status).toBe(200);
    }
    for (
      const headers of [{}, { 'X-Forwarded-For': '198.51.100.7' }, {
        'X-Forwarded-For': '198.51.100.8',
        'User-Agent': 'Other phone',
        'X-Client-Id': 'another-device',
      }] as Record<string, string>[]
    ) {
      const res = await download('/api/user/data-export', c.token, headers);
      expect([res.status, res.body.message]).toEqual([429, M.exportLimit(EXPORTS_PER_HOUR)]);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await DataRequest.countDocuments({ kind: 'export', 'subject.id': c.id })).toBe(EXPORTS_PER_HOUR);
    // Another account is not held back.
    const other = await makeCustomer(v.s);
    expect((await download('/api/user/data-export', other.token)).status).toBe(200);
    await v.setOffset(Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR + 60_000 - Date.now());
    expect((await download('/api/user/data-export', c.token)).status).toBe(200);
  });

  it('staff likewise', async () => {
    const e = await makeEmployee(v.s);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) expect((await download('/api/employee/data-export', e.token)).status).toBe(200);
    expect((await download('/api/employee/data-export', e.token, { 'X-Forwarded-For': '192.0.2.1' })).status).toBe(429);
  });
});
