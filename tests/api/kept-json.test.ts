// http/kept-json.ts: a kept answer's JSON is made once and given as the same bytes to every request.
import { describe, expect, it } from 'vitest';
import type { Context } from 'koa';
import { answerKept } from '../../api/src/http/kept-json';

const ctx = () => ({ type: '', body: undefined as unknown }) as unknown as Context & { body: Buffer; };

describe('answerKept', () => {
  it('answers { success: true, ...answer } as JSON, written once per answer object', () => {
    const answer = { from: '2026-11-23', visits: [{ id: 'a', n: "Zoë “Quotes” O'Brien" }] };
    const [a, b, c] = [ctx(), ctx(), ctx()];
    answerKept(a, answer);
    answerKept(b, answer);
    expect(a.type).toBe('application/json');
    expect(JSON.parse(a.body.toString('utf8'))).toEqual({ success: true, ...answer });
    expect(b.body).toBe(a.body);
    // Another answer (a write made a new one) is written afresh.
    answerKept(c, { ...answer, from: '2026-11-30' });
    expect(c.body).not.toBe(a.body);
    expect(JSON.parse(c.body.toString('utf8')).from).toBe('2026-11-30');
  });
});
