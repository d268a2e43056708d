import type { MainCategory } from '@kork/shared/catalog';

/**
 * The bottle shown when a wine has no image, drawn for its style: a Bordeaux bottle of dark glass for a
 * red, pale green glass with straw-coloured wine for a white, a champagne bottle with its foil for a
 * sparkling wine, a squat port bottle, a slim half bottle for a dessert wine, a beer bottle, a spirits
 * bottle… Each is an SVG of 400 × 1200 on a transparent background.
 */

const WIDTH = 400;
const HEIGHT = 1200;
const MIDDLE = WIDTH / 2;
const BOTTOM = 1160;

/** A bottle's outline, from the mouth down: half-widths are measured from the middle. */
interface Shape {
  /** Where the mouth is. */
  top: number;
  neckHalfWidth: number;
  /** Where the neck starts to widen. */
  neckEnd: number;
  /** Where the body reaches its full width. */
  shoulderEnd: number;
  bodyHalfWidth: number;
  /** How the shoulder curves: the two control points' share of the shoulder's height (0 high, 1 low). */
  shoulderCurve: [number, number];
  /** How much the neck has already widened at the first control point (0–1 of the body's extra width). */
  shoulderFlare: number;
  cornerRadius: number;
}

interface Bottle {
  shape: Shape;
  /** Glass: edge, centre and the other edge, left to right. */
  glass: [string, string, string];
  /** How much of the glass shows (clear glass lets the drink through). */
  glassOpacity: number;
  /** The drink, when the glass is clear enough to see it, from the level it is filled to. */
  drink?: { colour: string; deep: string; level: number };
  /** What closes the bottle: a capsule down the neck, a champagne foil, a crown cap, a screw cap or a stopper. */
  closure: { kind: 'capsule' | 'foil' | 'crown' | 'screw' | 'stopper'; colour: string; length: number };
  label: { paper: string; ink: string };
}

const BORDEAUX: Shape = {
  top: 40,
  neckHalfWidth: 30,
  neckEnd: 330,
  shoulderEnd: 450,
  bodyHalfWidth: 118,
  shoulderCurve: [0.55, 0.25],
  shoulderFlare: 0.05,
  cornerRadius: 34,
};

/** Sloping shoulders, for white wine (a Burgundy bottle). */
const BURGUNDY: Shape = {
  top: 40,
  neckHalfWidth: 29,
  neckEnd: 250,
  shoulderEnd: 560,
  bodyHalfWidth: 124,
  shoulderCurve: [0.35, 0.7],
  shoulderFlare: 0.12,
  cornerRadius: 38,
};

/** Provence's slender, waisted rosé bottle. */
const PROVENCE: Shape = {
  top: 40,
  neckHalfWidth: 27,
  neckEnd: 270,
  shoulderEnd: 620,
  bodyHalfWidth: 106,
  shoulderCurve: [0.2, 0.9],
  shoulderFlare: 0.02,
  cornerRadius: 60,
};

/** A champagne bottle: thick lip, long sloping shoulders, heavy body. */
const CHAMPAGNE: Shape = {
  top: 30,
  neckHalfWidth: 36,
  neckEnd: 270,
  shoulderEnd: 590,
  bodyHalfWidth: 130,
  shoulderCurve: [0.4, 0.75],
  shoulderFlare: 0.15,
  cornerRadius: 44,
};

/** A port bottle: short neck, high shoulders, a squat wide body. */
const PORT: Shape = {
  top: 380,
  neckHalfWidth: 32,
  neckEnd: 540,
  shoulderEnd: 650,
  bodyHalfWidth: 138,
  shoulderCurve: [0.6, 0.15],
  shoulderFlare: 0.1,
  cornerRadius: 30,
};

/** A dessert wine's half bottle: small and slim. */
const HALF: Shape = {
  top: 420,
  neckHalfWidth: 20,
  neckEnd: 640,
  shoulderEnd: 790,
  bodyHalfWidth: 70,
  shoulderCurve: [0.4, 0.6],
  shoulderFlare: 0.1,
  cornerRadius: 22,
};

