import imageCompression from 'browser-image-compression';
// Served from our own origin: the library's default loads its web worker script from a public CDN.
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import {
  compressionFailedMessage,
  UPLOAD_RETRIES,
  uploadFailedMessage,
  withRetries,
} from '../../domain/admin/product-form-state.ts';
import { sessionEnded } from '../../stores/session.ts';

export type UploadedMedia = { id: string; url: string; width: number; height: number };

/** Spec 5: at most 800x800 (aspect kept), quality 0.7, off the main thread. */
export async function compressImage(file: File, signal?: AbortSignal): Promise<File> {
  try {
    const options: Parameters<typeof imageCompression>[1] = {
      initialQuality: 0.7,
      maxWidthOrHeight: 800,
      useWebWorker: true,
      // A blob worker resolves relative URLs against blob:, so the script needs an absolute one.
      libURL: new URL(compressionLibUrl, window.location.href).href,
    };
    if (signal) options.signal = signal;
    return await imageCompression(file, options);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(compressionFailedMessage(error instanceof Error ? error.message : String(error)));
  }
}

/** A failed upload attempt; `retry` says whether another attempt may succeed. */
export class UploadError extends Error {
  readonly retry: boolean;
  constructor(message: string, retry: boolean) {
    super(message);
    this.name = 'UploadError';
    this.retry = retry;
  }
}

/** One POST to /api/admin/media; XMLHttpRequest because fetch cannot report upload progress. */
export function sendImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/media');
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    request.timeout = 120_000;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { media?: UploadedMedia; error?: { message?: string } } | null;
      if (request.status >= 200 && request.status < 300 && body?.media) return resolve(body.media);
      // The session ended on the server: the dashboard goes back to the login page.
      if (request.status === 401 || request.status === 403) sessionEnded();
      // The server's refusals (not an image, too large, signed out) will not change on a retry.
      const retry = request.status === 408 || request.status === 429 || request.status >= 500;
      reject(new UploadError(body?.error?.message ?? `HTTP ${request.status}`, retry));
    };
    request.onerror = () => reject(new UploadError('network error', true));
    request.ontimeout = () => reject(new UploadError('timeout', true));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/** Uploads with the spec's retries; a refused file fails at once with the server's message. */
export async function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMedia> {
  try {
    return await withRetries(
      () => {
        onProgress(0);
        return sendImage(file, onProgress, signal);
      },
      {
        retries: UPLOAD_RETRIES,
        shouldRetry: (error) => error instanceof UploadError && error.retry && !signal?.aborted,
        sleep: (ms) => sleep(ms, signal),
      },
      () => new Error(uploadFailedMessage(file.name)),
    );
  } catch (error) {
    // A refusal that was not retried: name the file along with the server's reason.
    if (error instanceof UploadError) throw new Error(`${file.name}: ${error.message}`);
    throw error;
  }
}
