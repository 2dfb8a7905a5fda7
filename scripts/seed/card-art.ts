/**
 * Original artwork for demo products: a trading-card front drawn as SVG and encoded to JPEG with sharp.
 * Generic shapes and text only (no photos, no logos), so the demo shop ships without licensed images.
 */
import { sharp, sharpVersions } from '../../src/adapters/load-sdk.ts';
import { SPORT_LABELS, type Sport } from '../../src/domain/catalog/sports.ts';
import { cachedRender } from './art-cache.ts';
import type { CardArt } from './products.ts';

export const CARD_ART_WIDTH = 600;
export const CARD_ART_HEIGHT = 840;

const INK = '#0b0d12';
const FONT = "'DejaVu Sans', sans-serif";

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------------------------------------------
// Colour

type Rgb = [number, number, number];

/** Accepts #rgb and #rrggbb; anything else falls back to the shop accent rather than breaking a seed. */
function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const digits = match?.[1] ?? 'e11d48';
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Moves a colour towards another by `amount` (0..1). */
function mix(colour: string, towards: string, amount: number): string {
  const from = parseHex(colour);
  const to = parseHex(towards);
  return toHex([0, 1, 2].map((i) => (from[i] ?? 0) + ((to[i] ?? 0) - (from[i] ?? 0)) * amount) as Rgb);
}

// ---------------------------------------------------------------------------------------------------
// Text

/**
 * No text measuring without a font engine, so estimate: DejaVu Sans Bold capitals average about
 * 0.72 em, mixed case about 0.58 em. Shrink the font until the line fits.
 */
function fitFontSize(text: string, maxWidth: number, maxSize: number, emPerChar = 0.72): number {
  return Math.max(14, Math.min(maxSize, Math.floor(maxWidth / (Math.max(1, text.length) * emPerChar))));
}

function textLine(text: string, y: number, size: number, extra = '', x = 300): string {
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle" ${extra}>${escapeXml(text)}</text>`;
}

/** Player names read like on real cards: the first name small, the surname large. */
function headlineText(art: CardArt): string {
  const words = art.headline.trim().toUpperCase().split(/\s+/);
  if (art.kind === 'single' && words.length > 1) {
    const first = words[0] ?? '';
    const last = words.slice(1).join(' ');
    return (
      textLine(first, 706, fitFontSize(first, 460, 30), 'fill-opacity="0.85" letter-spacing="4"') +
      textLine(last, 758, fitFontSize(last, 500, 56), 'font-weight="700"')
    );
  }
  const line = words.join(' ');
  return textLine(line, 744, fitFontSize(line, 500, 52), 'font-weight="700"');
}

// ---------------------------------------------------------------------------------------------------
// Figures: pictogram athletes made of thick round strokes, a foil pack, a fanned stack of cards

type Pose = { head: [number, number]; body: string; limbs: string[]; extra: string };

const BASKETBALL = (fill: string): string =>
  `<circle cx="0" cy="0" r="34" fill="${fill}"/><path d="M-34 0H34M0-34V34M-24-24Q-6 0-24 24M24-24Q6 0 24 24" stroke="${INK}" stroke-width="3" fill="none"/>`;

