import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';

export const titleKey = (title: string) => title.trim().toLowerCase();

const blogPostSchema = new Schema(
  {
    title: { type: String, required: true, trim: true },
    /** The post's address, /blog/{slug}: from the title at creation, unique, never changed. Sparse
     *  only so posts stored before it existed can be given one at start (backfillBlogSlugs). */
    slug: { type: String, index: { unique: true, sparse: true } },
    content: { type: String, required: true },
    /** Unique generated name (`<random>.<ext>`), served at /uploads/blog/{image_path}. */
    image_path: { type: String },
    image_type: { type: String },
    facebook_link: { type: String },
    instagram_link: { type: String },
    twitter_link: { type: String },
    youtube_link: { type: String },
    author: { type: Schema.Types.ObjectId, ref: 'Employee' },
    /** The title in small letters, for the A-Z sort (the embedded engine has no collations). */
    title_key: {
      type: String,
      default(this: { title?: string; }) {
        return titleKey(this.title ?? '');
      },
    },
  },
  STAMPED,
);
// The public list and the employee list are newest first by default; the employee list also sorts A-Z.
blogPostSchema.index({ created_at: -1 });
blogPostSchema.index({ title_key: 1 });

export type BlogPostDoc = InferSchemaType<typeof blogPostSchema> & Stamped;
export const BlogPost = mongoose.model('BlogPost', blogPostSchema);
