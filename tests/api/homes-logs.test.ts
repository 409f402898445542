// How to get into a customer's home never reaches a log line: the logger redacts access notes, keys and
// alarm codes at the top level and one object down (a home, a body).
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../api/src/logger';
import { HOME } from './homes-fixtures';

describe('the server’s logger', () => {
  it('redacts access_notes, keys and alarm_code', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    log.info({ home: HOME }, 'home saved');
    log.warn({ access_notes: HOME.access_notes, body: { keys: HOME.keys, alarm_code: HOME.alarm_code } }, 'odd request');
    const text = lines.join('\n');
    expect(lines).toHaveLength(2);
    expect(text).toContain(HOME.address);
    for (const secret of [HOME.access_notes, HOME.keys, HOME.alarm_code]) expect(text).not.toContain(secret);
  });
});
