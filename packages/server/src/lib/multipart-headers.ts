/**
 * A multipart part's headers and a header value's parameters, read as @fastify/busboy (1.x to
 * 3.x) reads them, for `multipart-parser.ts` and the request's boundary.
 */

/** busboy's limit of header lines read in a part. */
const HEADER_PAIRS = 2000;

/** The header block browsers send for a field, read at once: the rest go through partHeader. */
const FIELD_HEADER = /^\r\ncontent-disposition:[ \t]?form-data; name="([^"\\\r\n]*)"$/i;

export interface PartHeader {
  name: string | undefined;
  filename: string | undefined;
  type?: string;
  charset?: string;
}

/**
 * A part's header block (latin1) as busboy reads it: the first Content-Disposition and
 * Content-Type, folded lines joined, reading stopped at a line that is not a header. Undefined
 * for a part busboy skips (not form-data, a bare line break in a name).
 */
export function partHeader(block: string): PartHeader | undefined {
  const fast = FIELD_HEADER.exec(block);
  if (fast) return { name: utf8(fast[1]!), filename: undefined };
  let disposition: string | undefined;
  let type: string | undefined;
  let folding: "disposition" | "type" | null = null;
  let pairs = 0;
  for (let start = 0; start < block.length && pairs < HEADER_PAIRS;) {
    let end = block.indexOf("\r\n", start);
    if (end === -1) end = block.length;
    const line = block.slice(start, end);
    start = end + 2;
    if (line === "") continue;
    if (line.includes("\r") || line.includes("\n")) break;
    if ((line[0] === " " || line[0] === "\t") && pairs > 0) {
      if (folding === "disposition") disposition += line;
      else if (folding === "type") type += line;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) break;
    pairs++;
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(
      line[colon + 1] === " " || line[colon + 1] === "\t" ? colon + 2 : colon + 1,
    );
    folding = null;
    if (name === "content-disposition" && disposition === undefined) {
      disposition = value;
      folding = "disposition";
    } else if (name === "content-type" && type === undefined) {
      type = value;
      folding = "type";
    }
  }
  if (disposition === undefined) return undefined;
  const [kind, params] = headerParams(disposition);
  if (!/^form-data$/i.test(kind)) return undefined;
  const part: PartHeader = { name: undefined, filename: undefined };
  for (const [key, value] of params) {
    if (/^name$/i.test(key)) part.name = value;
    else if (/^filename$/i.test(key)) part.filename = basename(value);
    if (/[\r\n]/.test(value) && /^(?:file)?name$/i.test(key)) return undefined;
  }
  if (type) {
    const [media, typeParams] = /[; \t]/.test(type) ? headerParams(type) : [type, []];
    if (media) {
      part.type = media.toLowerCase();
      part.charset = typeParams.find(([key]) => /^charset$/i.test(key))?.[1].toLowerCase();
    }
  }
  return part;
}

const KEY = 0;
const VALUE = 1;
const CHARSET = 2;
const LANGUAGE = 3;

/**
 * A header value's first token and its parameters, as busboy's parseParams reads them: spaces
 * outside quotes dropped, `\` escaping inside quotes, RFC 5987 `key*=charset'lang'%XX` decoded,
 * other values read as UTF-8.
 */
export function headerParams(value: string): [string, [string, string][]] {
  if (!value.includes(";")) return [utf8(value), []];
  const tokens: (string | [string, string])[] = [];
  let state = KEY;
  let key: string | undefined;
  let text = "";
  let charset = "";
  let quoted = false;
  let escaping = false;
  const close = () => {
    if (charset && text) {
      const bytes = text.replace(/%[0-9a-f]{2}/gi, (hex) =>
        String.fromCharCode(parseInt(hex.slice(1), 16)),
      );
      text = Buffer.from(bytes, "latin1").toString(encodingOf(charset));
    } else if (text) text = utf8(text);
    tokens.push(key === undefined ? text : [key, text]);
    key = undefined;
    text = charset = "";
  };
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === "\\" && quoted) {
      escaping = !escaping;
      if (escaping) continue;
    } else if (char === '"' && !escaping) {
      if (quoted) {
        state = KEY;
        while (i + 1 < value.length && value[i + 1] !== ";") i++;
      }
      quoted = !quoted;
      continue;
    } else if (char === '"') {
      escaping = false;
    } else {
      if (escaping) text += "\\";
      escaping = false;
      if ((state === CHARSET || state === LANGUAGE) && char === "'") {
        if (state === CHARSET) charset = text.slice(1);
        state = state === CHARSET ? LANGUAGE : VALUE;
        text = "";
        continue;
      }
      if (state === KEY && (char === "*" || char === "=") && tokens.length > 0) {
        state = char === "*" ? CHARSET : VALUE;
        key = text;
        text = "";
        continue;
      }
      if (!quoted && char === ";") {
        state = KEY;
        close();
        continue;
      }
      if (!quoted && (char === " " || char === "\t")) continue;
    }
    text += char;
  }
  if (text || key !== undefined) close();
  const [first, ...rest] = tokens;
  return [
    typeof first === "string" ? first : "",
    rest.filter((token): token is [string, string] => Array.isArray(token)),
  ];
}

/** A latin1 string holding UTF-8 bytes, decoded. */
function utf8(text: string): string {
  return /[\x80-\uffff]/.test(text) ? Buffer.from(text, "latin1").toString("utf8") : text;
}

/** busboy's decoders: the Latin-1 family, UTF-16LE and base64 by name, UTF-8 for anything else. */
export function encodingOf(charset: string | undefined): BufferEncoding {
  switch (charset?.toLowerCase()) {
    case "latin1":
    case "ascii":
    case "us-ascii":
    case "iso-8859-1":
    case "iso8859-1":
    case "iso88591":
    case "iso_8859-1":
    case "windows-1252":
    case "iso_8859-1:1987":
    case "cp1252":
    case "x-cp1252":
      return "latin1";
    case "utf16le":
    case "utf-16le":
    case "ucs2":
    case "ucs-2":
      return "utf16le";
    case "base64":
      return "base64";
    default:
      return "utf8";
  }
}

/** The file's name without its folders (busboy's basename: `.` and `..` become empty). */
function basename(filename: string): string {
  const name = filename.slice(Math.max(filename.lastIndexOf("/"), filename.lastIndexOf("\\")) + 1);
  return name === "." || name === ".." ? "" : name;
}
