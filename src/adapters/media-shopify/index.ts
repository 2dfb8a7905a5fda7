import { z } from 'zod';
import {
  type RetryOptions,
  UPLOAD_RETRIES,
  uploadFailedMessage,
  withRetries,
} from '../../domain/admin/product-form-state.ts';
import { AppError } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import type { MediaPort } from '../../ports/media.ts';
import type { ShopifyClient } from '../commerce-shopify/client.ts';
import { userErrorText } from '../commerce-shopify/client.ts';
import { ADMIN_STAGED_UPLOADS_CREATE } from '../commerce-shopify/documents/admin.ts';
import { parseWire } from '../commerce-shopify/reshape.ts';
import { encodeImage } from '../images/encode-image.ts';

/**
 * Product images on Shopify, through staged uploads (spec section 7, item 2): the bytes are checked
 * and re-encoded here first, as on the embedded engine, then stagedUploadsCreate gives a target, the
 * file goes there (multipart POST, the target's parameters first), and the target's resourceUrl is
 * the media id. The commerce adapter hands that URL to productCreate / productUpdate as the new
 * medium's originalSource; Shopify then serves the image from its CDN, so nothing is read back here.
 * The upload is retried twice, 2000 ms × the attempt's number apart (spec section 9).
 */
const staged = z.object({
  stagedUploadsCreate: z
    .object({
      stagedTargets: z
        .array(
          z.object({
            url: z.string().nullable(),
            resourceUrl: z.string().nullable(),
            parameters: z.array(z.object({ name: z.string(), value: z.string() })),
          }),
        )
        .nullable(),
      userErrors: z.array(z.object({ message: z.string() })),
    })
    .nullable(),
});

export const STAGED_URLS_FAILED = (detail: string) => `Αποτυχία λήψης URLs για ανέβασμα εικόνων: ${detail}`;

/** An upload answer that another attempt may change (a dropped connection, 408, 429, 5xx). */
class TransientUpload extends Error {}

export type ShopifyMediaOptions = {
  fetch?: typeof fetch;
  sleep?: RetryOptions['sleep'];
  timeoutMs?: number;
};

export function createShopifyMedia(admin: ShopifyClient, options: ShopifyMediaOptions = {}): MediaPort {
  const send = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function target(fileName: string, contentType: string, size: number) {
    let answer: z.infer<typeof staged>;
    try {
      answer = parseWire(
        staged,
        await admin.request(ADMIN_STAGED_UPLOADS_CREATE, {
          input: [
            {
              resource: 'IMAGE',
              filename: fileName,
              mimeType: contentType,
              fileSize: String(size),
              httpMethod: 'POST',
            },
          ],
        }),
        'staged upload',
      );
    } catch (error) {
      throw new AppError(
        'unavailable',
        STAGED_URLS_FAILED(error instanceof Error ? error.message : String(error)),
      );
    }
    const payload = answer.stagedUploadsCreate;
    const found = payload?.stagedTargets?.[0];
    if (!found?.url || !found.resourceUrl)
      throw new AppError(
        'unavailable',
        STAGED_URLS_FAILED(userErrorText(payload?.userErrors) || 'no target'),
      );
    return { url: found.url, resourceUrl: found.resourceUrl, parameters: found.parameters };
  }

  return {
    async store(bytes, originalName) {
      const image = await encodeImage(bytes, originalName);
      const { url, resourceUrl, parameters } = await target(
        image.fileName,
        image.contentType,
        image.data.byteLength,
      );
      await withRetries(
        async () => {
          const form = new FormData();
          // The storage service reads the signed parameters first and the file last.
          for (const parameter of parameters) form.append(parameter.name, parameter.value);
          form.append(
            'file',
            new Blob([new Uint8Array(image.data)], { type: image.contentType }),
            image.fileName,
          );
          let response: Response;
          try {
            response = await send(url, {
              method: 'POST',
              body: form,
              signal: AbortSignal.timeout(timeoutMs),
            });
          } catch (error) {
            throw new TransientUpload(error instanceof Error ? error.message : String(error));
          }
          if (response.ok) return;
          const status = `HTTP ${response.status}`;
          if (response.status === 408 || response.status === 429 || response.status >= 500)
            throw new TransientUpload(status);
          throw new AppError('unavailable', `Αποτυχία ανεβάσματος εικόνων: ${status}`);
        },
        { retries: UPLOAD_RETRIES, shouldRetry: (error) => error instanceof TransientUpload, sleep },
        (error) => {
          log.error('Shopify: a staged image upload failed', { file: image.fileName, error });
          return new AppError('unavailable', uploadFailedMessage(originalName));
        },
      );
      // Shopify shows the image once it is attached to a product; until then the browser keeps its preview.
      return {
        id: resourceUrl,
        url: '',
        width: image.width,
        height: image.height,
        contentType: image.contentType,
      };
    },

    // Shopify's CDN serves product images; nothing is stored on this server.
    read: async () => null,
    exists: async () => false,
    readVariant: async () => null,
    // Staged uploads that no product took expire on Shopify by themselves.
    purgeUnused: async () => 0,
  };
}
