import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One file of an archive: its bytes as stored (`method` 0) or deflated (8), and what it declares. */
export type ZipPart = { name: string; data: Buffer; method: number; declaredSize: number; crc: number };

export const storedPart = (name: string, text: string | Buffer): ZipPart => {
  const data = Buffer.from(text);
  return { name, data, method: 0, declaredSize: data.length, crc: crc32(data) };
};

export const deflatedPart = (name: string, text: string | Buffer): ZipPart => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), method: 8, declaredSize: raw.length, crc: crc32(raw) };
};

/**
 * `prefix`, `block` × `times` and `suffix`, deflated without building the text (a zip bomb's content):
 * each copy of the block is deflated once and flushed in full, which makes it stand alone, so the
 * copies can simply be repeated. With the text's size and CRC, as a zip tool writes them.
 */
export function deflatedRepeat(prefix: string, block: string, times: number, suffix: string) {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  const copy = flushed(block);
  let crc = crc32(prefix);
  for (let i = 0; i < times; i++) crc = crc32(block, crc);
  return {
    data: Buffer.concat([flushed(prefix), ...Array.from({ length: times }, () => copy), deflateRawSync(suffix)]),
    declaredSize: Buffer.byteLength(prefix) + Buffer.byteLength(block) * times + Buffer.byteLength(suffix),
    crc: crc32(suffix, crc),
  };
}

const ZIP64 = 0xffffffff;

/**
 * A zip archive of `parts`, each declaring the size it is given (true or not). With `zip64`, as a
 * streaming writer may make even a small file: every size and offset in ZIP64 extra fields, and the
 * ZIP64 end of central directory.
 */
export function zip(parts: ZipPart[], { zip64 = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, method, declaredSize, crc } of parts) {
    const fileName = Buffer.from(name);
    // The local header's ZIP64 field holds the two sizes; the central directory's the offset too.
    const zip64Field = (values: number[]) => {
      const field = Buffer.alloc(zip64 ? 4 + 8 * values.length : 0);
      if (!zip64) return field;
      field.writeUInt16LE(0x0001, 0);
      field.writeUInt16LE(8 * values.length, 2);
      for (const [i, value] of values.entries()) field.writeBigUInt64LE(BigInt(value), 4 + 8 * i);
      return field;
    };
    const localExtra = zip64Field([declaredSize, data.length]);
    const extra = zip64Field([declaredSize, data.length, offset]);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(zip64 ? 45 : 20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(zip64 ? ZIP64 : data.length, 18);
    local.writeUInt32LE(zip64 ? ZIP64 : declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(zip64 ? 45 : 20, 4);
    central.writeUInt16LE(zip64 ? 45 : 20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(zip64 ? ZIP64 : data.length, 20);
    central.writeUInt32LE(zip64 ? ZIP64 : declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(zip64 ? ZIP64 : offset, 42);
    locals.push(local, fileName, localExtra, data);
    centrals.push(central, fileName, extra);
    offset += 30 + fileName.length + localExtra.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const trailer: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(parts.length), 24);
    record.writeBigUInt64LE(BigInt(parts.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    trailer.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : parts.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : parts.length, 10);
  end.writeUInt32LE(zip64 ? ZIP64 : directory.length, 12);
  end.writeUInt32LE(zip64 ? ZIP64 : offset, 16);
  return Buffer.concat([...locals, directory, ...trailer, end]);
}
