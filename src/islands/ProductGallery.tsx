import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { keyStep, stepIndex } from '../domain/carousel/gallery.ts';
import { CARD_PLACEHOLDER, failedBeforeHydration } from '../domain/media/card-placeholder.ts';
import { type ImageWidth, type ShownImage, variantUrl } from '../domain/media/responsive-image.ts';

export type GalleryImage = ShownImage & { alt: string; width: number | null; height: number | null };
type Props = { images: GalleryImage[]; title: string };

/** The set of broken images with `i` added; the same set when it is already there (no re-render). */
const withIndex = (set: ReadonlySet<number>, i: number) => (set.has(i) ? set : new Set(set).add(i));

/**
 * Product gallery: a large 5:7 image with arrows and thumbnails; the large image opens a full-screen
 * overlay (a native modal <dialog>: the page behind is inert and Escape closes it) with the same controls.
 */
export default function ProductGallery({ images, title }: Props) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = images.length;

  // At a variant's width where the image has one; the placeholder once it failed.
  const srcOf = (i: number, width?: ImageWidth) => {
    const image = images[i];
    if (failed.has(i) || !image) return CARD_PLACEHOLDER;
    return width ? variantUrl(image, width) : image.url;
  };
  const altOf = (i: number) =>
    images[i]?.alt || (count > 1 ? `${title}, εικόνα ${i + 1} από ${count}` : title);
  const fail = (i: number) => setFailed((before) => withIndex(before, i));
  const go = (step: number) => setIndex((current) => stepIndex(current, step, count));

  // An image that broke before hydration fired its error event before React listened (the page's
  // script already shows the placeholder, src/components/image-fallback.ts): catch the state up.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const img of root.current?.querySelectorAll<HTMLImageElement>('img[data-index]') ?? []) {
      const i = Number(img.dataset.index);
      if (failedBeforeHydration(img, images[i]?.url ?? CARD_PLACEHOLDER))
        setFailed((before) => withIndex(before, i));
    }
  }, [images]);

  function openOverlay() {
    dialog.current?.showModal();
    document.documentElement.style.overflow = 'hidden';
    closeButton.current?.focus();
  }

  // Runs however the dialog closed (button or Escape): unlock scrolling, focus back on the opener.
  function onClosed() {
    document.documentElement.style.overflow = '';
    opener.current?.focus();
  }

  function onDialogKey(event: KeyboardEvent<HTMLDialogElement>) {
    const step = keyStep(event.key);
    if (step !== 0 && count > 1) {
      event.preventDefault();
      go(step);
    } else if (event.key === 'Tab') {
      trapTab(event);
    }
  }

  // The modal dialog makes the page inert, but Tab would still wander off into the browser's own UI.
  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
    const first = buttons[0];
    const last = buttons.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (count === 0) {
    return (
      <img
        src={CARD_PLACEHOLDER}
        alt={title}
        width={600}
        height={840}
        className="aspect-[5/7] w-full rounded-card bg-mist object-cover shadow-card"
        data-testid="product-gallery"
      />
    );
  }

  const current = images[index];
  return (
    <div ref={root} className="flex flex-col gap-3" data-testid="product-gallery">
      <div className="relative">
        <button
          ref={opener}
          type="button"
          className="block w-full cursor-zoom-in overflow-hidden rounded-card bg-mist shadow-card"
          aria-label={`Προβολή σε πλήρη οθόνη: ${altOf(index)}`}
          aria-haspopup="dialog"
          onClick={openOverlay}
        >
          <img
            src={srcOf(index, 800)}
            alt={altOf(index)}
            width={current?.width ?? 600}
            height={current?.height ?? 840}
            fetchPriority="high"
            decoding="async"
            data-index={index}
            data-testid="gallery-image"
            data-fallback={CARD_PLACEHOLDER}
            onError={() => fail(index)}
            className="aspect-[5/7] w-full object-cover"
          />
        </button>
        {count > 1 && <Arrows onStep={go} tone="light" />}
      </div>
      {count > 1 && (
        <Thumbnails
          count={count}
          index={index}
          srcOf={srcOf}
          onSelect={setIndex}
          onFail={fail}
          tone="light"
        />
      )}

      <dialog
        ref={dialog}
        aria-modal="true"
        aria-label={`Εικόνες: ${title}`}
        className="size-full max-h-none max-w-none flex-col bg-ink text-paper backdrop:bg-ink open:flex"
        onClose={onClosed}
        onKeyDown={onDialogKey}
      >
        <div className="flex items-center justify-between gap-2 p-2">
          <p className="px-2 text-sm tabular-nums" aria-live="polite" data-testid="gallery-position">
            {index + 1} / {count}
          </p>
          <button
            ref={closeButton}
            type="button"
            className="grid size-11 place-items-center rounded-full text-2xl hover:bg-ink-soft"
            aria-label="Κλείσιμο"
            onClick={() => dialog.current?.close()}
          >
            ×
          </button>
        </div>
        <div className="relative flex min-h-0 grow items-center justify-center px-2">
          <img
            src={srcOf(index)}
            alt={altOf(index)}
            loading="lazy"
            decoding="async"
            data-testid="gallery-image"
            data-fallback={CARD_PLACEHOLDER}
            onError={() => fail(index)}
            className="max-h-full max-w-full object-contain"
          />
          {count > 1 && <Arrows onStep={go} tone="dark" />}
        </div>
        {count > 1 && (
          <div className="p-2">
            <Thumbnails
              count={count}
              index={index}
              srcOf={srcOf}
              onSelect={setIndex}
              onFail={fail}
              tone="dark"
            />
          </div>
        )}
      </dialog>
    </div>
  );
}

