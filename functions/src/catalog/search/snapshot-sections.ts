/**
 * The built index's snapshot container: typed arrays written as they are, each at an 8-byte boundary,
 * after a small JSON header that names them (type, place, length) and holds the small tables (the
 * vocabulary, the facet dictionaries). Reading it back is a view per array over the one buffer, no copy
 * and no parse of the arrays; texts a million wines hold (ids, names) are UTF-8 tables read a string
 * at a time (`TextTable`).
 *
 * Layout: the magic (8 bytes), the header's length (uint32, little-endian), the header (JSON), then
 * the parts one after another. The arrays are spread over a few parts of about equal size, each
 * stored gzipped on its own (`packSections`), so a load unzips them at once on the thread pool, one
 * core each. Typed arrays are in the machine's byte order, little-endian on every Lambda and laptop
 * the product runs on; a big-endian reader refuses the body.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

export const SECTIONS_MAGIC = 'KORKIDX1';

type ArrayType = 'u8' | 'u16' | 'u32' | 'i16' | 'i32' | 'f64';
export type Stored = Uint8Array | Uint16Array | Uint32Array | Int16Array | Int32Array | Float64Array;

const CONSTRUCTORS = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i16: Int16Array,
  i32: Int32Array,
  f64: Float64Array,
} as const;

function typeOf(array: Stored): ArrayType {
  if (array instanceof Uint8Array) return 'u8';
  if (array instanceof Uint16Array) return 'u16';
  if (array instanceof Uint32Array) return 'u32';
  if (array instanceof Int16Array) return 'i16';
  if (array instanceof Int32Array) return 'i32';
  return 'f64';
}

interface Section {
  type: ArrayType;
  part: number;
  offset: number;
  length: number;
}

interface Header {
  values: Record<string, unknown>;
  sections: Record<string, Section>;
  /** Each part's bytes as stored, and whether gzipped. */
  parts: { stored: number; gzip: boolean }[];
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const align = (n: number) => (n + 7) & ~7;

export class SectionWriter {
  private readonly values: Record<string, unknown> = {};
  private readonly arrays: [string, Stored][] = [];

  /** A small value kept in the header (JSON). */
  put(name: string, value: unknown): void {
    this.values[name] = value;
  }

  /** A typed array written as it is (only its first `length` entries when given). */
  array(name: string, array: Stored, length = array.length): void {
    if (this.arrays.some(([taken]) => taken === name)) throw new Error(`Two arrays named ${name}`);
    this.arrays.push([name, array.subarray(0, length)]);
  }

  /**
   * CSR offsets (`offsets[i + 1] - offsets[i]`: the length of list i) as the lengths, in the narrowest
   * array that holds them: a quarter of the bytes to unzip when lists are short.
   */
  offsets(name: string, offsets: Uint32Array): void {
    const lengths = new Uint32Array(offsets.length - 1);
    let longest = 0;
    for (let i = 0; i < lengths.length; i++) {
      const length = (offsets[i + 1] as number) - (offsets[i] as number);
      lengths[i] = length;
      if (length > longest) longest = length;
    }
    this.array(
      `${name}.lengths`,
      longest < 0x100 ? Uint8Array.from(lengths) : longest < 0x10000 ? Uint16Array.from(lengths) : lengths,
    );
  }

  /** Texts as one UTF-8 table: their bytes one after another and where each starts. */
  texts(name: string, texts: readonly string[]): void {
    const chunks = texts.map((text) => Buffer.from(text, 'utf8'));
    const offsets = new Uint32Array(texts.length + 1);
    chunks.forEach((chunk, i) => {
      offsets[i + 1] = (offsets[i] as number) + chunk.length;
    });
    this.array(`${name}.bytes`, Buffer.concat(chunks));
    this.offsets(`${name}.texts`, offsets);
  }

  /** The arrays laid out in `count` parts of about equal size, largest first into the smallest. */
  private layout(count: number): { sections: Record<string, Section>; parts: Buffer[] } {
    const sizes = new Array<number>(count).fill(0);
    const sections: Record<string, Section> = {};
    const bySize = [...this.arrays].sort((x, y) => y[1].byteLength - x[1].byteLength);
    for (const [name, array] of bySize) {
      const part = sizes.indexOf(Math.min(...sizes));
      sections[name] = { type: typeOf(array), part, offset: sizes[part] as number, length: array.length };
      sizes[part] = align((sizes[part] as number) + array.byteLength);
    }
    const parts = sizes.map((size) => Buffer.alloc(size));
    for (const [name, array] of this.arrays) {
      const section = sections[name] as Section;
      (parts[section.part] as Buffer).set(
        new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
        section.offset,
      );
    }
    return { sections, parts };
  }

  /** The container with its parts as they are (tests, and bodies kept in memory). */
  bytes(): Buffer {
    const { sections, parts } = this.layout(1);
    return frame(
      { values: this.values, sections, parts: parts.map((p) => ({ stored: p.length, gzip: false })) },
      parts,
    );
  }

