/**
 * The home carousel's three slides (spec section 2: EUROLEAGUE, SOCCER, NFL, each linking to its
 * singles). Their words are text the page writes over the picture, never part of the image: they
 * stay sharp and readable on a phone, and a screen reader reads them.
 */
export type Slide = {
  href: string;
  /** A picture without words; the text below is laid over it. */
  image: string;
  /** The sport, on the badge above the headline. */
  sport: string;
  /** The headline, in two parts: the second is highlighted. */
  headline: readonly [string, string];
  lead: string;
};

/** The call to action every slide ends with (the whole slide is the link). */
export const SLIDE_ACTION = 'Δες τις κάρτες';

export const HOME_SLIDES: readonly Slide[] = [
  {
    href: '/singles?category=EUROLEAGUE',
    image: '/images/hero/euroleague.svg',
    sport: 'EUROLEAGUE',
    headline: ['Euroleague', 'κάρτες'],
    lead: 'Οι σταρ του ευρωπαϊκού μπάσκετ',
  },
  {
    href: '/singles?category=SOCCER',
    image: '/images/hero/soccer.svg',
    sport: 'SOCCER',
    headline: ['Κάρτες', 'ποδοσφαίρου'],
    lead: 'Premier League, La Liga, Serie A και άλλα',
  },
  {
    href: '/singles?category=NFL',
    image: '/images/hero/nfl.svg',
    sport: 'NFL',
    headline: ['NFL', 'κάρτες'],
    lead: 'Rookies, parallels και PSA 10',
  },
];

/** A headline as one line of text, as a screen reader reads it. */
export const headlineText = ({ headline }: { readonly headline: readonly string[] }): string =>
  headline.join(' ');

/** The static picture beside the carousel on wide screens, and the words laid over it. */
export const SIDE_PANEL = {
  image: '/images/hero/side.svg',
  headline: ['Νέες κάρτες', 'κάθε εβδομάδα'] as const,
  lead: 'NBA · Euroleague · NFL · Soccer',
};