/** A beer bottle: a long neck that swells into a rounded shoulder. */
const BEER: Shape = {
  top: 330,
  neckHalfWidth: 24,
  neckEnd: 520,
  shoulderEnd: 720,
  bodyHalfWidth: 96,
  shoulderCurve: [0.45, 0.55],
  shoulderFlare: 0.2,
  cornerRadius: 26,
};

/** A spirits bottle: square shoulders and a short neck under a wide cap. */
const SPIRITS: Shape = {
  top: 250,
  neckHalfWidth: 38,
  neckEnd: 400,
  shoulderEnd: 470,
  bodyHalfWidth: 134,
  shoulderCurve: [0.1, 0.05],
  shoulderFlare: 0.6,
  cornerRadius: 20,
};

const CREAM = { paper: '#f4ede4', ink: '#6b4a3a' };
const CLEAR: [string, string, string] = ['#d9e0dc', '#f7faf8', '#cdd5d0'];

const BOTTLES = {
  red: {
    shape: BORDEAUX,
    glass: ['#2a0811', '#6e1a32', '#20060d'],
    glassOpacity: 1,
    closure: { kind: 'capsule', colour: '#7b2236', length: 200 },
    label: { paper: '#f4ede4', ink: '#7b2236' },
  },
  white: {
    shape: BURGUNDY,
    glass: ['#a9c489', '#e3efcf', '#9cb97c'],
    glassOpacity: 0.75,
    drink: { colour: '#f1df8c', deep: '#dcc25a', level: 420 },
    closure: { kind: 'capsule', colour: '#c9a54c', length: 190 },
    label: CREAM,
  },
  rose: {
    shape: PROVENCE,
    glass: CLEAR,
    glassOpacity: 0.55,
    drink: { colour: '#f7b3c2', deep: '#ea8aa3', level: 430 },
    closure: { kind: 'capsule', colour: '#e3a7b1', length: 170 },
    label: { paper: '#fff8f6', ink: '#b8506b' },
  },
  sparkling: {
    shape: CHAMPAGNE,
    glass: ['#142312', '#3a5a32', '#0f1c0e'],
    glassOpacity: 1,
    closure: { kind: 'foil', colour: '#d6b55e', length: 430 },
    label: { paper: '#f7f1e1', ink: '#8a6a1f' },
  },
  orange: {
    shape: BURGUNDY,
    glass: CLEAR,
    glassOpacity: 0.55,
    drink: { colour: '#eea24e', deep: '#d37a22', level: 420 },
    closure: { kind: 'capsule', colour: '#8a4a1c', length: 190 },
    label: CREAM,
  },
  dessert: {
    shape: HALF,
    glass: CLEAR,
    glassOpacity: 0.5,
    drink: { colour: '#f0b937', deep: '#cf8d12', level: 760 },
    closure: { kind: 'capsule', colour: '#b8862b', length: 150 },
    label: CREAM,
  },
  fortified: {
    shape: PORT,
    glass: ['#0e0b08', '#2e2519', '#0a0806'],
    glassOpacity: 1,
    closure: { kind: 'stopper', colour: '#b98a57', length: 60 },
    label: { paper: '#efe2c6', ink: '#5a1a1a' },
  },
  fruit: {
    shape: BURGUNDY,
    glass: CLEAR,
    glassOpacity: 0.55,
    drink: { colour: '#b34a78', deep: '#8a2a58', level: 420 },
    closure: { kind: 'screw', colour: '#7a2a52', length: 120 },
    label: CREAM,
  },
  aromatized: {
    shape: BORDEAUX,
    glass: CLEAR,
    glassOpacity: 0.55,
    drink: { colour: '#b5532a', deep: '#8a3414', level: 470 },
    closure: { kind: 'screw', colour: '#3a3a3a', length: 120 },
    label: CREAM,
  },
  spirits: {
    shape: SPIRITS,
    glass: ['#a9c3d3', '#eef5f9', '#9bb8ca'],
    glassOpacity: 0.8,
    drink: { colour: '#e3edf3', deep: '#bfd3df', level: 500 },
    closure: { kind: 'stopper', colour: '#1f1f1f', length: 70 },
    label: { paper: '#1f1f1f', ink: '#d8b66a' },
  },
  beer: {
    shape: BEER,
    glass: ['#3e1c06', '#8a4a1a', '#311503'],
    glassOpacity: 1,
    closure: { kind: 'crown', colour: '#c9c9c9', length: 26 },
    label: { paper: '#f2e3b8', ink: '#7a3b10' },
  },
  nonAlcoholic: {
    shape: BORDEAUX,
    glass: CLEAR,
    glassOpacity: 0.55,
    drink: { colour: '#f6eac6', deep: '#e6d39c', level: 470 },
    closure: { kind: 'screw', colour: '#4a7a4a', length: 120 },
    label: { paper: '#ffffff', ink: '#4a7a4a' },
  },
} as const satisfies Record<MainCategory, Bottle>;