type Tone = 'light' | 'dark';

function Arrows({ onStep, tone }: { onStep: (step: number) => void; tone: Tone }) {
  const look =
    tone === 'light'
      ? 'bg-paper/90 text-ink shadow-card hover:bg-paper'
      : 'bg-ink-soft/90 text-paper hover:bg-ink-soft';
  const button = `absolute top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full text-2xl ${look}`;
  return (
    <>
      <button
        type="button"
        className={`${button} left-2`}
        aria-label="Προηγούμενη εικόνα"
        onClick={() => onStep(-1)}
      >
        ‹
      </button>
      <button
        type="button"
        className={`${button} right-2`}
        aria-label="Επόμενη εικόνα"
        onClick={() => onStep(1)}
      >
        ›
      </button>
    </>
  );
}

type ThumbnailsProps = {
  count: number;
  index: number;
  srcOf: (i: number, width?: ImageWidth) => string;
  onSelect: (i: number) => void;
  onFail: (i: number) => void;
  tone: Tone;
};

function Thumbnails({ count, index, srcOf, onSelect, onFail, tone }: ThumbnailsProps) {
  const selected = tone === 'light' ? 'border-ink' : 'border-paper';
  return (
    <ul
      className={`flex flex-wrap gap-2 ${tone === 'dark' ? 'justify-center' : ''}`}
      aria-label="Μικρογραφίες"
    >
      {Array.from({ length: count }, (_, i) => (
        // The position is the identity: the same image may appear twice.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
        <li key={i}>
          <button
            type="button"
            className={`block w-12 overflow-hidden rounded-md border-2 bg-mist sm:w-14 ${i === index ? selected : 'border-transparent opacity-80 hover:opacity-100'}`}
            aria-label={`Εικόνα ${i + 1} από ${count}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => onSelect(i)}
          >
            <img
              src={srcOf(i, 320)}
              alt=""
              width={120}
              height={168}
              loading="lazy"
              decoding="async"
              data-index={i}
              data-fallback={CARD_PLACEHOLDER}
              onError={() => onFail(i)}
              className="aspect-[5/7] w-full object-cover"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
