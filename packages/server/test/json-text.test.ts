import { describe, expect, it } from "vitest";
import { JsonText, stringifyAnswer } from "../src/lib/json-text";

describe("answers holding JSON already written", () => {
  it("are sent with each text in its place, as the whole answer written at once", () => {
    const rows = [
      { id: 1, name: 'Escuela "Uno"\n', tags: ["a"] },
      { id: 2, name: "学校", tags: [] },
    ];
    const answer = (data: unknown) => ({ status: 200, data: { pagination: { page: 1 }, data } });
    const written = String(stringifyAnswer(answer(new JsonText(JSON.stringify(rows)))));
    expect(written).toBe(JSON.stringify(answer(rows)));
    // Two texts in one answer, and an answer without any after them.
    const both = String(
      stringifyAnswer({ a: new JsonText("[1]"), b: [new JsonText('{"x":null}')] }),
    );
    expect(JSON.parse(both)).toEqual({ a: [1], b: [{ x: null }] });
    expect(stringifyAnswer({ plain: "json-text:0", n: 1 })).toBe('{"plain":"json-text:0","n":1}');
  });

  it("never take a string of the answer for a text's place", () => {
    // What a place looks like, but not the one this process marks them with.
    const lookalike = "json-text:AAAAAAAAAAAAAAAA:0";
    const written = String(stringifyAnswer({ name: lookalike, rows: new JsonText('[{"id":7}]') }));
    expect(JSON.parse(written)).toEqual({ name: lookalike, rows: [{ id: 7 }] });
  });

  it("write an array of texts as one JSON array, in UTF-8", () => {
    const records = [
      { id: 1, name: "Zoë 王" },
      { id: 2, name: "" },
      { id: 3, name: "\u2028" },
    ];
    const texts = records.map((record) => JSON.stringify(record));
    const answer = { data: { data: new JsonText(texts), empty: new JsonText([]) }, n: "é" };
    const written = stringifyAnswer(answer);
    expect(Buffer.isBuffer(written)).toBe(true);
    const expected = JSON.stringify({ data: { data: records, empty: [] }, n: "é" });
    expect(written.toString("utf8")).toBe(expected);
    expect(written.length).toBe(Buffer.byteLength(expected));
    expect(new JsonText(texts).text).toBe(JSON.stringify(records));
  });
});
