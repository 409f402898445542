import { api } from '../../../lib/api';
import type { BlogPost } from '../../../../../shared/schemas/blog';

export const fetchPosts = () => api<{ blog_posts: BlogPost[] }>('/api/employee/blog-posts', { auth: 'employee' }).then((r) => r.blog_posts);

export const deletePost = (id: string) => api(`/api/employee/blog-posts/${id}`, { method: 'DELETE', auth: 'employee' });
