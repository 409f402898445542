// Which index (or COLLSCAN) an explain answer says a query used: searched anywhere in the answer, so it
// reads mongod's classic and slot-based plan shapes, aggregate's $cursor stage and the engine's answer.
export function indexesUsed(explain: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, inPlan: boolean) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, inPlan));
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (inPlan && typeof o.indexName === 'string') out.add(o.indexName);
    if (inPlan && (o.stage === 'COLLSCAN' || o.stage === 'IDHACK')) out.add(o.stage === 'IDHACK' ? '_id_' : 'COLLSCAN');
    for (const [k, x] of Object.entries(o)) if (k !== 'rejectedPlans') walk(x, inPlan || k === 'winningPlan');
  };
  walk(explain, false);
  return [...out];
}
