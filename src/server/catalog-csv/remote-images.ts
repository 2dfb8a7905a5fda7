import {
  REMOTE_IMAGE_LIMITS,
  REMOTE_IMAGE_MESSAGES,
  remoteImageName,
} from '../../domain/catalog-csv/remote-images.ts';
import { isAppError } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import type { MediaPort } from '../../ports/media.ts';
import type { ImageFetcher } from './image-fetch.ts';

/** A remote image as the import has it: stored under a media id, or failed with a Greek reason. */
export type RemoteImage = { ok: true; id: string } | { ok: false; message: string };

/**
 * Fetches each URL once (a few at a time) and stores it through the media port exactly as an
 * upload is stored: checked by content, re-encoded, under a generated name (decision 090). A
 * failure is kept with its reason and the rest go on; `progress` counts the URLs done.
 */
export async function fetchRemoteImages(
  urls: readonly string[],
  fetchImage: ImageFetcher,
  media: MediaPort,
  progress: (done: number) => void,
): Promise<Map<string, RemoteImage>> {
  const results = new Map<string, RemoteImage>();
  let next = 0;
  async function worker() {
    while (next < urls.length) {
      const url = urls[next] as string;
      next += 1;
      results.set(url, await fetchAndStore(url, fetchImage, media));
      progress(results.size);
    }
  }
  await Promise.all(Array.from({ length: Math.min(REMOTE_IMAGE_LIMITS.parallel, urls.length) }, worker));
  return results;
}

async function fetchAndStore(url: string, fetchImage: ImageFetcher, media: MediaPort): Promise<RemoteImage> {
  const fetched = await fetchImage(url);
  if (!fetched.ok) return { ok: false, message: fetched.reason };
  try {
    const stored = await media.store(fetched.bytes, remoteImageName(url));
    return { ok: true, id: stored.id };
  } catch (error) {
    // The media port refuses what is not an image (by its bytes) as it refuses such an upload.
    if (isAppError(error))
      return {
        ok: false,
        message: error.kind === 'invalid' ? REMOTE_IMAGE_MESSAGES.notImage : error.message,
      };
    log.error('A fetched catalogue image could not be stored', { url, error });
    return { ok: false, message: REMOTE_IMAGE_MESSAGES.notStored };
  }
}