  /** The container with its arrays in `count` parts, each gzipped (at once, on the thread pool). */
  async packed(count: number): Promise<Buffer> {
    const { sections, parts } = this.layout(count);
    const zipped = await Promise.all(parts.map((part) => promisify(gzip)(part)));
    return frame(
      { values: this.values, sections, parts: zipped.map((p) => ({ stored: p.length, gzip: true })) },
      zipped,
    );
  }
}

function frame(header: Header, parts: Buffer[]): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const head = Buffer.alloc(12);
  head.write(SECTIONS_MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, 8);
  return Buffer.concat([head, json, ...parts]);
}

/** Whether the bytes are a sections container (else an older JSON body). */
export function isSections(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, 8).toString('latin1') === SECTIONS_MAGIC;
}

/** A container's header and its parts' bytes as stored. */
function unframe(bytes: Buffer): { header: Header; stored: Buffer[] } {
  if (!isSections(bytes)) throw new Error('Not an index snapshot');
  const length = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.toString('utf8', 12, 12 + length)) as Header;
  let at = 12 + length;
  const stored = header.parts.map(({ stored: size }) => {
    const part = bytes.subarray(at, at + size);
    at += size;
    return part;
  });
  return { header, stored };
}

/** Reads a container whose parts are not gzipped (`SectionWriter.bytes`). */
export function readSections(bytes: Buffer): SectionReader {
  const { header, stored } = unframe(bytes);
  if (header.parts.some((part) => part.gzip))
    throw new Error('The index snapshot is gzipped: unpackSections');
  return new SectionReader(header, stored);
}

/** Reads a container, unzipping its parts at once (`SectionWriter.packed`). */
export async function unpackSections(bytes: Buffer): Promise<SectionReader> {
  const { header, stored } = unframe(bytes);
  const parts = await Promise.all(
    stored.map((part, i) => (header.parts[i]?.gzip ? promisify(gunzip)(part) : part)),
  );
  return new SectionReader(header, parts);
}

export class SectionReader {
  private readonly parts: Buffer[];

  constructor(
    private readonly header: Header,
    parts: Buffer[],
  ) {
    if (!littleEndian) throw new Error('The index snapshot is little-endian; this machine is not');
    // Views need their type's alignment: each part is aligned to 8 from its start.
    this.parts = parts.map((part) => {
      if (part.byteOffset % 8 === 0) return part;
      const copy = new Uint8Array(part.length);
      copy.set(part);
      return Buffer.from(copy.buffer);
    });
  }

  has(name: string): boolean {
    return name in this.header.values;
  }

  value<T>(name: string): T {
    if (!(name in this.header.values)) throw new Error(`The index snapshot has no value ${name}`);
    return this.header.values[name] as T;
  }

  /** A view of a typed array (no copy): changes to it change the buffer, which the index owns. */
  array(name: string): Stored {
    const section = this.header.sections[name];
    if (!section) throw new Error(`The index snapshot has no array ${name}`);
    const part = this.parts[section.part] as Buffer;
    const data = part.buffer as ArrayBuffer;
    return new CONSTRUCTORS[section.type](data, part.byteOffset + section.offset, section.length);
  }

  u32(name: string): Uint32Array {
    const array = this.array(name);
    if (!(array instanceof Uint32Array)) throw new Error(`${name} is not a Uint32Array`);
    return array;
  }

  /** Offsets written by `SectionWriter.offsets`, summed back. */
  offsets(name: string): Uint32Array {
    const lengths = this.array(`${name}.lengths`);
    const offsets = new Uint32Array(lengths.length + 1);
    let sum = 0;
    for (let i = 0; i < lengths.length; i++) {
      sum += lengths[i] as number;
      offsets[i + 1] = sum;
    }
    return offsets;
  }

  texts(name: string): TextTable {
    const bytes = this.array(`${name}.bytes`) as Uint8Array;
    return new TextTable(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      this.offsets(`${name}.texts`),
    );
  }
}

/**
 * Texts in a UTF-8 table, each decoded when it is asked for — until a table is small or much read (a
 * pass over every wine): then all its texts at once, kept, so wines that share a text share one string.
 */
export class TextTable {
  private all: string[] | undefined;
  private reads = 0;

  constructor(
    private readonly bytes: Buffer,
    private readonly offsets: Uint32Array,
  ) {}

  get size(): number {
    return this.offsets.length - 1;
  }

  at(i: number): string {
    const all = this.all;
    if (all !== undefined) return all[i] as string;
    if (this.size <= SMALL_TABLE || ++this.reads > this.size / 8) return this.decodeAll()[i] as string;
    return this.bytes.toString('utf8', this.offsets[i] as number, this.offsets[i + 1] as number);
  }

  private decodeAll(): string[] {
    const { bytes, offsets } = this;
    const all = new Array<string>(this.size);
    for (let i = 0; i < all.length; i++) {
      all[i] = bytes.toString('utf8', offsets[i] as number, offsets[i + 1] as number);
    }
    this.all = all;
    return all;
  }
}

/** Tables of at most this many texts (countries, grapes, producers) are decoded whole on first use. */
const SMALL_TABLE = 4096;
