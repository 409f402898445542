// Texts of the office lists' paging: a broad filter's total is counted up to a cap (the API answers
// `total_capped: true` beside `total`, the cap), read as "more than 1,000".
export interface ListTotal {
  total: number;
  total_capped?: boolean;
}

export const OFFICE_LISTS_MSG = {
  /** `93 in all`, or `more than 1,000 in all` when the count stopped at its cap. */
  inAll: (t: ListTotal) => (t.total_capped ? `more than ${t.total.toLocaleString('en-GB')} in all` : `${t.total} in all`),
  /** `Page 2 of 5`, or `Page 2 of 50+` when there are more pages than the capped total shows. */
  pageOf: (page: number, pages: number, capped?: boolean) => `Page ${page} of ${pages}${capped ? '+' : ''}`,
} as const;