const n = (value: number) => Math.round(value * 10) / 10;

/** The outline as an SVG path, mirrored around the middle. */
function outline(shape: Shape): string {
  const { top, neckHalfWidth: neck, neckEnd, shoulderEnd, bodyHalfWidth: body, cornerRadius: r } = shape;
  const drop = shoulderEnd - neckEnd;
  const [c1, c2] = shape.shoulderCurve;
  const flare = neck + (body - neck) * shape.shoulderFlare;
  const side = (sign: 1 | -1) => ({
    neck: MIDDLE + sign * neck,
    flare: MIDDLE + sign * flare,
    body: MIDDLE + sign * body,
    corner: MIDDLE + sign * (body - r),
  });
  const right = side(1);
  const left = side(-1);
  return [
    `M${n(left.neck)} ${top}H${n(right.neck)}V${neckEnd}`,
    `C${n(right.flare)} ${n(neckEnd + drop * c1)} ${n(right.body)} ${n(neckEnd + drop * c2)} ${n(right.body)} ${shoulderEnd}`,
    `V${BOTTOM - r}Q${n(right.body)} ${BOTTOM} ${n(right.corner)} ${BOTTOM}`,
    `H${n(left.corner)}Q${n(left.body)} ${BOTTOM} ${n(left.body)} ${BOTTOM - r}V${shoulderEnd}`,
    `C${n(left.body)} ${n(neckEnd + drop * c2)} ${n(left.flare)} ${n(neckEnd + drop * c1)} ${n(left.neck)} ${neckEnd}Z`,
  ].join('');
}

function closure(bottle: Bottle): string {
  const { top, neckHalfWidth: neck } = bottle.shape;
  const { kind, colour, length } = bottle.closure;
  const x = MIDDLE - neck - 4;
  const width = (neck + 4) * 2;
  switch (kind) {
    case 'foil':
      // The foil runs down the neck onto the shoulder, and a muselet's wire shows under its top.
      return [
        `<path fill="${colour}" d="M${x} ${top - 6}h${width}v${length - 80}l26 80H${x - 26}l26-80z"/>`,
        `<rect x="${x}" y="${top - 6}" width="${width}" height="${length}" fill="url(#sheen)" opacity=".35"/>`,
        `<rect x="${x - 2}" y="${top + 50}" width="${width + 4}" height="8" rx="4" fill="#8a6a1f"/>`,
      ].join('');
    case 'crown':
      return `<rect x="${x - 2}" y="${top - length / 2}" width="${width + 4}" height="${length}" rx="6" fill="${colour}"/>`;
    case 'stopper':
      // A bar-top stopper: a wide head on a short shank.
      return `<rect x="${x - 18}" y="${top - length}" width="${width + 36}" height="${length}" rx="12" fill="${colour}"/><rect x="${x}" y="${top - 6}" width="${width}" height="22" rx="6" fill="${colour}" opacity=".8"/>`;
    default:
      return `<rect x="${x}" y="${top - 8}" width="${width}" height="${length}" rx="10" fill="${colour}"/><rect x="${x}" y="${top + length - 28}" width="${width}" height="8" fill="#000" opacity=".18"/>`;
  }
}

