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

/** A resized copy of a stored image, at a URL of its own. */
export type ImageVariant = { width: number; url: string };

/**
 * An image as pages receive it: its URL and, when the store keeps its resized copies at URLs that
 * cannot be told from the original's (the bucket or a CDN, MEDIA_PUBLIC_URL), their URLs. An image
 * the shop serves at /media/ needs none: its variants follow from its URL.
 */
export type ShownImage = { url: string; variants?: ImageVariant[] | undefined };

/** What a stored image carries to the pages (shownImage's rule above). */
export function shownImage(settings: MediaUrlSettings, name: string): ShownImage {
  const urls = imageUrls(settings, name);
  return settings.publicUrl ? { url: urls.url, variants: [...urls.variants] } : { url: urls.url };
}

/**
 * An image's variants: those it carries, or those the shop renders for its own /media/ URL
 * (static placeholders and SVGs have none); none for any other URL, which may be another host's
 * that has no such copies (a Shopify file).
 */
function variantsOf(image: ShownImage): readonly ImageVariant[] {
  if (image.variants && image.variants.length > 0) return image.variants;
  const own = /^\/media\/([^/?#]+)$/.exec(image.url)?.[1];
  return own && !own.toLowerCase().endsWith('.svg') ? imageUrls({}, own).variants : [];
}

/** The URL of an image at one of IMAGE_WIDTHS; its own URL when it has no such variant. */
export function variantUrl(image: ShownImage, width: ImageWidth): string {
  return variantsOf(image).find((variant) => variant.width === width)?.url ?? image.url;
}

/** A `srcset` of every variant of an image; undefined (no attribute) when it has none. */
export function srcSet(image: ShownImage | null | undefined): string | undefined {
  const variants = image ? variantsOf(image) : [];
  return variants.length > 0
    ? variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ')
    : undefined;
}
