import type { APIRoute } from 'astro';
import { AppError } from '../../../domain/errors.ts';
import { MAX_UPLOAD_BYTES } from '../../../domain/media/image-files.ts';
import { toResponse } from '../../../server/http/http.ts';
import { uploadSlots } from '../../../server/media/upload-slots.ts';

export const prerender = false;

const NO_VALID_IMAGE = 'Καμία έγκυρη εικόνα δεν ανέβηκε.';

/**
 * One image per request (multipart field "file"). A slot and the size are checked before the body
 * is read (upload-slots.ts), and the bytes are checked by content and re-encoded by the media port;
 * the name only seeds the generated file name.
 */
export const POST: APIRoute = ({ request, locals }) =>
  toResponse(
    async () => {
      const declared = Number(request.headers.get('content-length') ?? 0);
      if (declared > MAX_UPLOAD_BYTES + 64 * 1024)
        throw new AppError('invalid', 'Κάθε εικόνα δεν πρέπει να υπερβαίνει τα 20MB.');
      const release = uploadSlots.take(locals.admin?.id ?? '');
      try {
        return await store(request, locals);
      } finally {
        release();
      }
    },
    { status: 201 },
  );

async function store(request: Request, locals: App.Locals) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError('invalid', NO_VALID_IMAGE);
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new AppError('invalid', NO_VALID_IMAGE);
  if (file.size > MAX_UPLOAD_BYTES)
    throw new AppError('invalid', 'Κάθε εικόνα δεν πρέπει να υπερβαίνει τα 20MB.');
  const stored = await locals.container.media.store(new Uint8Array(await file.arrayBuffer()), file.name);
  return { media: stored };
}
