import { create } from 'qrcode';

/** The QR code's modules (true = dark), row by row: both renderers draw the same squares. Error correction M. */
export function qrModules(text: string): boolean[][] {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const rows: boolean[][] = [];
  for (let row = 0; row < modules.size; row++) {
    const line: boolean[] = [];
    for (let column = 0; column < modules.size; column++) line.push(Boolean(modules.get(row, column)));
    rows.push(line);
  }
  return rows;
}