const POSES: Record<Sport, Pose> = {
  NBA: {
    head: [330, 168],
    body: 'M318 228L292 372',
    limbs: [
      'M322 246L362 180L382 118',
      'M306 250L254 294L232 252',
      'M292 372L334 462L304 556',
      'M288 380L232 448L254 540',
    ],
    extra: `<g transform="translate(396 86)">${BASKETBALL('#f97316')}</g>`,
  },
  EUROLEAGUE: {
    head: [280, 170],
    body: 'M286 230L300 376',
    limbs: [
      'M292 250L352 300L392 372',
      'M284 252L228 210L200 150',
      'M300 376L258 462L284 556',
      'M302 380L360 456L352 550',
    ],
    extra: `<g transform="translate(408 404)">${BASKETBALL('#f59e0b')}</g>`,
  },
  NFL: {
    head: [344, 190],
    body: 'M324 246L274 380',
    limbs: [
      'M326 262L362 318L318 336',
      'M318 256L398 262L452 236',
      'M274 380L344 440L334 546',
      'M268 386L202 450L140 468',
    ],
    extra:
      '<ellipse cx="336" cy="322" rx="34" ry="20" transform="rotate(-28 336 322)" fill="#8b4513"/><path d="M322 318L350 326" stroke="#fff" stroke-width="4"/>' +
      // A helmet: a crown stripe and a face mask.
      `<path d="M308 176Q340 140 378 166M362 198H394M364 214H390M380 192V220" stroke="${INK}" stroke-opacity="0.8" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  },
  SOCCER: {
    head: [290, 168],
    body: 'M286 226L300 374',
    limbs: [
      'M288 246L222 282L182 252',
      'M292 246L362 272L412 250',
      'M300 374L280 468L292 560',
      'M302 380L372 440L432 420',
    ],
    extra:
      `<circle cx="462" cy="446" r="30" fill="#fff" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M462 432L475 441L470 456H454L449 441Z" fill="${INK}"/>`,
  },
};

function athlete(sport: Sport, shadow: string): string {
  const pose = POSES[sport];
  // Opacity goes on the whole group, so overlapping strokes do not show their joints.
  const strokes = (colour: string) =>
    `<g stroke="${colour}" stroke-linecap="round" stroke-linejoin="round" fill="none">` +
    `<path d="${pose.body}" stroke-width="76"/>` +
    pose.limbs.map((limb) => `<path d="${limb}" stroke-width="42"/>`).join('') +
    `</g><circle cx="${pose.head[0]}" cy="${pose.head[1]}" r="40" fill="${colour}"/>`;
  return `<g transform="translate(10 12)" opacity="0.35">${strokes(shadow)}</g>${strokes('#ffffff')}${pose.extra}`;
}

/** The crimped seal of a foil pack: 16 teeth between x=140 and x=460, drawn in the given direction. */
function crimp(y: number, depth: number, leftToRight: boolean): string {
  return Array.from({ length: 16 }, (_, i) =>
    leftToRight
      ? `L${150 + i * 20} ${y - depth}L${160 + i * 20} ${y}`
      : `L${450 - i * 20} ${y + depth}L${440 - i * 20} ${y}`,
  ).join('');
}

function pack(art: CardArt, light: string, dark: string): string {
  return (
    `<defs><linearGradient id="pack" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<path d="M140 120${crimp(120, 14, true)}V600${crimp(600, 14, false)}Z" fill="url(#pack)" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>` +
    '<path d="M150 170H450M150 550H450" stroke="#fff" stroke-opacity="0.5" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>' +
    '<path d="M160 470L440 230V300L160 540Z" fill="#fff" fill-opacity="0.12"/>' +
    `<text x="300" y="430" font-size="250" font-weight="700" text-anchor="middle" fill="#fff">?</text>` +
    textLine('MYSTERY', 236, 44, 'font-weight="700" letter-spacing="6" fill="#fff"') +
    textLine(art.number ?? '', 520, 40, 'font-weight="700" fill="#fff"')
  );
}

function lot(art: CardArt, light: string): string {
  const card = (angle: number, fill: string) =>
    `<g transform="rotate(${angle} 300 600)"><rect x="180" y="150" width="240" height="336" rx="16" fill="#fff"/><rect x="194" y="164" width="212" height="308" rx="10" fill="${fill}"/></g>`;
  return (
    card(-16, mix(light, INK, 0.35)) +
    card(-5, mix(light, INK, 0.15)) +
    card(8, light) +
    `<g transform="rotate(8 300 600)">` +
    '<path d="M300 230L318 284H374L328 318L346 372L300 338L254 372L272 318L226 284H282Z" fill="#fff"/>' +
    textLine('LOT', 440, 64, 'font-weight="700" fill="#fff" letter-spacing="6"') +
    '</g>' +
    (art.number
      ? `<circle cx="450" cy="540" r="56" fill="${INK}"/>${textLine(art.number, 554, 36, 'font-weight="700" fill="#fff"', 450)}`
      : '')
  );
}

