import { useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_INTERVAL_MS, swipeDirection, wrapIndex } from '../domain/carousel/carousel.ts';
import { SLIDE_ACTION, type Slide } from '../domain/carousel/home-slides.ts';

const CLICK_SLOP_PX = 10;

const ARROW =
  'grid size-11 place-items-center rounded-full bg-paper/85 text-2xl text-ink shadow-card hover:bg-paper sm:absolute sm:top-1/2 sm:-translate-y-1/2';

/**
 * Home carousel: auto-advances every 5 s and wraps; arrows, dots and drags restart the timer.
 * It holds still while the pointer is over it or focus is inside it (the WAI-ARIA carousel
 * pattern, WCAG 2.2.2), so a shopper reading a slide or using its controls is not moved on.
 * Each slide's words are text over its picture, on a dark veil that keeps them readable, and the
 * controls never cover them: on a phone they sit in a bar under the picture, on wider screens
 * beside and below the words.
 */
export default function HeroCarousel({ slides }: { slides: readonly Slide[] }) {
  const [index, setIndex] = useState(0);
  // Bumped on every manual change so the auto-advance timer starts over.
  const [timerEpoch, setTimerEpoch] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
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
    if (hovered || focused) return;
    const timer = setInterval(
      () => setIndex((current) => wrapIndex(current + 1, slides.length)),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [slides.length, timerEpoch, hovered, focused]);

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
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        // Focus moving between the carousel's own links and buttons keeps it still.
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
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
            className="relative block aspect-[4/3] w-full shrink-0 sm:aspect-video"
            aria-roledescription="slide"
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
            {/* The words below say what the picture is about: to a screen reader it is decoration. */}
            <img
              src={slide.image}
              alt=""
              width="1600"
              height="900"
              className="absolute inset-0 size-full object-cover"
              draggable={false}
              loading={slideIndex === 0 ? 'eager' : 'lazy'}
              fetchPriority={slideIndex === 0 ? 'high' : 'auto'}
            />
            {/* The veil under the words: white text keeps AA contrast over the brightest part of the picture. */}
            <span
              className="absolute inset-0 bg-ink/65 sm:bg-transparent sm:bg-linear-to-r sm:from-ink/90 sm:via-ink/80 sm:via-60% sm:to-ink/10"
              aria-hidden="true"
            />
            {/* Clear of the controls: the arrows' column on each side, the dots' row at the bottom.
                The link's name is its words (no aria-label, which would have to repeat them all). */}
            <span
              className="relative flex h-full flex-col items-start justify-center gap-2 p-4 text-paper sm:max-w-[70%] sm:gap-3 sm:pt-6 sm:pb-14 sm:pl-16 lg:pl-20"
              data-testid="slide-text"
            >
              <span className="sr-only">{`${slideIndex + 1} από ${slides.length}: `}</span>
              <span className="rounded-full bg-accent px-3 py-1 text-xs font-extrabold tracking-widest sm:text-sm">
                {slide.sport}
              </span>
              <span
                className="text-2xl leading-tight font-black tracking-tight sm:text-4xl lg:text-5xl"
                data-testid="slide-headline"
              >
                {slide.headline[0]}{' '}
                <span className="block underline decoration-accent decoration-4 underline-offset-4 sm:decoration-6">
                  {slide.headline[1]}
                </span>
              </span>
              <span className="text-sm font-medium sm:text-lg" data-testid="slide-lead">
                {slide.lead}
              </span>
              <span className="mt-1 rounded-full bg-paper px-4 py-2 text-sm font-extrabold text-ink sm:text-base">
                {SLIDE_ACTION} <span aria-hidden="true">→</span>
              </span>
            </span>
          </a>
        ))}
      </div>
      {/* A bar under the picture on a phone; on wider screens its parts are laid over the picture. */}
      <div className="flex items-center justify-between px-2 py-1 sm:contents">
        <button
          type="button"
          className={`${ARROW} sm:left-2`}
          aria-label="Προηγούμενη διαφάνεια"
          onClick={() => go(index - 1)}
        >
          ‹
        </button>
        <div className="flex justify-center sm:absolute sm:inset-x-0 sm:bottom-2 sm:gap-1">
          {slides.map((slide, dotIndex) => (
            <button
              key={slide.href}
              type="button"
              className="grid size-11 place-items-center sm:size-8"
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
        <button
          type="button"
          className={`${ARROW} sm:right-2`}
          aria-label="Επόμενη διαφάνεια"
          onClick={() => go(index + 1)}
        >
          ›
        </button>
      </div>
    </section>
  );
}
