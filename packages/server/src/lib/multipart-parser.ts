import { ApiError, tooLarge } from "./errors";
import { encodingOf, partHeader } from "./multipart-headers";

/** The parts as the body brings them (busboy's rule: a part with a filename or of octet-stream is a file). */
export interface MultipartEvents {
  field(name: string, value: string): void;
  /** A file part's headers were read; `pause()` here and no byte of it is handed on until `resume()`. */
  fileStart(field: string, filename: string, mimetype: string): void;
  fileData(chunk: Buffer): void;
  fileEnd(): void;
}

export interface MultipartParserLimits {
  fieldBytes: number;
  fields: number;
  files: number;
  /** Parts of any kind, those skipped included. */
  parts: number;
}

const PREAMBLE = 0;
const AFTER_DELIMITER = 1;
const HEADER = 2;
const FIELD = 3;
const FILE = 4;
const SKIP = 5;
const DONE = 6;

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const DASH = 0x2d;
const CR = 0x0d;
/** busboy's limit of a part's header block. */
const HEADER_BYTES = 80 * 1024;

/**
 * A multipart/form-data body, pushed to it chunk by chunk, read the way @fastify/busboy (1.x to
 * 3.x) reads one: a preamble and an epilogue ignored, every `\r\n--boundary` a delimiter, a part's
 * header block up to its blank line (one cut by the next delimiter drops the part), parts without
 * a named form-data disposition skipped. A field's value is kept until its part ends (at most
 * `fieldBytes`), a file's bytes are handed on as they arrive. A limit passed throws 413; `end()`
 * before the closing delimiter throws 400. Where it parts from busboy: a part without a name is
 * skipped (busboy reported an undefined name, which the reader could not take), a header block
 * over 80 KiB answers 413 (busboy cut it short) and so does a file over its limit whatever the
 * chunks (busboy's limit event could come before the reader listened). `multipart-read.test.ts`
 * reads each body whole and a byte and three bytes at a time.
 */
export class MultipartParser {
  private readonly delimiter: Buffer;
  private state = PREAMBLE;
  private paused = false;
  /** Where reading stopped in `buffer`; `carry` holds bytes that may begin a delimiter. */
  private buffer: Buffer = Buffer.alloc(0);
  private pos = 0;
  /** The next delimiter in `buffer` when the header block's search found it, else -1. */
  private next = -1;
  private carry: Buffer | null = CRLF;
  private queued: Buffer[] = [];
  private dashes = 0;
  private header = "";
  private parts = 0;
  private fields = 0;
  private files = 0;
  private fieldName = "";
  private fieldEncoding: BufferEncoding = "utf8";
  private fieldChunks: Buffer[] = [];
  private fieldSize = 0;

  constructor(
    boundary: string,
    private readonly limits: MultipartParserLimits,
    private readonly events: MultipartEvents,
  ) {
    // The first delimiter may open the body: a line break is read before it, as busboy does.
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  }

  get finished(): boolean {
    return this.state === DONE;
  }

  write(chunk: Buffer): void {
    if (this.state === DONE) return;
    if (this.paused) {
      this.queued.push(chunk);
      return;
    }
    this.buffer = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    this.pos = 0;
    this.next = -1;
    this.run();
  }

  end(): void {
    if (this.state !== DONE) throw new ApiError(400, "validation.invalidValue");
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.run();
    while (!this.paused && this.queued.length > 0) this.write(this.queued.shift()!);
  }

  private run(): void {
    while (!this.paused && this.state !== DONE && this.step()) {
      // Each step reads on from `pos`, or keeps what is left for the next chunk and answers false.
    }
  }

  private step(): boolean {
    const buffer = this.buffer;
    if (this.state === AFTER_DELIMITER) return this.afterDelimiter(buffer);
    if (this.state === HEADER) return this.headerBlock(buffer);
    const at = this.next >= this.pos ? this.next : buffer.indexOf(this.delimiter, this.pos);
    this.next = -1;
    const end = at === -1 ? this.partialDelimiter(buffer) : at;
    if (end > this.pos || at !== -1) this.body(buffer, this.pos, end, at !== -1);
    if (at === -1) {
      if (end < buffer.length) this.carry = buffer.subarray(end);
      this.pos = buffer.length;
      return false;
    }
    this.pos = at + this.delimiter.length;
    this.state = AFTER_DELIMITER;
    this.dashes = 0;
    return true;
  }

