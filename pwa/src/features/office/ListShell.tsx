// The shell of an office list page: its head (title, actions, intro), then the list's states — loading,
// failed, empty — and once loaded, the rows and the pager. One shape for the lists that had each written it.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paged } from '@shared/schemas/office';
import { Spinner } from '@/components/Spinner';
import { ErrorNotice, Pager } from './ui';

/** The page's title with its actions beside it, and the line saying what the page is for. */
export function ListHead({ title, intro, children }: { title: string; intro: string; children?: ReactNode; }) {
  return (
    <>
      <div className="ofc-head">
        <h1>{title}</h1>
        {children}
      </div>
      <p className="muted">{intro}</p>
    </>
  );
}

interface PagedListProps<T extends Paged> {
  query: UseQueryResult<T>;
  /** Said when the list could not be loaded and the server gave no reason. */
  fallback: string;
  /** Said when the list is empty. */
  empty: string;
  isEmpty: (data: T) => boolean;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}

export function PagedList<T extends Paged>({ query, fallback, empty, isEmpty, onPage, children }: PagedListProps<T>) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorNotice error={query.error} fallback={fallback} />;
  if (isEmpty(query.data)) return <p className="muted">{empty}</p>;
  return (
    <>
      {children(query.data)}
      <Pager paged={query.data} onPage={onPage} />
    </>
  );
}
