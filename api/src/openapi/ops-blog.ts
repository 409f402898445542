// OpenAPI operations of the blog: public reading and the staff's own posts (spread into document.ts).
import type { z } from 'zod';
import { BLOG_PAGE_SIZE } from '@shared/constants';
import { blogPostFieldsSchema } from '@shared/schemas/blog';
import { blogListQuerySchema, employeeBlogQuerySchema } from '@shared/schemas/paging';
import { PAGE_FIELDS } from './operation-object';
import { type OperationOf, paged } from './operation';

/** Request schemas these operations name. */
export const BLOG_SCHEMAS = {
  BlogPostFields: blogPostFieldsSchema,
} satisfies Record<string, z.ZodType>;

type BlogOp = OperationOf<keyof typeof BLOG_SCHEMAS>;

const op = (o: BlogOp) => o;
const V = [400];

export const BLOG_OPS: BlogOp[] = [
  op({
    method: 'get',
    path: '/api/blog-posts',
    tag: 'blog',
    summary: 'A page of published blog posts, newest first (excerpt and reading time; the text comes with the post)',
    ok: 200,
    answer: ['blog_posts', ...PAGE_FIELDS],
    errors: V,
    paged: paged(blogListQuerySchema, BLOG_PAGE_SIZE),
  }),
  op({
    method: 'get',
    path: '/api/blog-posts/{id}',
    tag: 'blog',
    summary: 'One blog post with its full text',
    ok: 200,
    answer: ['blog_post'],
    errors: [...V, 404],
  }),
  op({
    method: 'get',
    path: '/api/blog-posts/slug/{slug}',
    tag: 'blog',
    summary: 'One blog post by its address (/blog/{slug}), with its full text',
    ok: 200,
    answer: ['blog_post'],
    errors: [404],
  }),
  op({
    method: 'get',
    path: '/uploads/blog/{image_path}',
    tag: 'blog',
    summary: 'A blog image (immutable: names are unique)',
    ok: 200,
    answer: [],
    errors: [404],
    binary: 'image/*',
  }),
  op({
    method: 'get',
    path: '/api/employee/blog-posts',
    tag: 'employee blog',
    summary: 'A page of blog posts, searched and sorted (excerpt and reading time; the text comes with the post)',
    auth: 'employee',
    ok: 200,
    answer: ['blog_posts', ...PAGE_FIELDS],
    errors: [...V, 403],
    paged: paged(employeeBlogQuerySchema),
  }),
  op({
    method: 'get',
    path: '/api/employee/blog-posts/{id}',
    tag: 'employee blog',
    summary: 'One blog post with its full text',
    auth: 'employee',
    ok: 200,
    answer: ['blog_post'],
    errors: [...V, 403, 404],
  }),
  op({
    method: 'post',
    path: '/api/employee/blog-posts',
    tag: 'employee blog',
    summary: 'Create a blog post (optional image: JPEG, PNG, GIF or WebP)',
    auth: 'employee',
    multipart: { fields: 'BlogPostFields', file: 'image', fileTypes: 'JPEG, PNG, GIF, WebP' },
    ok: 201,
    answer: ['blog_post'],
    errors: [...V, 403, 413, 415],
  }),
  op({
    method: 'put',
    path: '/api/employee/blog-posts/{id}',
    tag: 'employee blog',
    summary: 'Update a blog post; a new image replaces the old one',
    auth: 'employee',
    multipart: { fields: 'BlogPostFields', file: 'image', fileTypes: 'JPEG, PNG, GIF, WebP' },
    ok: 200,
    answer: ['blog_post'],
    errors: [...V, 403, 404, 413, 415],
  }),
  op({
    method: 'delete',
    path: '/api/employee/blog-posts/{id}',
    tag: 'employee blog',
    summary: 'Delete a blog post and its image',
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [...V, 403, 404],
  }),
  op({
    method: 'get',
    path: '/api/employee/blog-posts/{id}/image',
    tag: 'employee blog',
    summary: "A blog post's image",
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [...V, 403, 404],
    binary: 'image/*',
  }),
];