function label(bottle: Bottle): string {
  const { shoulderEnd, bodyHalfWidth: body } = bottle.shape;
  const inset = Math.max(14, body * 0.16);
  const bodyHeight = BOTTOM - shoulderEnd;
  const top = Math.round(shoulderEnd + bodyHeight * 0.28);
  const height = Math.round(bodyHeight * 0.4);
  const x = MIDDLE - body + inset;
  const width = (body - inset) * 2;
  const line = (y: number, share: number, thickness: number, colour: string) =>
    `<rect x="${n(MIDDLE - (width * share) / 2)}" y="${Math.round(y)}" width="${n(width * share)}" height="${thickness}" rx="${thickness / 2}" fill="${colour}"/>`;
  return [
    `<rect x="${n(x)}" y="${top}" width="${n(width)}" height="${height}" rx="8" fill="${bottle.label.paper}"/>`,
    line(top + height * 0.3, 0.66, 14, bottle.label.ink),
    line(top + height * 0.5, 0.48, 10, bottle.label.ink),
    line(top + height * 0.66, 0.4, 8, '#b49a86'),
  ].join('');
}

function draw(bottle: Bottle): string {
  const path = outline(bottle.shape);
  const [edge, centre, otherEdge] = bottle.glass;
  const drink = bottle.drink
    ? `<g clip-path="url(#inside)"><rect x="0" y="${bottle.drink.level}" width="${WIDTH}" height="${HEIGHT - bottle.drink.level}" fill="url(#drink)"/></g>`
    : '';
  const drinkGradient = bottle.drink
    ? `<linearGradient id="drink" x1="0" x2="1"><stop offset="0" stop-color="${bottle.drink.deep}"/><stop offset=".45" stop-color="${bottle.drink.colour}"/><stop offset="1" stop-color="${bottle.drink.deep}"/></linearGradient>`
    : '';
  const { bodyHalfWidth: body, shoulderEnd } = bottle.shape;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    '<defs>',
    `<linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="${edge}"/><stop offset=".45" stop-color="${centre}"/><stop offset="1" stop-color="${otherEdge}"/></linearGradient>`,
    '<linearGradient id="sheen" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".3" stop-color="#fff"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/></linearGradient>',
    drinkGradient,
    `<clipPath id="inside"><path d="${path}"/></clipPath>`,
    '</defs>',
    `<path d="${path}" fill="url(#glass)" fill-opacity="${bottle.glassOpacity}" stroke="#000" stroke-opacity=".22" stroke-width="3"/>`,
    drink,
    // A highlight down the left of the body, as light on glass.
    `<rect x="${MIDDLE - body + 18}" y="${shoulderEnd + 20}" width="18" height="${BOTTOM - shoulderEnd - 80}" rx="9" fill="#fff" opacity=".22"/>`,
    label(bottle),
    closure(bottle),
    '</svg>',
  ].join('');
}

/** One drawing per style, made once. */
const DRAWINGS = new Map<MainCategory, string>();

/** The bottle for a style; the red Bordeaux bottle when the style is not known. */
export function defaultBottleSvg(style: MainCategory = 'red'): string {
  let svg = DRAWINGS.get(style);
  if (!svg) {
    svg = draw(BOTTLES[style]);
    DRAWINGS.set(style, svg);
  }
  return svg;
}

/** The demo photo seeded into the media bucket: a bottle on a warm studio background. */
export const DEMO_BOTTLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="1200" viewBox="0 0 400 1200">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#4a1020"/><stop offset=".45" stop-color="#7b2236"/><stop offset="1" stop-color="#3a0c18"/></linearGradient></defs>
<rect width="400" height="1200" fill="#efe6da"/><path fill="url(#g)" d="M165 40h70v300c0 60 95 110 95 230v560c0 22-18 40-40 40H110c-22 0-40-18-40-40V570c0-120 95-170 95-230z"/>
<rect x="160" y="30" width="80" height="90" rx="10" fill="#2b0a12"/>
<rect x="95" y="680" width="210" height="260" rx="8" fill="#f4ede4"/>
<rect x="130" y="750" width="140" height="14" rx="7" fill="#7b2236"/>
<rect x="150" y="790" width="100" height="10" rx="5" fill="#b49a86"/>
</svg>`;
