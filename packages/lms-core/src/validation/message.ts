import type { MessageKey } from "../i18n/es";

export type MessageValues = Record<string, string | number>;

/** A validation or error message as data: a catalogue key and the values it needs. */
export interface MessageDescriptor {
  key: MessageKey;
  values?: MessageValues;
}

/**
 * Zod issues and form libraries carry one string per error, so a rule's message travels as
 * `key` or `key?name=value` and is turned back into a descriptor where it is shown, in the
 * user's language (portal) or in English (server answers).
 */
export function encodeMessage(key: MessageKey, values?: MessageValues): string {
  if (!values || Object.keys(values).length === 0) return key;
  const query = new URLSearchParams(
    Object.entries(values).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return `${key}?${query.toString()}`;
}

export function decodeMessage(message: string): MessageDescriptor {
  const [key, query] = splitOnce(message, "?");
  if (!query) return { key: key as MessageKey };
  const values: MessageValues = {};
  for (const [name, value] of new URLSearchParams(query)) {
    values[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return { key: key as MessageKey, values };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
