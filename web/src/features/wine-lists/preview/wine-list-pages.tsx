import type { WineListFont } from '@kork/shared';
import type { Block, LaidOutList, LaidOutPage, StarsBlock, TextBlock } from '@kork/shared/wine-list-layout';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { fontStack } from './fonts';
import { QrSquares } from './qr-code';
import classes from './wine-list-preview.module.css';

/**
 * Pages of a laid-out wine list as SVG, drawing exactly the blocks the PDF draws: text at its baseline
 * in the same face, right and centred lines anchored at their end or middle, stars as polygons, the QR
 * code as squares, rules as lines and the logo as an image. Lengths stay in points (the viewBox); each
 * page scales to the width of its container.
 */

interface PagesProps {
  list: LaidOutList;
  /** The logo's address, for image blocks. */
  logoSrc?: string | undefined;
}

export function WineListPages({ list, logoSrc }: PagesProps) {
  return (
    <div className={classes.pages}>
      {list.pages.map((page) => (
        <PreviewPage
          key={page.number}
          page={page}
          pages={list.pages.length}
          width={list.width}
          height={list.height}
          logoSrc={logoSrc}
        />
      ))}
    </div>
  );
}

const PreviewPage = memo(function PreviewPage({
  page,
  pages,
  width,
  height,
  logoSrc,
}: {
  page: LaidOutPage;
  pages: number;
  width: number;
  height: number;
  logoSrc?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <svg
      className={classes.page}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
      style={{ aspectRatio: `${width} / ${height}` }}
      role="img"
      aria-label={t('wineListEditor.preview.pageLabel', { page: page.number, pages })}
      data-page={page.number}
    >
      <rect x={0} y={0} width={width} height={height} fill="#ffffff" />
      {page.blocks.map((block, index) => (
        // Blocks have no id of their own; their order on the page is stable for one layout.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <BlockShape key={index} block={block} logoSrc={logoSrc} />
      ))}
    </svg>
  );
});

function BlockShape({ block, logoSrc }: { block: Block; logoSrc?: string | undefined }) {
  switch (block.kind) {
    case 'text':
      return <TextShape block={block} />;
    case 'stars':
      return <Stars block={block} />;
    case 'qr':
      return <QrSquares url={block.url} x={block.x} y={block.y} size={block.size} />;
    case 'rule':
      return (
        <line
          x1={block.x}
          x2={block.x + block.width}
          y1={block.y}
          y2={block.y}
          stroke={block.color}
          strokeWidth={block.thickness}
        />
      );
    case 'image':
      return logoSrc ? (
        <image
          href={logoSrc}
          x={block.x}
          y={block.y}
          width={block.width}
          height={block.height}
          preserveAspectRatio="xMidYMid meet"
        />
      ) : null;
    default:
      return null;
  }
}

const ANCHOR = { left: 'start', right: 'end', center: 'middle' } as const;

function anchorX(block: TextBlock): number {
  if (block.align === 'right') return block.x + block.width;
  if (block.align === 'center') return block.x + block.width / 2;
  return block.x;
}

function TextShape({ block }: { block: TextBlock }) {
  return (
    <text
      x={anchorX(block)}
      y={block.baseline}
      textAnchor={ANCHOR[block.align]}
      fontFamily={fontStack(block.face.family as WineListFont)}
      fontWeight={block.face.weight === 'bold' ? 600 : 400}
      fontStyle={block.face.style}
      fontSize={block.size}
      fill={block.color}
      data-role={block.role}
      data-wine={block.ownWineId}
      style={{ whiteSpace: 'pre', fontKerning: 'normal' }}
    >
      {block.text}
    </text>
  );
}

/** Gap between stars as a share of their size (as the PDF draws them). */
const STAR_GAP = 0.15;

/** A star's five points and five inner corners in a `size` box whose bottom edge is at `bottom`. */
export function starPoints(left: number, bottom: number, size: number): string {
  const outer = size / 2;
  const inner = outer * 0.4;
  const cx = left + outer;
  // The lowest points sit sin(54°) of the outer radius below the centre.
  const cy = bottom - outer * Math.sin(0.3 * Math.PI);
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return points.join(' ');
}

/** `count` filled stars of five, the rest outlined, the row ending at `x + width`, sitting on the baseline. */
function Stars({ block }: { block: StarsBlock }) {
  const size = block.size;
  const step = size * (1 + STAR_GAP);
  const left = block.x + block.width - (5 * size + 4 * size * STAR_GAP);
  return (
    <g data-block="stars" data-count={block.count} data-wine={block.ownWineId}>
      {[0, 1, 2, 3, 4].map((i) => {
        const filled = i < block.count;
        return (
          <polygon
            key={i}
            points={starPoints(left + i * step, block.baseline, size)}
            fill={filled ? block.color : 'none'}
            stroke={filled ? 'none' : block.color}
            strokeWidth={Math.max(0.4, size / 16)}
            strokeLinejoin="round"
          />
        );
      })}
    </g>
  );
}
