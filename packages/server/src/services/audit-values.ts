/**
 * The values an audit record keeps (services/audit.ts): never a secret nor bookkeeping, long
 * texts cut short, and what a command changed as a difference.
 */

/** Names of fields that are never recorded, whatever their resource. */
const SECRET =
  /(password|passwd|hash|token|secret|confirm_?code|session_?key|api_?key|otp|^file$|^files$)/i;
/** Bookkeeping that changes with every write and says nothing of the change. */
const BOOKKEEPING = new Set([
  "id",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
  "searchText",
  "version",
  "Authorization",
  "authorization",
  "cmdType",
  "cmdtype",
]);
const MAX_TEXT = 500;

export const isSecretField = (name: string) => SECRET.test(name);

function clip(value: unknown): unknown {
  if (typeof value === "string") {
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (Array.isArray(value)) return value.slice(0, 200).map(clip);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object") return cleanValues(value as Record<string, unknown>);
  return value;
}

/** The values without secrets and bookkeeping, long texts cut short. */
export function cleanValues(values: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (BOOKKEEPING.has(name) || isSecretField(name) || value === undefined) continue;
    clean[name] = clip(value);
  }
  return clean;
}

/** Nested objects as dotted names (permissions.users.modify), arrays kept whole. */
function flatten(values: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const key = prefix + name;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      Object.assign(flat, flatten(value as Record<string, unknown>, `${key}.`));
    } else {
      flat[key] = value;
    }
  }
  return flat;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ, as { field: [old, new] }; a missing side is null. */
export function diffValues(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, [unknown, unknown]> {
  const old = flatten(cleanValues(before ?? {}));
  const now = flatten(cleanValues(after ?? {}));
  const changes: Record<string, [unknown, unknown]> = {};
  for (const name of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (!same(old[name], now[name])) changes[name] = [old[name] ?? null, now[name] ?? null];
  }
  return changes;
}
