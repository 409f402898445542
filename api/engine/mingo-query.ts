// mingo builds a Query's options from plain ones by copying its whole operator table (a few hundred
// entries) into a new context, and from an options object of its own class by sharing its context.
// The engine builds a Query for every filter with an operator (several per request), so it builds them
// from one such object: the one mingo hands a query operator, taken once at load with the engine's
// settings. Should a later mingo not hand it over, queries are built from the plain options as before.
import { Query } from 'mingo';
import { Context } from 'mingo/core';
import { Query as BaseQuery } from 'mingo/query';
import { MingoError } from 'mingo/util';
import type { Doc } from './values.js';

/** No server-side JavaScript ($where, $function), and mongod's strict comparisons. */
export const mingoOptions = { scriptEnabled: false, useStrictMode: true } as const;

type Options = NonNullable<ConstructorParameters<typeof BaseQuery>[1]>;

// An operator no filter can name to any effect: once the options are taken it fails as an unknown one would.
const PROBE = '$__engineQueryOptions';
let taken: Options | undefined;
new Query({ probe: { [PROBE]: 1 } }, {
  ...mingoOptions,
  context: Context.init().addQueryOps({
    [PROBE]: (_selector: string, _value: unknown, options: Options) => {
      if (taken) throw new MingoError(`unknown query operator ${PROBE}`);
      taken = options;
      return () => false;
    },
  }),
});

/** Whether mingo handed over its options object with the engine's settings (a test checks it still does). */
export const sharedQueryOptions = taken?.constructor?.name === 'ComputeOptions' && (taken as { scriptEnabled?: boolean; }).scriptEnabled === false;
const shared = sharedQueryOptions ? taken! : undefined;

/** How many queries the engine has built since it loaded (its tests check a path builds none). */
export const queriesBuilt = { count: 0 };

/** A mingo Query of `condition` (in its view form), with every operator mingo has and the engine's settings. */
export function mingoQuery(condition: Doc): Query {
  queriesBuilt.count++;
  return shared ? (new BaseQuery(condition, shared) as Query) : new Query(condition, mingoOptions);
}
