interface Props {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Previous / numbered / Next page buttons; hidden when everything fits on one page. */
export function Pagination({ page, pageCount, onPage }: Props) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label="Blog pages">
      <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <ul>
        {pages.map((p) => (
          <li key={p}>
            <button
              type="button"
              className={`btn btn--small ${p === page ? 'btn--primary' : 'btn--ghost'}`}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--ghost btn--small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
