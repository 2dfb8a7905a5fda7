import type { Sport } from '../../domain/catalog/sports.ts';
import { catalogToCsv } from '../../domain/catalog-csv/export.ts';
import type {
  ImageFailure,
  ImportItem,
  ImportJob,
  ImportResult,
} from '../../domain/catalog-csv/import-job.ts';
import { CsvFileError, type RowError, readCsvTable } from '../../domain/catalog-csv/parse.ts';
import { IMPORT_MESSAGES, type ImportPlan, planImport } from '../../domain/catalog-csv/plan.ts';
import { csvProducts } from '../../domain/catalog-csv/rows.ts';
import { AppError } from '../../domain/errors.ts';
import { teamsOfSport } from '../catalog/singles-query.ts';
import { storefrontCategories } from '../catalog/storefront-data.ts';
import type { Container } from '../container.ts';
import { readBody } from '../http/http.ts';
import { guardedImageFetcher } from './image-fetch.ts';
import type { ImageNetwork } from './image-network.ts';
import { queueImportJob, runQueuedImports } from './import-jobs.ts';
import { fetchRemoteImages } from './remote-images.ts';

export const IMPORT_LIMIT_BYTES = 20 * 1024 * 1024;
/** The dry run lists this many of the rows it changes (the counts cover all; errors are all listed). */
const LISTED = 500;

/** The whole catalogue, or one sport's cards, as the shop's product CSV. */
export async function exportCatalog(
  container: Container,
  sport: Sport | undefined,
  origin: string,
): Promise<string> {
  let products = await container.commerce.listProducts();
  if (sport) {
    const teams = new Set(
      teamsOfSport(await storefrontCategories(container), sport).map((team) => team.toLowerCase()),
    );
    products = products.filter((product) => product.tags.some((tag) => teams.has(tag.toLowerCase())));
  }
  // Oldest first, so an import into an empty shop creates them in the same order (same "newest").
  return catalogToCsv([...products].reverse(), origin);
}

/** The uploaded file as text: UTF-8 only, at most 20 MB. */
export async function readImportFile(request: Request): Promise<string> {
  const bytes = await readBody(request, IMPORT_LIMIT_BYTES, 'Το αρχείο είναι μεγαλύτερο από 20 MB.');
  if (bytes.byteLength === 0) throw new AppError('invalid', 'Το αρχείο είναι κενό.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid', 'Το αρχείο πρέπει να είναι κείμενο UTF-8 (CSV).');
  }
}

/** The hosts the owner lets the import fetch images from (settings, decision 090). */
const imageHosts = async (container: Container) => (await container.settings.get()).csv.imageHosts;

/**
 * Reads and checks the whole file against the catalogue; writes nothing and fetches nothing (it
 * counts the images the import would fetch, and names each URL it would not).
 */
export async function planCatalogImport(
  container: Container,
  text: string,
  origin: string,
  hosts?: readonly string[],
): Promise<ImportPlan> {
  let table: ReturnType<typeof readCsvTable>;
  try {
    table = readCsvTable(text);
  } catch (error) {
    if (error instanceof CsvFileError) {
      const errors: RowError[] = [{ line: error.line, field: '', message: error.message }];
      return {
        products: [],
        errors,
        notices: [],
        counts: { create: 0, update: 0, skip: 0, errors: 1 },
        remoteImages: 0,
      };
    }
    throw error;
  }
  const plan = planImport(
    csvProducts(table),
    await container.commerce.listProducts(),
    origin,
    hosts ?? (await imageHosts(container)),
  );
  await checkOwnImages(container, plan);
  return plan;
}

/**
 * Every image the file names on this shop's media, and that the product does not have yet, must
 * be there to copy: checked in the dry run, so the commit cannot fail on it after the check said
 * yes. (On Shopify the shop keeps no media files of its own, so such an image is an error there.)
 */
async function checkOwnImages(container: Container, plan: ImportPlan): Promise<void> {
  const found = new Map<string, boolean>();
  for (const product of plan.products) {
    for (const image of product.images ?? []) {
      if (image.kind !== 'own' || image.existingId) continue;
      let there = found.get(image.name);
      if (there === undefined) {
        there = await container.media.exists(image.name);
        found.set(image.name, there);
      }
      if (!there)
        plan.errors.push({
          line: image.line,
          field: 'Image Src',
          message: IMPORT_MESSAGES.missingImage(image.url),
        });
    }
  }
  plan.errors.sort((a, b) => a.line - b.line);
  plan.counts.errors = plan.errors.length;
}

/**
 * What the dashboard shows of a plan: counts, the images the import would fetch, every error and
 * notice, and the first rows.
 */
