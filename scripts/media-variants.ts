/**
 * npm run media:variants: renders every resized variant (w<width>/<name>.webp) that the bucket
 * lacks, for every stored image (MEDIA_BACKEND=s3). With MEDIA_PUBLIC_URL pages fetch the variants
 * straight from the bucket or a CDN, which cannot render them: an upload stores all of its own,
 * and this does it for the images stored before (decision 094). Idempotent: run it before
 * setting MEDIA_PUBLIC_URL and once more after; a run cut short is simply run again.
 */
import { createS3Media } from '../src/adapters/media-s3/index.ts';
import { AppError } from '../src/domain/errors.ts';
import { s3MediaSettings } from '../src/server/env-media.ts';
import { loadEnvOrExit, openContainerOrExit } from './cli.ts';

const env = loadEnvOrExit();
if (env.MEDIA_BACKEND !== 's3') {
  console.error(
    'Set MEDIA_BACKEND=s3 (with the S3_ settings) first: with images in the data folder the shop renders each variant when a page first asks for it.',
  );
  process.exit(1);
}
const container = await openContainerOrExit(env);
const media = createS3Media(container.database.db, s3MediaSettings(env));
try {
  const started = Date.now();
  const done = await media.renderMissingVariants((images) => {
    if (images % 500 === 0) console.info(`${images} images checked...`);
  });
  console.info(
    `${done.images} images checked, ${done.rendered} variants rendered and stored in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (done.unreadable.length > 0) {
    console.warn(
      `${done.unreadable.length} images have no readable original in the bucket, so no variants:\n  ${done.unreadable.join('\n  ')}`,
    );
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(
    `The image store did not answer (${String((error.cause as Error | undefined)?.message ?? error.message)}); nothing is lost: run npm run media:variants again once it is back.`,
  );
  process.exitCode = 1;
} finally {
  await media.close();
  container.close();
}
