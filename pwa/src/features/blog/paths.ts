/** The page of one post, /blog/{slug}: what the list cards link to and what people share. */
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
