/**
 * The built index's snapshot container: typed arrays written as they are, each at an 8-byte boundary,
 * after a small JSON header that names them (type, place, length) and holds the small tables (the
 * vocabulary, the facet dictionaries). Reading it back is a view per array over the one buffer, no copy
 * and no parse of the arrays; texts a million wines hold (ids, names) are UTF-8 tables read a string
 * at a time (`TextTable`).
 *
 * Layout: the magic (8 bytes), the header's length (uint32, little-endian), the header (JSON), then
 * the arrays. Typed arrays are in the machine's byte order, little-endian on every Lambda and laptop
 * the product runs on; a big-endian reader refuses the body.
 */
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
  offset: number;
  length: number;
}

interface Header {
  values: Record<string, unknown>;
  sections: Record<string, Section>;
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
    this.array(`${name}.offsets`, offsets);
  }

  bytes(): Buffer {
    const sections: Record<string, Section> = {};
    let at = 0;
    for (const [name, array] of this.arrays) {
      sections[name] = { type: typeOf(array), offset: at, length: array.length };
      at = align(at + array.byteLength);
    }
    const header = Buffer.from(JSON.stringify({ values: this.values, sections } satisfies Header), 'utf8');
    const start = align(12 + header.length);
    const out = Buffer.alloc(start + at);
    out.write(SECTIONS_MAGIC, 0, 'latin1');
    out.writeUInt32LE(header.length, 8);
    header.copy(out, 12);
    for (const [name, array] of this.arrays) {
      const section = sections[name] as Section;
      out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), start + section.offset);
    }
    return out;
  }
}

/** Whether the bytes are a sections container (else an older JSON body). */
export function isSections(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, 8).toString('latin1') === SECTIONS_MAGIC;
}

export class SectionReader {
  private readonly header: Header;
  private readonly data: ArrayBuffer;
  private readonly start: number;

  constructor(bytes: Buffer) {
    if (!littleEndian) throw new Error('The index snapshot is little-endian; this machine is not');
    // Views need their type's alignment: the container is aligned to 8 from its start.
    const own = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
    const length = own.readUInt32LE(8);
    this.header = JSON.parse(own.toString('utf8', 12, 12 + length)) as Header;
    this.data = own.buffer as ArrayBuffer;
    this.start = own.byteOffset + align(12 + length);
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
    return new CONSTRUCTORS[section.type](this.data, this.start + section.offset, section.length);
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
      this.u32(`${name}.offsets`),
    );
  }
}

/** Texts in a UTF-8 table, each decoded when it is asked for. */
export class TextTable {
  constructor(
    private readonly bytes: Buffer,
    private readonly offsets: Uint32Array,
  ) {}

  get size(): number {
    return this.offsets.length - 1;
  }

  at(i: number): string {
    return this.bytes.toString('utf8', this.offsets[i] as number, this.offsets[i + 1] as number);
  }
}
