/**
 * The demo catalogue and the benchmark catalogue, generated from the category documents.
 * Pure and deterministic: the same categories always give the same products, so the fixed title lists
 * (packs, lots, hot and best-value picks) match what the seed creates, and tests can rely on it.
 */

import { type CardFacts, type Condition, EMPTY_FACTS } from '../../src/domain/card-facts/facts.ts';
import type { Category } from '../../src/domain/catalog/category.ts';
import { categoryGroup, SPORT_LABELS, SPORTS, type Sport } from '../../src/domain/catalog/sports.ts';
import {
  BEST_VALUE_PICKS_TITLES,
  HOT_PICKS_TITLES,
  LOT_TITLES,
  MYSTERY_PACK_TITLES,
} from '../../src/domain/catalog/title-lists.ts';

export type CardArt = {
  kind: 'single' | 'pack' | 'lot';
  sport: Sport;
  headline: string;
  subline: string;
  accent: string;
  number?: string;
};

export type SeedProduct = {
  title: string;
  descriptionHtml: string;
  tags: string[];
  productType: string;
  priceCents: number;
  /** The price before an offer (decision 089); null for none. */
  compareAtCents: number | null;
  quantity: number;
  /** Card facts, as a shop owner would fill them in (packs and lots have none). */
  facts: CardFacts;
  art: CardArt;
};

const DEMO_SEED = 20250101;
const GENERATED_SINGLES = 140;
const OFFER_COUNT = 12;
const LOT_COUNT = 12;
const MAX_PRICE_CENTS = 34_900;
const MIN_PRICE_CENTS = 50;
/** The player page hides cards at 1 € or less, so cards meant to be seen there stay above it. */
const PLAYER_PAGE_FLOOR_CENTS = 150;

// ---------------------------------------------------------------------------------------------------
// Randomness

type Rng = () => number;

/** mulberry32: tiny, fast and good enough for demo data; the point is repeatability. */
function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a, so per-name traits (star level, colours) do not depend on generation order. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
}

function pickWeighted<T extends { weight: number }>(rng: Rng, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = rng() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return pick(rng, items);
}

function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

// ---------------------------------------------------------------------------------------------------
// Rosters

type RosterTeam = { sport: Sport; league: string; name: string; players: string[]; accent: string };

/** Sorted by category id and team name, so the order the database returns does not change the output. */
function rosterOf(categories: Category[]): RosterTeam[] {
  return [...categories]
    .sort((a, b) => a.id.localeCompare(b.id))
    .flatMap((category) => {
      const group = categoryGroup(category.id);
      if (!group) return [];
      return [...category.teams]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((team) => ({
          sport: group.sport,
          league: group.label,
          name: team.name,
          players: team.players.map((player) => player.name),
          accent: teamAccent(team.name, group.sport),
        }));
    });
}

const TEAM_COLOURS: Record<string, string> = {
  'milwaukee bucks': '#00471b',
  'los angeles lakers': '#552583',
  'golden state warriors': '#1d428a',
  'boston celtics': '#007a33',
  'chicago bulls': '#ce1141',
  'miami heat': '#98002e',
  'new york knicks': '#f58426',
  'san antonio spurs': '#8a8d8f',
  'denver nuggets': '#0e2240',
  'dallas mavericks': '#00538c',
  olympiacos: '#c8102e',
  panathinaikos: '#007841',
  'kansas city chiefs': '#e31837',
  'dallas cowboys': '#041e42',
  'philadelphia eagles': '#004c54',
  'buffalo bills': '#00338d',
  'green bay packers': '#203731',
  'san francisco 49ers': '#aa0000',
  'manchester city': '#6cabdd',
  'manchester united': '#da291c',
  liverpool: '#c8102e',
  arsenal: '#ef0107',
  'real madrid': '#3d195b',
  barcelona: '#a50044',
  'fc barcelona': '#a50044',
  'bayern munich': '#dc052d',
  juventus: '#1d1d1b',
  'paris saint-germain': '#004170',
};

const SPORT_PALETTES: Record<Sport, readonly string[]> = {
  NBA: ['#1d428a', '#c8102e', '#006bb6', '#5a2d81', '#0c2340', '#ce1141', '#00788c'],
  EUROLEAGUE: ['#f57c00', '#1e3a8a', '#b91c1c', '#0f766e', '#7c2d12', '#4338ca'],
  NFL: ['#013369', '#d50a0a', '#203731', '#0b2265', '#97233f', '#fb4f14', '#002244'],
  SOCCER: ['#3d195b', '#00a650', '#034694', '#e30613', '#6cabdd', '#fdb913', '#1d1d1b'],
};

