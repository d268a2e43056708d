/** The QR code's modules (true = dark), row by row: both renderers draw the same squares. */
export function qrModules(_text: string): boolean[][] {
  throw new Error('not implemented');
}
