// The cleaner's own rating on the dashboard: the average of the stars customers gave their visits, in
// words ("4.5 of 5", from how many), or "No ratings yet". Online only (it changes as customers rate).
import { useQuery } from '@tanstack/react-query';
import { api, NetworkError } from '@/lib/api';
import { NOTICES_UI_MSG as N } from '@shared/messages-notices-ui';
import { employeeKeys } from '../keys';

/** Under the portal's prefix, so a sign-out drops it with the rest. */
const ratingKey = [...employeeKeys.all, 'ratings', 'summary'] as const;

export function MyRating() {
  const q = useQuery({
    queryKey: ratingKey,
    queryFn: () => api<{ average: number | null; count: number; }>('/api/employee/ratings/summary', { auth: 'employee' }),
    retry: false,
  });
  const rated = q.data && q.data.average !== null && q.data.count > 0;
  return (
    <div className="card emp-stat emp-rating" role="group" aria-labelledby="emp-rating-label">
      <p className="emp-stat__label" id="emp-rating-label">
        {N.myRating}
      </p>
      {q.isPending ?
        <p className="emp-stat__value">—</p> :
        q.isError ?
        <p className="muted">{q.error instanceof NetworkError ? N.myRatingOffline : N.myRatingFailed}</p> :
        rated ?
        (
          <>
            <p className="emp-stat__value">
              <span aria-hidden="true" className="emp-rating__star">
                ★{' '}
              </span>
              {N.myRatingValue(q.data.average!)}
            </p>
            <p className="muted emp-rating__count">{N.myRatingCount(q.data.count)}</p>
          </>
        ) :
        (
          <>
            <p className="emp-rating__none">{N.myRatingNone}</p>
            <p className="muted emp-rating__count">{N.myRatingNoneHint}</p>
          </>
        )}
    </div>
  );
}