function teamAccent(team: string, sport: Sport): string {
  const palette = SPORT_PALETTES[sport];
  return TEAM_COLOURS[team.toLowerCase()] ?? palette[hashString(team) % palette.length] ?? '#e11d48';
}

function subline(team: string, sport: Sport): string {
  return `${team} · ${SPORT_LABELS[sport]}`;
}

function teamsWithPlayers(roster: RosterTeam[]): RosterTeam[] {
  return roster.filter((team) => team.players.length > 0);
}

/** A team and player whose name the title contains; the longest name wins ('Jalen Williams' over 'Jalen'). */
function findPlayerInTitle(roster: RosterTeam[], title: string): { team: RosterTeam; player: string } | null {
  const lower = title.toLowerCase();
  let best: { team: RosterTeam; player: string } | null = null;
  for (const team of roster) {
    for (const player of team.players) {
      if (lower.includes(player.toLowerCase()) && player.length > (best?.player.length ?? 0)) {
        best = { team, player };
      }
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// Card sets, parallels and prices

type Parallel = { name: string; weight: number; multiplier: number; numbered: boolean };

const par = (name: string, weight: number, multiplier: number): Parallel => ({
  name,
  weight,
  multiplier,
  numbered: name.includes('/'),
});

const PARALLELS = {
  prizm: [
    par('', 6, 1),
    par('Silver', 4, 4),
    par('Red White Blue', 2, 2.5),
    par('Hyper', 1, 3),
    par('Green', 1, 4),
    par('Blue /199', 1, 6),
    par('Orange /49', 1, 12),
    par('Gold /10', 0.5, 35),
    par('Black 1/1', 0.2, 90),
  ],
  select: [
    par('', 6, 1),
    par('Silver', 3, 4),
    par('Tri-Color', 1, 3),
    par('Zebra', 0.6, 18),
    par('Tie-Dye /25', 0.6, 15),
    par('Gold /10', 0.4, 35),
  ],
  optic: [
    par('', 6, 1),
    par('Holo', 4, 4),
    par('Purple', 1, 5),
    par('Pink Velocity', 1, 5),
    par('Red /99', 1, 8),
    par('Gold /10', 0.4, 35),
  ],
  mosaic: [
    par('', 6, 1),
    par('Silver', 3, 3),
    par('Reactive Blue', 1, 4),
    par('Green', 1, 4),
    par('Genesis', 0.4, 15),
  ],
  chrome: [
    par('', 6, 1),
    par('Refractor', 4, 3),
    par('X-Fractor', 1, 4),
    par('Green Refractor /99', 1, 8),
    par('Gold Refractor /50', 0.8, 14),
    par('Orange Refractor /25', 0.5, 22),
    par('Red Refractor /5', 0.2, 60),
    par('Superfractor 1/1', 0.1, 120),
  ],
  basic: [par('', 8, 1), par('Press Proof', 2, 3), par('Silver', 2, 3), par('Gold /10', 0.3, 25)],
  plain: [par('', 1, 1)],
} as const satisfies Record<string, readonly Parallel[]>;

type CardSet = {
  name: string;
  parallels: readonly Parallel[];
  /** Price of a base card of an ordinary player, in cents. */
  baseCents: number;
  /** Only for teams of these leagues (soccer licences are per league). */
  leagues?: readonly string[];
  fromYear?: number;
  toYear?: number;
};

const SETS: Record<Sport, readonly CardSet[]> = {
  NBA: [
    { name: 'Panini Prizm', parallels: PARALLELS.prizm, baseCents: 150 },
    { name: 'Panini Select', parallels: PARALLELS.select, baseCents: 150 },
    { name: 'Donruss Optic', parallels: PARALLELS.optic, baseCents: 130 },
    { name: 'Panini Mosaic', parallels: PARALLELS.mosaic, baseCents: 100 },
    { name: 'Donruss', parallels: PARALLELS.basic, baseCents: 70 },
    { name: 'NBA Hoops', parallels: PARALLELS.basic, baseCents: 50 },
    { name: 'Topps Chrome', parallels: PARALLELS.chrome, baseCents: 180, fromYear: 2025 },
  ],
  EUROLEAGUE: [
    { name: 'Panini EuroLeague', parallels: PARALLELS.basic, baseCents: 120 },
    { name: 'Topps Chrome EuroLeague', parallels: PARALLELS.chrome, baseCents: 180, fromYear: 2023 },
    { name: 'Topps Now EuroLeague', parallels: PARALLELS.plain, baseCents: 700, fromYear: 2022 },
  ],
  NFL: [
    { name: 'Panini Prizm', parallels: PARALLELS.prizm, baseCents: 150 },
    { name: 'Panini Select', parallels: PARALLELS.select, baseCents: 150 },
    { name: 'Donruss Optic', parallels: PARALLELS.optic, baseCents: 130 },
    { name: 'Panini Mosaic', parallels: PARALLELS.mosaic, baseCents: 100 },
    { name: 'Donruss', parallels: PARALLELS.basic, baseCents: 60 },
    { name: 'Score', parallels: PARALLELS.basic, baseCents: 50 },
  ],
  SOCCER: [
    { name: 'Topps Chrome UEFA Club Competitions', parallels: PARALLELS.chrome, baseCents: 150 },
    { name: 'Topps Merlin Chrome UEFA', parallels: PARALLELS.chrome, baseCents: 120 },
    { name: 'Topps Finest UEFA', parallels: PARALLELS.chrome, baseCents: 250 },
    {
      name: 'Panini Prizm Premier League',
      parallels: PARALLELS.prizm,
      baseCents: 150,
      leagues: ['Premier League'],
      toYear: 2023,
    },
    {
      name: 'Topps Chrome Premier League',
      parallels: PARALLELS.chrome,
      baseCents: 180,
      leagues: ['Premier League'],
      fromYear: 2025,
    },
    { name: 'Topps Chrome Bundesliga', parallels: PARALLELS.chrome, baseCents: 120, leagues: ['Bundesliga'] },
    { name: 'Panini Select Serie A', parallels: PARALLELS.select, baseCents: 120, leagues: ['Serie A'] },
  ],
};

const FIRST_YEAR = 2019;
const LAST_YEAR = 2025;
/** Newer seasons are what a shop mostly holds. */
const YEAR_WEIGHTS = [
  { year: 2019, weight: 1 },
  { year: 2020, weight: 1 },
  { year: 2021, weight: 1.5 },
  { year: 2022, weight: 2 },
  { year: 2023, weight: 3 },
  { year: 2024, weight: 5 },
  { year: 2025, weight: 4 },
];

/** NFL cards carry one year, the other sports a season. */
function seasonLabel(year: number, sport: Sport): string {
  return sport === 'NFL' ? String(year) : `${year}-${String(year + 1).slice(2)}`;
}

const PLAIN = par('', 1, 1);

function cheapest(sets: readonly CardSet[]): CardSet {
  const [first, ...rest] = sets;
  if (!first) throw new Error('cheapest() needs a non-empty list');
  return rest.reduce((low, set) => (set.baseCents < low.baseCents ? set : low), first);
}

function setsFor(team: RosterTeam, year: number): CardSet[] {
  return SETS[team.sport].filter(
    (set) =>
      (set.leagues === undefined || set.leagues.includes(team.league)) &&
      year >= (set.fromYear ?? FIRST_YEAR) &&
      year <= (set.toYear ?? LAST_YEAR),
  );
}

/** Well-known names sell for more; everybody else gets a stable level from a hash of the name. */
const STARS = new Set(
  [
    'Giannis Antetokounmpo',
    'LeBron James',
    'Stephen Curry',
    'Luka Doncic',
    'Victor Wembanyama',
    'Nikola Jokic',
    'Shai Gilgeous-Alexander',
    'Anthony Edwards',
    'Jayson Tatum',
    'Kevin Durant',
    'Patrick Mahomes',
    'Josh Allen',
    'Lamar Jackson',
    'Joe Burrow',
    'Erling Haaland',
    'Kylian Mbappe',
    'Lamine Yamal',
    'Jude Bellingham',
    'Mohamed Salah',
    'Vinicius Junior',
    'Harry Kane',
    'Sasha Vezenkov',
    'Kostas Sloukas',
    'Evan Fournier',
    'Kendrick Nunn',
  ].map((name) => name.toLowerCase()),
);

/**
 * First season on cards for well-known names: no card predates it, and cards of that season are rookie
 * cards (RC). Everybody else gets a stable first season from a hash of the name.
 */
const ROOKIE_YEARS: Record<string, number> = {
  'luka doncic': 2018,
  'anthony edwards': 2020,
  'victor wembanyama': 2023,
  'zaccharie risacher': 2024,
  'stephon castle': 2024,
  'cooper flagg': 2025,
  'patrick mahomes': 2017,
  'josh allen': 2018,
  'lamar jackson': 2018,
  'joe burrow': 2020,
  'c.j. stroud': 2023,
  'caleb williams': 2024,
  'jayden daniels': 2024,
  'erling haaland': 2019,
  'jude bellingham': 2020,
  'lamine yamal': 2023,
  'kobbie mainoo': 2023,
  endrick: 2024,
};

function rookieYear(player: string): number {
  return ROOKIE_YEARS[player.toLowerCase()] ?? 2010 + (hashString(`${player}#rookie`) % 15);
}

function starFactor(player: string): number {
  if (STARS.has(player.toLowerCase())) return 4;
  return [1, 1, 1, 1.5, 2][hashString(player) % 5] ?? 1;
}

/** Shop-like prices: 0,50 / 0,90 under a euro, x,50 steps under ten euros, then ..49,00 / ..99,00. */
function nicePrice(cents: number): number {
  const clamped = Math.min(MAX_PRICE_CENTS, Math.max(MIN_PRICE_CENTS, cents));
  if (clamped < 100) return clamped < 70 ? 50 : 90;
  if (clamped < 1000) return Math.round(clamped / 50) * 50;
  return Math.min(MAX_PRICE_CENTS, Math.max(900, Math.round(clamped / 500) * 500 - 100));
}

// ---------------------------------------------------------------------------------------------------
// Descriptions (short Greek HTML: only <p>, <strong>, <ul>, <li>)

/** What the description says of a raw card, and the condition on the hobby scale it means. */
const CONDITIONS: readonly { text: string; condition: Condition }[] = [
  {
    text: 'Κάρτα σε άριστη κατάσταση, φυλαγμένη σε sleeve και toploader από το άνοιγμα του πακέτου.',
    condition: 'NEAR_MINT',
  },
  { text: 'Near Mint κάρτα, κατευθείαν από φρεσκοανοιγμένο πακέτο.', condition: 'NEAR_MINT' },
  { text: 'Κάρτα σε πολύ καλή κατάσταση, με καθαρές γωνίες και επιφάνεια.', condition: 'EXCELLENT' },
  { text: 'Κάρτα σε άριστη κατάσταση, ιδανική για συλλογή ή για grading.', condition: 'MINT' },
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type SingleDetails = {
  player: string;
  team: string;
  set: string;
  parallel: string;
  rookie: boolean;
  graded: boolean;
  autograph?: AutographKind | null;
};

/** The description's HTML, and the raw condition it states (null for a graded card). */
function singleDescription(
  rng: Rng,
  card: SingleDetails,
  offerFromCents?: number,
): { html: string; condition: Condition | null } {
  const parts: string[] = [];
  const raw = card.graded ? null : pick(rng, CONDITIONS);
  if (offerFromCents !== undefined) {
    parts.push(`<p><strong>Προσφορά!</strong> Αρχική τιμή ${formatEuro(offerFromCents)}.</p>`);
  }
  parts.push(
    raw === null
      ? '<p>Βαθμολογημένη κάρτα <strong>PSA 10 Gem Mint</strong>, σε σφραγισμένο slab.</p>'
      : `<p>${raw.text}</p>`,
  );
  const items = [
    `<li><strong>Παίκτης:</strong> ${escapeHtml(card.player)}</li>`,
    `<li><strong>Ομάδα:</strong> ${escapeHtml(card.team)}</li>`,
    `<li><strong>Σετ:</strong> ${escapeHtml(card.set)}</li>`,
  ];
  if (card.parallel) items.push(`<li><strong>Παράλληλη:</strong> ${escapeHtml(card.parallel)}</li>`);
  if (card.rookie) items.push('<li><strong>Rookie Card (RC)</strong>: η πρώτη χρονιά του παίκτη.</li>');
  if (card.autograph === 'auto')
    items.push('<li><strong>Αυτόγραφο</strong> του παίκτη πάνω στην κάρτα.</li>');
  if (card.autograph === 'patch-auto')
    items.push('<li><strong>Patch και αυτόγραφο</strong>: κομμάτι φανέλας με την υπογραφή του παίκτη.</li>');
  parts.push(`<ul>${items.join('')}</ul>`);
  parts.push('<p>Αποστολή με ασφαλή συσκευασία σε όλη την Ελλάδα.</p>');
  return { html: parts.join(''), condition: raw?.condition ?? null };
}

// ---------------------------------------------------------------------------------------------------
// Card facts (decision 050): what the title says, as data

type AutographKind = 'auto' | 'patch-auto';

/**
 * About 7 in 100 premium singles are autographs, a third of them patch autographs (RPA). Decided by
 * a hash of the title, not by the generator's random stream, so every other card stays as it was.
 */
function autographOf(baseTitle: string): AutographKind | null {
  const roll = hashString(`${baseTitle}#auto`) % 100;
  if (roll >= 7) return null;
  return roll < 2 ? 'patch-auto' : 'auto';
}

const AUTOGRAPH_WORDS: Record<AutographKind, string> = { auto: 'Auto', 'patch-auto': 'Patch Auto' };

/** Panini owns Donruss, Hoops and Score; the maker word itself is not part of the set's name. */
function makerAndSet(setName: string): { manufacturer: string; set: string } {
  if (setName.startsWith('Topps ')) return { manufacturer: 'Topps', set: setName.slice('Topps '.length) };
  if (setName.startsWith('Panini ')) return { manufacturer: 'Panini', set: setName.slice('Panini '.length) };
  return { manufacturer: 'Panini', set: setName };
}

/** 'Orange /49' -> Orange, numbered to 49 (the copy's number from a hash); 'Black 1/1' -> one of one. */
function parallelAndSerial(parallel: string, title: string) {
  const match = /^(.*?)\s*(\d*)\/(\d+)$/.exec(parallel);
  if (!match) return { parallel: parallel || null, serialNumber: null, printRun: null };
  const printRun = Number(match[3]);
  const serialNumber = match[2] ? Number(match[2]) : 1 + (hashString(`${title}#serial`) % printRun);
  return { parallel: match[1] || null, serialNumber, printRun };
}

function singleFacts(card: {
  title: string;
  season: string;
  setName: string;
  number: number;
  parallel: string;
  rookie: boolean;
  graded: boolean;
  autograph: AutographKind | null;
  condition: Condition | null;
  certNumber?: string | null;
}): CardFacts {
  return {
    ...EMPTY_FACTS,
    year: card.season,
    ...makerAndSet(card.setName),
    cardNumber: String(card.number),
    ...parallelAndSerial(card.parallel, card.title),
    rookie: card.rookie,
    autograph: card.autograph !== null,
    patch: card.autograph === 'patch-auto',
    grader: card.graded ? 'PSA' : 'RAW',
    grade: card.graded ? 10 : null,
    condition: card.graded ? null : card.condition,
    certNumber: card.graded ? (card.certNumber ?? null) : null,
  };
}

function formatEuro(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
}

// ---------------------------------------------------------------------------------------------------
// Single cards

type Single = SeedProduct & { year: number };

type SingleOptions = {
  /** Cards that must stay on the player page and in stock (offers, newest arrivals). */
  inStock?: boolean;
  offer?: boolean;
  /** A plain base card of the cheapest set: the sub-euro end of the price range. */
  bargain?: boolean;
  year?: number;
  /** The card number; benchmarks pass a running index, which makes every title unique. */
  number?: number;
};

function makeSingle(rng: Rng, team: RosterTeam, options: SingleOptions = {}): Single {
  const player = pick(rng, team.players);
  const firstYear = rookieYear(player);
  const year =
    options.year ??
    pickWeighted(
      rng,
      YEAR_WEIGHTS.filter((entry) => entry.year >= firstYear),
    ).year;
  const sets = setsFor(team, year);
  const set = options.bargain ? cheapest(sets) : pick(rng, sets);
  const parallel = options.bargain ? PLAIN : pickWeighted(rng, set.parallels);
  // Rookie and graded are what make a single stand out; offers and bargains stay plain raw cards.
  const rookie = !options.bargain && year === firstYear;
  const graded = !options.offer && !options.bargain && rng() < 0.08;
  const number = options.number ?? intBetween(rng, 1, 300);
  const titleOf = (autographWords: string) =>
    [
      seasonLabel(year, team.sport),
      set.name,
      player,
      `#${number}`,
      parallel.name,
      autographWords,
      rookie ? 'RC' : '',
      graded ? 'PSA 10' : '',
    ]
      .filter((part) => part !== '')
      .join(' ');
  const baseTitle = titleOf('');
  const autograph = options.bargain || options.offer ? null : autographOf(baseTitle);
  const title = autograph ? titleOf(AUTOGRAPH_WORDS[autograph]) : baseTitle;

  const star = options.bargain ? 1 : starFactor(player);
  let cents = set.baseCents * parallel.multiplier * star * (rookie ? 2 : 1) * (0.8 + rng() * 0.5);
  if (graded) cents = cents * 3 + 2500;
  if (options.inStock || options.offer) cents = Math.max(cents, PLAYER_PAGE_FLOOR_CENTS * 2);
  let priceCents = nicePrice(cents);
  let offerFromCents: number | undefined;
  if (options.offer) {
    offerFromCents = priceCents;
    priceCents = nicePrice(Math.max(PLAYER_PAGE_FLOOR_CENTS, priceCents * 0.7));
  }

  const description = singleDescription(
    rng,
    { player, team: team.name, set: set.name, parallel: parallel.name, rookie, graded, autograph },
    offerFromCents,
  );
  // The random stream runs exactly as before autographs existed (so every other demo product stays
  // the same); an autograph then costs more and is one of a kind.
  let quantity = singleStock(rng, priceCents, parallel.numbered || graded, options);
  if (autograph) {
    priceCents = nicePrice(cents * (autograph === 'patch-auto' ? 12 : 6));
    quantity = Math.min(quantity, 1);
  }
  return {
    title,
    descriptionHtml: description.html,
    tags: options.offer ? [team.name, 'offer'] : [team.name],
    productType: 'Card',
    priceCents,
    compareAtCents: offerFromCents ?? null,
    quantity,
    facts: singleFacts({
      title,
      season: seasonLabel(year, team.sport),
      setName: set.name,
      number,
      parallel: parallel.name,
      rookie,
      graded,
      autograph,
      condition: description.condition,
    }),
    art: singleArt(team, player, number),
    year,
  };
}

/** Singles are mostly one of a kind; cheap base cards come in a few copies; some are sold out. */
function singleStock(rng: Rng, priceCents: number, unique: boolean, options: SingleOptions): number {
  const roll = rng();
  if (options.offer) return intBetween(rng, 1, 3);
  if (!options.inStock && roll < 0.1) return 0;
  if (unique || priceCents >= 1500 || roll < 0.7) return 1;
  if (priceCents <= 100 && roll > 0.93) return intBetween(rng, 10, 30);
  return intBetween(rng, 2, 6);
}

function singleArt(team: RosterTeam, player: string, number: number): CardArt {
  return {
    kind: 'single',
    sport: team.sport,
    headline: player,
    subline: subline(team.name, team.sport),
    accent: team.accent,
    number: `#${number}`,
  };
}

/**
 * Certificate numbers of the demo's slabs, by title: one graded hot pick carries one, so the product
 * page shows a certificate and its link to PSA's verification. The number is made up; on psacard.com
 * it opens some other card, or none.
 */
const DEMO_CERTIFICATES: Readonly<Record<string, string>> = {
  '2024-25 Panini Prizm Giannis Antetokounmpo #1 Silver PSA 10': '12345678',
};

/** The hot and best-value picks: fixed titles, made into products with the team found in the data. */
function makePick(rng: Rng, roster: RosterTeam[], title: string, hot: boolean): Single {
  const found = findPlayerInTitle(roster, title);
  if (!found) {
    throw new Error(
      `Seed: the pick '${title}' names no player of the categories data; fix HOT_PICKS_TITLES / BEST_VALUE_PICKS_TITLES in src/domain/catalog/title-lists.ts or add the player.`,
    );
  }
  const { team, player } = found;
  const graded = title.includes('PSA 10');
  const rookie = / RC( |$)/.test(title);
  const numbered = /\/\d+$/.test(title);
  const priceCents = hot
    ? nicePrice(graded || numbered ? intBetween(rng, 14_000, MAX_PRICE_CENTS) : intBetween(rng, 4_000, 9_000))
    : nicePrice(intBetween(rng, 200, 900));
  const year = Number(title.slice(0, 4));
  const setName = title
    .slice(title.indexOf(' ') + 1, title.toLowerCase().indexOf(player.toLowerCase()))
    .trim();
  const parallel = title
    .replace(/^.*#\d+\s*/, '')
    .replace(/ ?(RC|PSA 10)( |$)/g, ' ')
    .trim();
  const number = Number(/#(\d+)/.exec(title)?.[1] ?? '1');
  const description = singleDescription(rng, {
    player,
    team: team.name,
    set: setName,
    parallel,
    rookie,
    graded,
  });
  return {
    title,
    descriptionHtml: description.html,
    tags: [team.name],
    productType: 'Card',
    priceCents,
    compareAtCents: null,
    quantity: hot ? 1 : intBetween(rng, 2, 6),
    facts: singleFacts({
      title,
      season: title.slice(0, title.indexOf(' ')),
      setName,
      number,
      parallel,
      rookie,
      graded,
      autograph: null,
      condition: description.condition,
      certNumber: DEMO_CERTIFICATES[title] ?? null,
    }),
    art: singleArt(team, player, number),
    year: Number.isFinite(year) ? year : LAST_YEAR,
  };
}

// ---------------------------------------------------------------------------------------------------
// Packs and lots

function mysteryPacks(): SeedProduct[] {
  const [base, rookie] = MYSTERY_PACK_TITLES;
  return [
    {
      title: base,
      descriptionHtml:
        '<p>Μυστηριώδες πακέτο με <strong>15 base κάρτες</strong> από NBA, Euroleague, NFL και ποδόσφαιρο.</p><ul><li>Τυχαίες κάρτες από πρόσφατα σετ</li><li>Καμία διπλή κάρτα στο ίδιο πακέτο</li></ul>',
      tags: [],
      productType: 'Mystery Pack',
      compareAtCents: null,
      priceCents: 1500,
      quantity: 25,
      facts: EMPTY_FACTS,
      art: {
        kind: 'pack',
        sport: 'NBA',
        headline: 'MYSTERY PACK',
        subline: '15x BASE Cards',
        accent: '#e11d48',
        number: '15x',
      },
    },
    {
      title: rookie,
      descriptionHtml:
        '<p>Μυστηριώδες πακέτο με <strong>10 rookie κάρτες</strong> νέων παικτών από όλα τα αθλήματα.</p><ul><li>Μόνο κάρτες RC</li><li>Πιθανότητα για παράλληλες και αριθμημένες κάρτες</li></ul>',
      tags: [],
      productType: 'Mystery Pack',
      compareAtCents: null,
      priceCents: 2000,
      quantity: 12,
      facts: EMPTY_FACTS,
      art: {
        kind: 'pack',
        sport: 'SOCCER',
        headline: 'MYSTERY PACK',
        subline: '10x ROOKIE Cards',
        accent: '#d4a017',
        number: '10x',
      },
    },
  ];
}

type LotKind = 'player' | 'team' | 'generic';
type LotCandidate = { title: string; kind: LotKind; team?: RosterTeam; count: number };

const LEAGUE_WORDS: readonly [string, Sport][] = [
  ['euroleague', 'EUROLEAGUE'],
  ['nba', 'NBA'],
  ['nfl', 'NFL'],
  ['premier league', 'SOCCER'],
  ['la liga', 'SOCCER'],
  ['serie a', 'SOCCER'],
  ['bundesliga', 'SOCCER'],
  ['ligue 1', 'SOCCER'],
  ['soccer', 'SOCCER'],
  ['champions league', 'SOCCER'],
];

/** Reads what a LOT title is about from the data, so a team lot is tagged with its team. */
function classifyLot(roster: RosterTeam[], title: string): LotCandidate | null {
  const name = title.replace(/ LOT.*$/, '').toLowerCase();
  const count = Number(/(\d+)x$/.exec(title)?.[1] ?? '0');
  const team = roster.find((candidate) => candidate.name.toLowerCase() === name);
  if (team) return { title, kind: 'team', team, count };
  const playerTeam = roster.find((candidate) =>
    candidate.players.some((player) => player.toLowerCase() === name),
  );
  if (playerTeam) return { title, kind: 'player', team: playerTeam, count };
  if (count > 0) return { title, kind: 'generic', count };
  return null;
}

function lotSport(lot: LotCandidate, rng: Rng): Sport {
  if (lot.team) return lot.team.sport;
  const lower = lot.title.toLowerCase();
  return LEAGUE_WORDS.find(([word]) => lower.includes(word))?.[1] ?? pick(rng, SPORTS);
}

function makeLot(rng: Rng, lot: LotCandidate): SeedProduct {
  const sport = lotSport(lot, rng);
  const cards = lot.count > 0 ? lot.count : intBetween(rng, 5, 12);
  const perCard = lot.kind === 'generic' ? 60 + rng() * 90 : 150 + rng() * 250;
  const name = escapeHtml(lot.title.replace(/ LOT.*$/, ''));
  const what = {
    player: `κάρτες του ${name}`,
    team: `κάρτες παικτών της ομάδας ${name}`,
    generic: `κάρτες ${name}`,
  }[lot.kind];
  return {
    title: lot.title,
    descriptionHtml: `<p>Σετ από <strong>${cards} ${what}</strong>, ιδανικό για αρχή ή για να συμπληρώσεις τη συλλογή σου.</p><ul><li>Κάρτες σε άριστη κατάσταση</li><li>Διάφορες χρονιές και σετ</li></ul>`,
    tags: lot.kind === 'team' && lot.team ? [lot.team.name] : [],
    productType: 'LOT',
    compareAtCents: null,
    priceCents: nicePrice(Math.max(900, cards * perCard)),
    quantity: intBetween(rng, 1, 3),
    facts: EMPTY_FACTS,
    art: {
      kind: 'lot',
      sport,
      headline: lot.title.replace(/ LOT.*$/, ''),
      subline: `LOT · ${SPORT_LABELS[sport]}`,
      accent: lot.team?.accent ?? pick(rng, SPORT_PALETTES[sport]),
      number: `${cards}x`,
    },
  };
}

/** A third each of player, team and generic lots where the data has them; generic lots fill the rest. */
function demoLots(rng: Rng, roster: RosterTeam[]): SeedProduct[] {
  const candidates = LOT_TITLES.map((title) => classifyLot(roster, title)).filter((lot) => lot !== null);
  const draw = (kind: LotKind, count: number): LotCandidate[] => {
    const pool = candidates.filter((lot) => lot.kind === kind);
    const drawn: LotCandidate[] = [];
    while (drawn.length < count && pool.length > 0) {
      drawn.push(...pool.splice(Math.floor(rng() * pool.length), 1));
    }
    return drawn;
  };
  const named = [...draw('player', LOT_COUNT / 3), ...draw('team', LOT_COUNT / 3)];
  const chosen = new Set([...named, ...draw('generic', LOT_COUNT - named.length)]);
  // Title-list order keeps the output independent of the draw order.
  return candidates.filter((lot) => chosen.has(lot)).map((lot) => makeLot(rng, lot));
}

// ---------------------------------------------------------------------------------------------------
// Catalogues

/** Spreads teams over the sports in turn, so every sport gets its share whatever the team counts. */
function teamPicker(rng: Rng, teams: RosterTeam[]): () => RosterTeam {
  const bySport = SPORTS.map((sport) => teams.filter((team) => team.sport === sport)).filter(
    (list) => list.length > 0,
  );
  if (bySport.length === 0) throw new Error('Seed: the categories hold no team with players.');
  let turn = 0;
  return () => {
    const list = bySport[turn % bySport.length] ?? [];
    turn += 1;
    return pick(rng, list);
  };
}

/** Retries until the title is new; demo numbers are random, so a clash is rare but possible. */
function uniqueSingle(make: () => Single, titles: Set<string>): Single {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const single = make();
    if (!titles.has(single.title)) {
      titles.add(single.title);
      return single;
    }
  }
  throw new Error('Seed: could not make a unique single title; the categories hold too few players.');
}

const strip = ({ year: _year, ...product }: Single): SeedProduct => product;

export function demoProducts(categories: Category[]): SeedProduct[] {
  const rng = mulberry32(DEMO_SEED);
  const roster = rosterOf(categories);
  const teams = teamsWithPlayers(roster);
  const nextTeam = teamPicker(rng, teams);
  const titles = new Set<string>();

  const picks = [
    ...HOT_PICKS_TITLES.map((title) => makePick(rng, teams, title, true)),
    ...BEST_VALUE_PICKS_TITLES.map((title) => makePick(rng, teams, title, false)),
  ];
  for (const single of picks) titles.add(single.title);

  const singles = Array.from({ length: GENERATED_SINGLES }, (_, index) =>
    uniqueSingle(() => makeSingle(rng, nextTeam(), { bargain: index % 25 === 0 }), titles),
  );
  const offers = Array.from({ length: OFFER_COUNT }, () =>
    uniqueSingle(() => makeSingle(rng, nextTeam(), { offer: true }), titles),
  );
  // The newest arrivals close the list (highest ids = 'Recently Added'), so they must look good: in stock.
  // Round by round over the sports, so the row shows a mix.
  const arrivals = [0, 1].flatMap(() =>
    Array.from({ length: SPORTS.length }, () =>
      uniqueSingle(() => makeSingle(rng, nextTeam(), { inStock: true, year: LAST_YEAR }), titles),
    ),
  );

  const byYear = (a: Single, b: Single) => a.year - b.year;
  const catalogue = [...singles, ...picks].sort(byYear);
  const older = catalogue.filter((single) => single.year < 2024);
  const recent = catalogue.filter((single) => single.year >= 2024);
  return [
    ...older.map(strip),
    ...mysteryPacks(),
    ...demoLots(rng, roster),
    ...offers.map(strip),
    ...recent.map(strip),
    ...arrivals.map(strip),
  ];
}

/**
 * `count` single cards for load tests. The running index is the card number, which makes every title
 * unique without retries.
 */
export function benchProducts(categories: Category[], count: number, seed = 1): SeedProduct[] {
  const rng = mulberry32(seed);
  const nextTeam = teamPicker(rng, teamsWithPlayers(rosterOf(categories)));
  return Array.from({ length: count }, (_, index) =>
    strip(makeSingle(rng, nextTeam(), { number: index + 1 })),
  );
}
