// A post's image, which needs the employee token: fetched as a blob through the api client (so a 401
// takes the client's one path), shown via an object URL that is revoked when it is no longer shown.
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STAFF_MSG } from '@shared/messages-staff';
import type { BlogPost } from '@shared/schemas/blog';
import { employeeKeys } from '../keys';
import { fetchPostImage } from './api';

export function PostImage({ post, className = '' }: { post: Pick<BlogPost, 'id' | 'image_path' | 'title'>; className?: string; }) {
  // The version in the key makes an edited image load afresh.
  const image = useQuery({
    queryKey: employeeKeys.blogImage(post.id, post.image_path ?? ''),
    queryFn: () => fetchPostImage(post.id),
    enabled: Boolean(post.image_path),
    staleTime: Infinity,
    retry: 1,
  });
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);

  if (!post.image_path) return null;
  if (image.isError) return <div className={`emp-post-img emp-post-img--failed ${className}`}>{STAFF_MSG.imageLoadFailed}</div>;
  if (!url) return <div className={`emp-post-img emp-post-img--loading ${className}`} aria-hidden="true" />;
  return <img className={`emp-post-img ${className}`} src={url} alt={post.title} loading="lazy" />;
}
