/** Widths the media route renders a stored image at; any other width is refused (no arbitrary resizing). */
export const IMAGE_WIDTHS = [320, 480, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * `sizes` for the card grids (2 columns on phones, 3 from md, 5-6 from lg). The layout stops growing at
 * 1280 px (max-w-7xl), where a card is about 200 px wide whatever the screen.
 */
export const GRID_SIZES = '(min-width: 1280px) 210px, (min-width: 768px) 30vw, 48vw';

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

/** Where a variant is kept beside the originals (a folder, a bucket's keys): w<width>/<name>.webp. */
export const variantFile = (name: string, width: number): string => `w${width}/${name}.webp`;

/**
 * Where browsers fetch stored images (decision 094): unset, from the shop at /media/<name>, its
 * variants rendered on first request at ?w=<width>; with MEDIA_PUBLIC_URL (S3 only), straight
 * from the bucket or a CDN in front of it, the variants being the bucket's own objects.
 */
export type MediaUrlSettings = { publicUrl?: string | undefined };

/** A stored image's URL and its variants' (the srcset's entries), widest last. */
export type ImageUrls = { url: string; variants: ReadonlyArray<{ width: ImageWidth; url: string }> };

/**
 * The one place a stored image's URLs are made, from its file name (the media row's). Every
 * reader of the rows (products, carts, the upload's answer) asks here, and so do srcSet() and
 * variantUrl() for the /media/ URLs the pages receive.
 */
export function imageUrls(settings: MediaUrlSettings, name: string): ImageUrls {
  const base = settings.publicUrl?.replace(/\/+$/, '');
  if (!base)
    return {
      url: `/media/${name}`,
      variants: IMAGE_WIDTHS.map((width) => ({ width, url: `/media/${name}?w=${width}` })),
    };
  return {
    url: `${base}/${name}`,
    variants: IMAGE_WIDTHS.map((width) => ({ width, url: `${base}/${variantFile(name, width)}` })),
  };
}

/**
 * The name of a stored image the shop serves itself (/media/<name>; static placeholders and SVGs
 * have no variants); null for any other URL. An image in the bucket under MEDIA_PUBLIC_URL gets
 * none here: a page cannot tell the bucket's or CDN's URL from another host's that happens to end
 * in a name of the same shape (a Shopify file does), and pointing at variants that host does not
 * have shows no picture. Those pages load the original until the images carry their variants.
 */
function storedImageOf(url: string): { settings: MediaUrlSettings; name: string } | null {
  const own = /^\/media\/([^/?#]+)$/.exec(url)?.[1];
  return own && !own.toLowerCase().endsWith('.svg') ? { settings: {}, name: own } : null;
}

/** The URL of a stored image at one of IMAGE_WIDTHS; any other URL is returned unchanged. */
export function variantUrl(url: string, width: ImageWidth): string {
  const stored = storedImageOf(url);
  if (!stored) return url;
  return (
    imageUrls(stored.settings, stored.name).variants.find((variant) => variant.width === width)?.url ?? url
  );
}

/** A `srcset` of every variant of a stored image; undefined (no attribute) for any other URL. */
export function srcSet(url: string | null | undefined): string | undefined {
  const stored = url ? storedImageOf(url) : null;
  if (!stored) return undefined;
  return imageUrls(stored.settings, stored.name)
    .variants.map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}
