import { qrModules } from '@kork/shared/wine-list-layout';
import { type Ref, useMemo } from 'react';

/** Dark modules as horizontal runs, so a code is a few hundred rectangles rather than thousands. */
export function qrRuns(modules: boolean[][]): { x: number; y: number; length: number }[] {
  const runs: { x: number; y: number; length: number }[] = [];
  modules.forEach((row, y) => {
    let start = -1;
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x;
      if ((!dark || x === row.length - 1) && start >= 0) {
        runs.push({ x: start, y, length: (dark ? x + 1 : x) - start });
        start = -1;
      }
    });
  });
  return runs;
}

/** The QR code's squares inside an SVG: at (x, y), `size` wide, on white. */
export function QrSquares({ url, x, y, size }: { url: string; x: number; y: number; size: number }) {
  const modules = useMemo(() => qrModules(url), [url]);
  const count = modules.length || 1;
  const unit = size / count;
  return (
    <g data-block="qr">
      <rect x={x} y={y} width={size} height={size} fill="#ffffff" />
      {qrRuns(modules).map((run) => (
        <rect
          key={`${run.x}-${run.y}`}
          x={x + run.x * unit}
          y={y + run.y * unit}
          width={run.length * unit}
          height={unit}
          fill="#000000"
          shapeRendering="crispEdges"
        />
      ))}
    </g>
  );
}

/** A stand-alone QR code (with its quiet zone) for the share panel, to copy or download. */
export function QrCodeSvg({
  url,
  size = 160,
  label,
  svgRef,
}: {
  url: string;
  size?: number;
  label: string;
  svgRef?: Ref<SVGSVGElement>;
}) {
  const modules = useMemo(() => qrModules(url), [url]);
  const count = modules.length || 1;
  const quiet = 4;
  const total = count + quiet * 2;
  return (
    <svg
      ref={svgRef}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${total} ${total}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
    >
      <rect x={0} y={0} width={total} height={total} fill="#ffffff" />
      <QrSquares url={url} x={quiet} y={quiet} size={count} />
    </svg>
  );
}
