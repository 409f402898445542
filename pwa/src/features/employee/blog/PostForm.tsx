// Create / edit a blog post: title and content required, URL-type social links,
// an optional image with the format hint and a live upload progress bar.
import { useState } from 'react';
import { Field, TextArea } from '@/components/Field';
import { FormButtons } from '@/components/FormButtons';
import { ApiError } from '@/lib/api';
import { BLOG_IMAGE_MIME_TYPES } from '@shared/constants';
import { STAFF_MSG } from '@shared/messages-staff';
import { blogPostFieldsSchema, type BlogPost, type BlogPostFields } from '@shared/schemas/blog';
import { useForm } from '@/lib/form/useForm';
import { textValues } from '@/lib/form/textValues';

const SOCIAL: { key: 'facebook_link' | 'instagram_link' | 'twitter_link' | 'youtube_link'; label: string; }[] = [
  { key: 'facebook_link', label: 'Facebook link' },
  { key: 'instagram_link', label: 'Instagram link' },
  { key: 'twitter_link', label: 'Twitter link' },
  { key: 'youtube_link', label: 'YouTube link' },
];

// JPG is image/jpeg; the extension list helps pickers that filter by name.
const ACCEPT = [...BLOG_IMAGE_MIME_TYPES, '.jpg', '.jpeg', '.png', '.gif', '.webp'].join(',');

interface Props {
  post: BlogPost | null;
  busy: boolean;
  /** 0..1 while uploading, null when idle. */
  progress: number | null;
  error: unknown;
  onSave: (form: FormData) => void;
  onCancel: () => void;
}

const FIELDS = ['title', 'content', ...SOCIAL.map((s) => s.key)] as const;
const initial = (p: BlogPost | null): Required<BlogPostFields> => textValues(p, FIELDS);

export function PostForm({ post, busy, progress, error, onSave, onCancel }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const form = useForm({
    initial: () => initial(post),
    schema: blogPostFieldsSchema,
    onSubmit: (data) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(data)) body.append(k, v ?? '');
      if (file) body.append('image', file, file.name);
      onSave(body);
    },
  });
  const fields = form.values;
  const serverErrors = error instanceof ApiError ? error.fieldErrors : {};
  const shown = { ...serverErrors, ...form.errors };
  const set = (patch: Partial<BlogPostFields>) => form.setValues((f) => ({ ...f, ...patch }));

  const pct = progress === null ? null : Math.round(progress * 100);
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate className="emp-post-form">
      <Field label="Title" required value={fields.title} error={shown.title} onChange={(e) => set({ title: e.target.value })} />
      <TextArea label="Content" required rows={8} value={fields.content} error={shown.content} onChange={(e) => set({ content: e.target.value })} />
      <Field
        label={post?.image_path ? 'Replace image (optional)' : 'Image (optional)'}
        type="file"
        accept={ACCEPT}
        hint={STAFF_MSG.blogImageHint}
        error={shown.image}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <div className="emp-post-form__social">
        {SOCIAL.map((s) => (
          <Field
            key={s.key}
            label={s.label}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={fields[s.key]}
            error={shown[s.key]}
            onChange={(e) => set({ [s.key]: e.target.value })}
          />
        ))}
      </div>
      {pct !== null && (
        <div className="emp-progress">
          <label htmlFor="blog-upload-progress">{file ? `Uploading ${file.name}` : 'Saving'} — {pct}%</label>
          <progress id="blog-upload-progress" max={100} value={pct}>
            {pct}%
          </progress>
        </div>
      )}
      <FormButtons busy={busy} submitLabel={post ? 'Update Post' : 'Create Post'} busyLabel="Saving…" onCancel={onCancel} lockCancel />
    </form>
  );
}
