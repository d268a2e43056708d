/**
 * The list's logo as the PDF takes it: PNG or JPEG as stored, any other format (WebP, AVIF, GIF, HEIC)
 * converted to PNG first; and its pixel size, for the logo's box in the layout.
 */
export interface PrintableLogo {
  bytes: Uint8Array;
  width: number;
  height: number;
}

const isPng = (b: Uint8Array) =>
  b.length > 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b.length > 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Width and height of a PNG (its IHDR) or a baseline/progressive JPEG (its SOF marker). */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isPng(bytes)) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (!isJpeg(bytes)) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = view.getUint16(at + 2);
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** A logo the PDF can embed: PNG and JPEG pass as they are, anything else becomes a PNG (sharp). */
export async function printableLogo(bytes: Uint8Array): Promise<PrintableLogo> {
  let printable = bytes;
  if (!isPng(bytes) && !isJpeg(bytes)) {
    // Loaded only for such a logo: sharp is a native module the other logos never need.
    const sharp = (await import('sharp')).default;
    printable = await sharp(bytes).png().toBuffer();
  }
  const size = imageSize(printable);
  if (!size || size.width <= 0 || size.height <= 0) throw new Error('unreadable logo');
  return { bytes: printable, ...size };
}
