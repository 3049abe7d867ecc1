// What a WebM recording holds and how long it plays, read as the bytes pass. A browser's
// MediaRecorder writes WebM as it records, so the file's header never learns its length: the
// Duration element is missing and only the clusters' timecodes tell it; and its Segment and
// Clusters have an "unknown" size, which music-metadata cannot read at all. This walker reads the
// Matroska structure (EBML elements: an id, a size, a body) in one pass with a few bytes of memory,
// descending into the elements that hold tracks and blocks and skipping every other body unread.

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const BLOCK_GROUP = 0xa0;
const TIMECODE_SCALE = 0x2ad7b1;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
/** A track's type: 1 is video, 2 is sound. */
export const VIDEO_TRACK = 1;

/** Elements whose children are read (their size may be "unknown", as a recorder writes them). */
const CONTAINERS = new Set([SEGMENT, INFO, CLUSTER, BLOCK_GROUP, TRACKS, TRACK_ENTRY]);
/** Elements whose small body is read. */
const NUMBERS = new Set([TIMECODE_SCALE, CLUSTER_TIMECODE, TRACK_TYPE]);
/** The longest codec id read ("A_OPUS", "V_VP8"); a longer one is no codec we keep. */
const MAX_CODEC_ID = 32;
const BLOCKS = new Set([SIMPLE_BLOCK, BLOCK]);
/** An Opus or Vorbis packet lasts 20 ms or so: the last block's start, plus one, is the end. */
const LAST_FRAME_SECONDS = 0.02;

/** A variable-length integer's byte count, from its first byte (the position of its first 1 bit). */
function vintLength(first: number, max: number): number | null {
  for (let length = 1; length <= max; length += 1) if (first & (0x80 >> (length - 1))) return length;
  return null;
}

type Header = { id: number; size: number | null; length: number };
export type WebmTrack = { type: number | null; codecId: string | null };

export class WebmClock {
  #pending: Uint8Array = new Uint8Array(0);
  #skip = 0;
  #scale = 1_000_000;
  #cluster = 0;
  #latest: number | null = null;
  #broken = false;
  #tracks: WebmTrack[] = [];

  /** Takes the next bytes of the file. */
  push(chunk: Uint8Array) {
    if (this.#broken) return;
    let data: Uint8Array;
    if (this.#pending.length) {
      data = new Uint8Array(this.#pending.length + chunk.length);
      data.set(this.#pending);
      data.set(chunk, this.#pending.length);
    } else data = chunk;
    let offset = 0;
    while (offset < data.length) {
      if (this.#skip > 0) {
        const skipped = Math.min(this.#skip, data.length - offset);
        this.#skip -= skipped;
        offset += skipped;
        continue;
      }
      const header = this.#header(data, offset);
      if (header === "more") break;
      if (header === null) {
        this.#broken = true;
        return;
      }
      if (CONTAINERS.has(header.id)) {
        if (header.id === TRACK_ENTRY) this.#tracks.push({ type: null, codecId: null });
        offset += header.length;
        continue;
      }
      if (header.size === null) {
        // Only a container may have an unknown size: past this, nothing can be trusted.
        this.#broken = true;
        return;
      }
      const body = offset + header.length;
      if (NUMBERS.has(header.id)) {
        if (header.size > 8) {
          this.#broken = true;
          return;
        }
        if (body + header.size > data.length) break;
        let value = 0;
        for (let index = 0; index < header.size; index += 1) value = value * 256 + data[body + index]!;
        if (header.id === TIMECODE_SCALE && value > 0) this.#scale = value;
        if (header.id === CLUSTER_TIMECODE) this.#cluster = value;
        if (header.id === TRACK_TYPE && this.#tracks.length) this.#tracks.at(-1)!.type = value;
        offset = body + header.size;
        continue;
      }
      if (header.id === CODEC_ID && this.#tracks.length && header.size <= MAX_CODEC_ID) {
        if (body + header.size > data.length) break;
        this.#tracks.at(-1)!.codecId = String.fromCharCode(...data.subarray(body, body + header.size)).replace(/\0+$/, "");
        offset = body + header.size;
        continue;
      }
      if (BLOCKS.has(header.id)) {
        // A block opens with its track number (a variable-length integer), then its time relative
        // to its cluster as a signed 16-bit number.
        if (body >= data.length) break;
        const track = vintLength(data[body]!, 8);
        if (track === null || track + 2 > header.size) {
          this.#broken = true;
          return;
        }
        if (body + track + 2 > data.length) break;
        const relative = (((data[body + track]! << 8) | data[body + track + 1]!) << 16) >> 16;
        const at = this.#cluster + relative;
        if (this.#latest === null || at > this.#latest) this.#latest = at;
      }
      offset = body;
      this.#skip = header.size;
    }
    this.#pending = data.slice(offset);
  }

  /** Seconds from the start to the end of the last block read, or null when no block was read. */
  get seconds(): number | null {
    if (this.#latest === null) return null;
    return (this.#latest * this.#scale) / 1e9 + LAST_FRAME_SECONDS;
  }

  /** The tracks the file declares, in its order: their type and codec id, where they were read. */
  get tracks(): readonly WebmTrack[] {
    return this.#tracks;
  }

  /** An element's id and size at `offset`: "more" when the bytes end inside it, null when it is not one. */
  #header(data: Uint8Array, offset: number): Header | "more" | null {
    const idLength = vintLength(data[offset]!, 4);
    if (idLength === null) return null;
    if (offset + idLength >= data.length) return "more";
    let id = 0;
    for (let index = 0; index < idLength; index += 1) id = id * 256 + data[offset + index]!;
    const sizeAt = offset + idLength;
    const sizeLength = vintLength(data[sizeAt]!, 8);
    if (sizeLength === null) return null;
    if (sizeAt + sizeLength > data.length) return "more";
    let size = data[sizeAt]! & (0xff >> sizeLength);
    let unknown = size === 0xff >> sizeLength;
    for (let index = 1; index < sizeLength; index += 1) {
      const byte = data[sizeAt + index]!;
      size = size * 256 + byte;
      unknown &&= byte === 0xff;
    }
    return { id, size: unknown ? null : size, length: idLength + sizeLength };
  }
}