export function planSummary(plan: ImportPlan) {
  return {
    counts: plan.counts,
    images: plan.remoteImages,
    errors: plan.errors,
    notices: plan.notices,
    rows: plan.products
      .filter((product) => product.action !== 'skip')
      .slice(0, LISTED)
      .map((product) => ({
        line: product.line,
        handle: product.handle,
        title: product.title,
        action: product.action,
      })),
  };
}

/** The plan of a file that must have no error: the commit's check, and the job's again. */
async function checkedPlan(
  container: Container,
  text: string,
  origin: string,
  hosts?: readonly string[],
): Promise<ImportPlan> {
  const plan = await planCatalogImport(container, text, origin, hosts);
  if (plan.errors.length > 0)
    throw new AppError('invalid', `Το αρχείο έχει ${plan.errors.length} σφάλματα· δεν αποθηκεύτηκε τίποτα.`, {
      file: 'errors',
    });
  return plan;
}

/**
 * Checks the file again and, when no row has an error, queues it: the main process applies it
 * (runQueuedCatalogImports) and the dashboard polls the job. A file with any error writes nothing.
 * The job's steps are the images to fetch, then the products to write; `images` says how many of
 * the steps are images.
 */
export async function commitCatalogImport(
  container: Container,
  text: string,
  origin: string,
): Promise<ImportJob & { images: number }> {
  const plan = await checkedPlan(container, text, origin);
  const changes = plan.products.filter((product) => product.action !== 'skip').length;
  const job = await queueImportJob(container, plan.remoteImages + changes, text, origin);
  return { ...job, images: plan.remoteImages };
}

/**
 * What only tests pass to the import (decision 090): the network its images are fetched through,
 * a local server in the CDN's place. The app never sets it: neither the environment nor a request
 * reaches it, and without it images come from the internet through the guarded fetcher.
 */
export type CatalogImportSeams = { imageNetwork?: ImageNetwork };

/**
 * Applies one queued file: planned again against the catalogue as it is now; images fetched from
 * the owner's image hosts and stored through the media port (a failed one is reported with its row
 * and the product goes on without it), images from this shop's own media copied; then every
 * product written by the commerce port (one transaction on the embedded engine).
 */
async function applyCatalogImport(
  container: Container,
  job: { file: string; origin: string },
  progress: (done: number) => void,
  seams: CatalogImportSeams,
): Promise<ImportResult> {
  const hosts = await imageHosts(container);
  const plan = await checkedPlan(container, job.file, job.origin, hosts);
  const changes = plan.products.filter((product) => product.action !== 'skip');
  const remoteUrls = [
    ...new Set(
      changes.flatMap((product) =>
        (product.images ?? []).flatMap((image) => (image.kind === 'remote' ? [image.url] : [])),
      ),
    ),
  ];
  const fetchImage = guardedImageFetcher({ hosts, network: seams.imageNetwork });
  const remote = await fetchRemoteImages(remoteUrls, fetchImage, container.media, progress);
  const failed: ImageFailure[] = [];
  const items: ImportItem[] = [];
  const copied = new Map<string, string>();
  for (const product of changes) {
    let mediaIds = (product.existing?.images ?? []).map((image) => image.id);
    if (product.images !== null) {
      mediaIds = [];
      for (const image of product.images) {
        if (image.kind === 'remote') {
          const fetched = remote.get(image.url);
          if (fetched?.ok) mediaIds.push(fetched.id);
          else failed.push({ line: image.line, url: image.url, message: fetched?.message ?? '' });
          continue;
        }
        if (image.existingId) {
          mediaIds.push(image.existingId);
          continue;
        }
        const known = copied.get(image.name);
        if (known) {
          mediaIds.push(known);
          continue;
        }
        const file = await container.media.read(image.name);
        // Checked in the plan; gone since only if deleted in the meantime.
        if (!file) throw new AppError('invalid', IMPORT_MESSAGES.missingImage(image.url));
        const stored = await container.media.store(file.bytes, image.name);
        copied.set(image.name, stored.id);
        mediaIds.push(stored.id);
      }
    }
    items.push({ id: product.existing?.id ?? null, input: { ...product.input, mediaIds } });
  }
  const result = await container.commerce.importProducts(items, (done) => progress(remoteUrls.length + done));
  if (remoteUrls.length === 0) return result;
  const fetched = [...remote.values()].filter((image) => image.ok).length;
  return { ...result, images: { fetched, failed } };
}

/** Runs every queued catalogue import (the main process, on a timer; tests pass their seams). */
export const runQueuedCatalogImports = (container: Container, seams: CatalogImportSeams = {}) =>
  runQueuedImports(container, (job, progress) => applyCatalogImport(container, job, progress, seams));
