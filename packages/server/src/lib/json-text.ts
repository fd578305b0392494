import { randomBytes } from "node:crypto";

/**
 * JSON already written: a page of records a list held in memory wrote once per row (issue 14:
 * making each row's record and writing it out again on every request was an eighth of such a
 * page's time on the server's thread). An answer holding it is sent with the text as it is.
 */
export class JsonText {
  /** @param json JSON written, or the elements of a JSON array each written. */
  constructor(private readonly json: string | readonly string[]) {}

  /** The JSON as one text. */
  get text(): string {
    return typeof this.json === "string" ? this.json : `[${this.json.join(",")}]`;
  }

  /** The pieces of the text, in order, added to `pieces` (an array's elements not joined first). */
  piecesInto(pieces: string[]): void {
    if (typeof this.json === "string") {
      pieces.push(this.json);
      return;
    }
    pieces.push("[");
    for (let i = 0; i < this.json.length; i++) {
      if (i > 0) pieces.push(",");
      pieces.push(this.json[i]!);
    }
    pieces.push("]");
  }

  /** The text's place in what JSON.stringify writes (see stringifyAnswer). */
  toJSON(): string {
    spliced.push(this);
    return `${MARK}${spliced.length - 1}`;
  }
}

/** Rows as they go out: those written as JSON already read back (contract checks, tests). */
export function rowsRead<T>(rows: T[] | JsonText): T[] {
  return rows instanceof JsonText ? (JSON.parse(rows.text) as T[]) : rows;
}

/** Unguessable, so that no string an answer carries stands for a place. */
const MARK = `json-text:${randomBytes(12).toString("base64url")}:`;
const QUOTED_MARK = `"${MARK}`;
const spliced: JsonText[] = [];

/**
 * An answer written as JSON, each JsonText in it as its text (the server's reply serializer). One
 * that holds texts is written as UTF-8 bytes, its pieces in place: a text (a page of records, some
 * 20 KB) is not copied into a whole answer's string, and that string again behind the headers, on
 * the JavaScript heap, where each copy brought the young generation's next collection nearer.
 */
export function stringifyAnswer(payload: unknown): string | Buffer {
  spliced.length = 0;
  const text = JSON.stringify(payload);
  if (spliced.length === 0) return text;
  const texts = spliced.slice();
  spliced.length = 0;
  const pieces: string[] = [];
  let from = 0;
  for (let at = text.indexOf(QUOTED_MARK); at >= 0; at = text.indexOf(QUOTED_MARK, from)) {
    const end = text.indexOf('"', at + QUOTED_MARK.length);
    pieces.push(text.slice(from, at));
    texts[Number(text.slice(at + QUOTED_MARK.length, end))]!.piecesInto(pieces);
    from = end + 1;
  }
  pieces.push(text.slice(from));
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const written = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const piece of pieces) offset += written.write(piece, offset);
  return written;
}