  /** Two dashes close the body; anything else opens a part whose header block starts here. */
  private afterDelimiter(buffer: Buffer): boolean {
    while (this.dashes < 2 && this.pos < buffer.length && buffer[this.pos] === DASH) {
      this.dashes++;
      this.pos++;
    }
    if (this.dashes === 2) {
      this.state = DONE;
      return false;
    }
    if (this.pos === buffer.length) return false;
    if (++this.parts > this.limits.parts) throw tooLarge();
    this.header = this.dashes === 1 ? "-" : "";
    this.state = HEADER;
    return true;
  }

  private headerBlock(buffer: Buffer): boolean {
    const blank = buffer.indexOf(HEADER_END, this.pos);
    const at = buffer.indexOf(this.delimiter, this.pos);
    // The blank line's second break may begin a delimiter, which busboy reads first.
    const open = blank !== -1 && at === -1 && this.delimiterMayBegin(buffer, blank + 2);
    if (blank !== -1 && !open && (at === -1 || blank + HEADER_END.length <= at)) {
      this.header += buffer.toString("latin1", this.pos, blank);
      this.pos = blank + HEADER_END.length;
      this.next = at;
      if (this.header.length > HEADER_BYTES) throw tooLarge();
      this.startPart(this.header);
      return true;
    }
    if (at !== -1) {
      // The delimiter came first: busboy drops a part whose header block it cut.
      this.pos = at + this.delimiter.length;
      this.state = AFTER_DELIMITER;
      this.dashes = 0;
      return true;
    }
    // The last bytes may begin the blank line or a delimiter: read again with the next chunk.
    let keep = Math.max(this.pos, buffer.length - this.delimiter.length + 1);
    if (open) keep = Math.min(keep, blank);
    this.header += buffer.toString("latin1", this.pos, keep);
    if (this.header.length > HEADER_BYTES) throw tooLarge();
    if (keep < buffer.length) this.carry = buffer.subarray(keep);
    this.pos = buffer.length;
    return false;
  }

  /** Where a delimiter may begin in the buffer's last bytes (its length when none may). */
  private partialDelimiter(buffer: Buffer): number {
    const length = buffer.length;
    for (
      let i = buffer.indexOf(CR, Math.max(this.pos, length - this.delimiter.length + 1));
      i !== -1;
      i = buffer.indexOf(CR, i + 1)
    ) {
      if (this.delimiterMayBegin(buffer, i)) return i;
    }
    return length;
  }

  /** Whether the buffer's bytes from `at` to its end begin a delimiter. */
  private delimiterMayBegin(buffer: Buffer, at: number): boolean {
    const length = buffer.length - at;
    return (
      length < this.delimiter.length &&
      this.delimiter.compare(buffer, at, buffer.length, 0, length) === 0
    );
  }

  private body(buffer: Buffer, start: number, end: number, last: boolean): void {
    if (this.state === FILE) {
      if (end > start) this.events.fileData(buffer.subarray(start, end));
      if (last) {
        this.state = SKIP;
        this.events.fileEnd();
      }
    } else if (this.state === FIELD) {
      this.fieldSize += end - start;
      if (this.fieldSize > this.limits.fieldBytes) throw tooLarge();
      if (last && this.fieldChunks.length === 0) {
        this.endField(buffer.toString(this.fieldEncoding, start, end));
      } else {
        this.fieldChunks.push(buffer.subarray(start, end));
        if (last) this.endField(Buffer.concat(this.fieldChunks).toString(this.fieldEncoding));
      }
    }
  }

  private endField(value: string): void {
    this.state = SKIP;
    this.fieldChunks = [];
    this.events.field(this.fieldName, value);
  }

  private startPart(header: string): void {
    const part = partHeader(header);
    if (!part || part.name === undefined) {
      this.state = SKIP;
    } else if (part.filename !== undefined || part.type === "application/octet-stream") {
      if (this.files === this.limits.files) throw tooLarge();
      this.files++;
      this.state = FILE;
      this.events.fileStart(part.name, part.filename ?? "", part.type ?? "text/plain");
    } else {
      if (this.fields === this.limits.fields) throw tooLarge();
      this.fields++;
      this.fieldName = part.name;
      this.fieldEncoding = encodingOf(part.charset);
      this.fieldSize = 0;
      this.state = FIELD;
    }
  }
}
