import { useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_INTERVAL_MS, swipeDirection, wrapIndex } from '../domain/carousel/carousel.ts';

const CLICK_SLOP_PX = 10;

export type Slide = { href: string; image: string; alt: string; title: string };

/** Home carousel: auto-advances every 5 s and wraps; arrows, dots and drags restart the timer. */
export default function HeroCarousel({ slides }: { slides: Slide[] }) {
  const [index, setIndex] = useState(0);
  // Bumped on every manual change so the auto-advance timer starts over.
  const [timerEpoch, setTimerEpoch] = useState(0);
  const dragStart = useRef<number | null>(null);
  const dragged = useRef(false);

  const go = useCallback(
    (next: number) => {
      setIndex(wrapIndex(next, slides.length));
      setTimerEpoch((epoch) => epoch + 1);
    },
    [slides.length],
  );

  useEffect(() => {
    void timerEpoch;
    const timer = setInterval(
      () => setIndex((current) => wrapIndex(current + 1, slides.length)),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [slides.length, timerEpoch]);

  const onPointerDown = (event: React.PointerEvent) => {
    dragStart.current = event.clientX;
    dragged.current = false;
  };
  const onPointerUp = (event: React.PointerEvent) => {
    if (dragStart.current === null) return;
    const deltaX = event.clientX - dragStart.current;
    dragStart.current = null;
    // Any real drag is not a click on the slide's link, even one too short to change slide.
    dragged.current = Math.abs(deltaX) > CLICK_SLOP_PX;
    const direction = swipeDirection(deltaX);
    if (direction !== 0) go(index + direction);
  };

  return (
    <section
      className="relative overflow-hidden rounded-card bg-ink select-none"
      aria-roledescription="carousel"
      aria-label="Προτεινόμενες κατηγορίες"
      data-testid="hero-carousel"
      data-index={index}
    >
      <div
        className="flex touch-pan-y transition-transform duration-500 ease-out"
        // No style attribute in the pre-rendered HTML (the CSP allows none); React moves the strip
        // through the CSSOM once the shopper changes slide.
        style={index === 0 ? undefined : { transform: `translateX(-${index * 100}%)` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          dragStart.current = null;
        }}
      >
        {slides.map((slide, slideIndex) => (
          <a
            key={slide.href}
            href={slide.href}
            className="block aspect-video w-full shrink-0"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} από ${slides.length}: ${slide.title}`}
            inert={slideIndex !== index}
            draggable={false}
            onClick={(event) => {
              // A drag that changed slide is not a click on the link.
              if (dragged.current) {
                event.preventDefault();
                dragged.current = false;
              }
            }}
          >
            <img
              src={slide.image}
              alt={slide.alt}
              width="1600"
              height="900"
              className="size-full object-cover"
              draggable={false}
              loading={slideIndex === 0 ? 'eager' : 'lazy'}
              fetchPriority={slideIndex === 0 ? 'high' : 'auto'}
            />
          </a>
        ))}
      </div>
      <button
        type="button"
        className="absolute top-1/2 left-2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-paper/85 text-2xl text-ink shadow-card hover:bg-paper"
        aria-label="Προηγούμενη διαφάνεια"
        onClick={() => go(index - 1)}
      >
        ‹
      </button>
      <button
        type="button"
        className="absolute top-1/2 right-2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-paper/85 text-2xl text-ink shadow-card hover:bg-paper"
        aria-label="Επόμενη διαφάνεια"
        onClick={() => go(index + 1)}
      >
        ›
      </button>
      <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
        {slides.map((slide, dotIndex) => (
          <button
            key={slide.href}
            type="button"
            className="grid size-8 place-items-center"
            aria-label={`Διαφάνεια ${dotIndex + 1}`}
            aria-current={dotIndex === index ? 'true' : undefined}
            onClick={() => go(dotIndex)}
          >
            <span
              className={`block size-2.5 rounded-full ${dotIndex === index ? 'bg-paper' : 'bg-paper/50'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
