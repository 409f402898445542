// MongoDB-shaped errors: the driver and mongoose read `code`/`codeName` from `{ ok: 0 }` replies.
export class EngineError extends Error {
  constructor(
    public code: number,
    public codeName: string,
    message: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const codes = {
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  DollarPrefixedFieldName: 52,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  CursorNotFound: 43,
  MaxTimeMSExpired: 50,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CommandNotSupported: 115,
  QueryPlanKilled: 175,
  InterruptedAtShutdown: 11600,
  DuplicateKey: 11000,
  // mongod's command parser (IDL) names a field it does not know with this assertion's number.
  Location40415: 40415,
} as const;

type CodeName = keyof typeof codes;

export function fail(name: CodeName, message: string, extra?: Record<string, unknown>): never {
  throw new EngineError(codes[name], name, message, extra);
}

/** A feature the engine deliberately does not implement: say so instead of answering wrongly. */
export function unsupported(feature: string): never {
  fail('CommandNotSupported', `The embedded engine does not support ${feature}; use a real MongoDB (MONGODB_URI) for it`);
}

export function errorReply(e: unknown): Record<string, unknown> {
  if (e instanceof EngineError) return { ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra };
  // mingo reports bad operators/expressions with plain errors: surface them as BadValue, without a stack.
  const msg = e instanceof Error ? e.message : String(e);
  if (/immutable field '_id'/.test(msg)) return { ok: 0, errmsg: msg, code: codes.ImmutableField, codeName: 'ImmutableField' };
  return { ok: 0, errmsg: msg, code: codes.BadValue, codeName: 'BadValue' };
}
