import { randomBytes } from "node:crypto";

/**
 * JSON already written: a page of records a list held in memory wrote once per row (issue 14:
 * making each row's record and writing it out again on every request was an eighth of such a
 * page's time on the server's thread). An answer holding it is sent with the text as it is.
 */
export class JsonText {
  constructor(readonly text: string) {}

  /** The text's place in what JSON.stringify writes (see stringifyAnswer). */
  toJSON(): string {
    spliced.push(this.text);
    return `${MARK}${spliced.length - 1}`;
  }
}

/** Rows as they go out: those written as JSON already read back (contract checks, tests). */
export function rowsRead<T>(rows: T[] | JsonText): T[] {
  return rows instanceof JsonText ? (JSON.parse(rows.text) as T[]) : rows;
}

/** Unguessable, so that no string an answer carries stands for a place. */
const MARK = `json-text:${randomBytes(12).toString("base64url")}:`;
const PLACE = new RegExp(`"${MARK}(\\d+)"`, "g");
const spliced: string[] = [];

/** An answer written as JSON, each JsonText in it as its text (the server's reply serializer). */
export function stringifyAnswer(payload: unknown): string {
  spliced.length = 0;
  const text = JSON.stringify(payload);
  if (spliced.length === 0) return text;
  const texts = spliced.slice();
  spliced.length = 0;
  return text.replace(PLACE, (_place, index: string) => texts[Number(index)]!);
}
