/**
 * A growable byte buffer for the WBXML writer: one Uint8Array doubled as needed, strings encoded
 * straight into it (TextEncoder.encodeInto), so writing a message costs no per-token arrays.
 */
const encoder = new TextEncoder();

/** mb_u_int32 (§5.1): 7 bits per byte, most significant first, continuation bit on all but the last. */
export function mbUint32(value: number): number[] {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new RangeError(`not a uint32: ${value}`);
  const bytes = [value & 0x7f];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) bytes.unshift(0x80 | (rest & 0x7f));
  return bytes;
}

export class ByteBuilder {
  #buf: Uint8Array;
  #length = 0;

  constructor(capacity = 1024) {
    this.#buf = new Uint8Array(capacity);
  }

  get length(): number {
    return this.#length;
  }

  #reserve(extra: number): void {
    const needed = this.#length + extra;
    if (needed <= this.#buf.length) return;
    let size = this.#buf.length * 2;
    while (size < needed) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#buf.subarray(0, this.#length));
    this.#buf = next;
  }

  byte(value: number): void {
    this.#reserve(1);
    this.#buf[this.#length++] = value;
  }

  bytes(values: ArrayLike<number>): void {
    this.#reserve(values.length);
    this.#buf.set(values, this.#length);
    this.#length += values.length;
  }

  mbUint32(value: number): void {
    this.bytes(mbUint32(value));
  }

  /** The UTF-8 bytes of a string (no terminator); returns how many were written. */
  utf8(s: string): number {
    this.#reserve(s.length * 3);
    const { written } = encoder.encodeInto(s, this.#buf.subarray(this.#length));
    this.#length += written;
    return written;
  }

  /** A copy of what was written. */
  toBytes(): Uint8Array {
    return this.#buf.slice(0, this.#length);
  }

  /** A view of what was written (valid until the next write). */
  view(): Uint8Array {
    return this.#buf.subarray(0, this.#length);
  }
}
