// The office's problems: GET /api/admin/problems (a page, newest first, open or resolved), POST
// /api/admin/problems/{id}/resolve, and a visit's photos (GET /api/admin/visits/{id}/photos).
import type { Paged } from '@shared/schemas/office';
import type { PhotoDto, ProblemDto, ProblemState } from '@shared/schemas/photos';
import { officeGet, officeSend, qs } from '../api';

export const PROBLEMS_PAGE_SIZE = 20;

export const problemKeys = {
  all: ['office', 'problems'] as const,
  list: (state: ProblemState, page: number) => ['office', 'problems', state, page] as const,
  photos: (visitId: string) => ['office', 'visit-photos', visitId] as const,
};

export const fetchProblems = (state: ProblemState, page: number) =>
  officeGet<Paged & { problems: ProblemDto[]; }>(`/problems${qs({ state, page: page > 1 ? page : undefined, limit: PROBLEMS_PAGE_SIZE })}`);

export const resolveProblem = (id: string, note: string) => officeSend<{ message: string; }>('POST', `/problems/${encodeURIComponent(id)}/resolve`, { note });

export const fetchVisitPhotos = (visitId: string) => officeGet<{ photos: PhotoDto[]; }>(`/visits/${encodeURIComponent(visitId)}/photos`);