// ---------------------------------------------------------------------------------------------------
// The card

/** Rays behind the figure, like the foil pattern of a parallel. */
function rays(): string {
  const paths = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const b = a + Math.PI / 14;
    const point = (angle: number) =>
      `${(300 + Math.cos(angle) * 700).toFixed(0)} ${(330 + Math.sin(angle) * 700).toFixed(0)}`;
    return `M300 330L${point(a)}L${point(b)}Z`;
  });
  return `<path d="${paths.join('')}" fill="#fff" fill-opacity="0.07"/>`;
}

export function cardArtSvg(art: CardArt): string {
  const accent = toHex(parseHex(art.accent));
  const light = mix(accent, '#ffffff', 0.25);
  const dark = mix(accent, INK, 0.65);
  const figure =
    art.kind === 'single'
      ? athlete(art.sport, dark)
      : art.kind === 'pack'
        ? pack(art, light, dark)
        : lot(art, light);
  const sportLabel = SPORT_LABELS[art.sport].toUpperCase();
  const numberBadge =
    art.kind === 'single' && art.number
      ? `<rect x="52" y="52" width="${28 + art.number.length * 17}" height="44" rx="22" fill="${INK}" fill-opacity="0.75"/>` +
        `<text x="${66 + (art.number.length * 17) / 2}" y="82" font-size="24" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(art.number)}</text>`
      : '';
  const sportWidth = 36 + sportLabel.length * 17;
  // Packs mix all sports, so they carry no sport badge.
  const sportBadge =
    art.kind === 'pack'
      ? ''
      : `<rect x="${548 - sportWidth}" y="52" width="${sportWidth}" height="44" rx="22" fill="#fff"/>` +
        `<text x="${548 - sportWidth / 2}" y="82" font-size="22" font-weight="700" text-anchor="middle" fill="${dark}">${escapeXml(sportLabel)}</text>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_ART_WIDTH}" height="${CARD_ART_HEIGHT}" viewBox="0 0 ${CARD_ART_WIDTH} ${CARD_ART_HEIGHT}" font-family="${FONT}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${accent}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`,
    '<linearGradient id="frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="0.35" stop-color="#cbd5e1"/><stop offset="0.6" stop-color="#ffffff"/><stop offset="1" stop-color="#94a3b8"/></linearGradient>',
    '<clipPath id="window"><rect x="30" y="30" width="540" height="780" rx="16"/></clipPath>',
    '</defs>',
    `<rect width="600" height="840" rx="30" fill="${INK}"/>`,
    '<rect x="12" y="12" width="576" height="816" rx="24" fill="url(#frame)"/>',
    '<rect x="30" y="30" width="540" height="780" rx="16" fill="url(#bg)"/>',
    `<g clip-path="url(#window)">${rays()}${figure}</g>`,
    `<rect x="30" y="640" width="540" height="170" fill="${INK}" fill-opacity="0.88" clip-path="url(#window)"/>`,
    `<rect x="30" y="640" width="540" height="8" fill="${light}"/>`,
    `<g fill="#fff">${headlineText(art)}${textLine(art.subline, 796, fitFontSize(art.subline, 500, 24, 0.58), 'fill-opacity="0.75"')}</g>`,
    numberBadge,
    sportBadge,
    '</svg>',
  ].join('');
}

/** JPEG: about three times faster to encode than WebP, which matters when a shop is seeded. */
const JPEG = { quality: 85 } as const;

/** The art as a JPEG, rendered once per SVG, settings and sharp version (art-cache.ts). */
export async function renderCardArt(art: CardArt): Promise<Uint8Array> {
  const svg = cardArtSvg(art);
  return cachedRender(JSON.stringify([svg, JPEG, sharpVersions()]), async () => {
    const jpeg = await sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer();
    return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  });
}
