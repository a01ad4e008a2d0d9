/**
 * Binary PGM (P5), the grey image format of ROS map files (map_server reads it, map_saver writes
 * it). 8-bit only: maps are saved that way, and a 16-bit PGM is refused rather than misread.
 */
export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row 0 at the top. */
  grey: Uint8Array;
}

/** Reads a P5 PGM (comments in the header allowed); throws naming what is wrong. */
export function decodePgm(bytes: Uint8Array): GreyImage {
  const fields: string[] = [];
  let i = 0;
  // Header: magic, width, height, maxval, separated by whitespace, '#' comments to end of line,
  // then exactly one whitespace byte before the pixels.
  while (fields.length < 4) {
    if (i >= bytes.length) throw new Error('the PGM header is cut short');
    const ch = bytes[i]!;
    if (ch === 0x23) while (i < bytes.length && bytes[i] !== 0x0a) i++;
    else if (ch <= 0x20) i++;
    else {
      const start = i;
      while (i < bytes.length && bytes[i]! > 0x20 && bytes[i] !== 0x23) i++;
      fields.push(Buffer.from(bytes.subarray(start, i)).toString('latin1'));
    }
  }
  i++;
  const [magic, w, h, max] = fields as [string, string, string, string];
  const width = Number(w);
  const height = Number(h);
  const maxval = Number(max);
  if (magic !== 'P5') throw new Error(`not a binary PGM (magic "${magic}", P5 expected)`);
  if (!(Number.isInteger(width) && width > 0 && Number.isInteger(height) && height > 0)) throw new Error(`the PGM size ${w}×${h} is not a positive width and height`);
  if (!(Number.isInteger(maxval) && maxval > 0 && maxval < 256)) throw new Error(`the PGM's maximum grey ${max} is not 1..255 (16-bit PGMs are not supported)`);
  if (bytes.length - i < width * height) throw new Error(`the PGM has ${bytes.length - i} pixel bytes, ${width * height} expected`);
  const grey = new Uint8Array(width * height);
  for (let p = 0; p < grey.length; p++) grey[p] = maxval === 255 ? bytes[i + p]! : Math.round((bytes[i + p]! * 255) / maxval);
  return { width, height, grey };
}

/** Writes a P5 PGM with maximum grey 255. */
export function encodePgm(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, Buffer.from(image.grey.buffer, image.grey.byteOffset, image.width * image.height)]);
}
