/**
 * Issue 16: the hand-written zip reader and CSV writer against the libraries that could replace
 * them, in one process, runs interleaved. Reads a 50 MB SCORM package as an upload is read (the
 * directory, then every entry: whole, or streamed above 4 MiB) and with fflate's unzipSync; writes
 * a 100,000-row export as csvChunks does and with papaparse's unparse (same output). Medians of
 * nine runs. Run with `pnpm --filter @lms/server bench:libs`; nothing is written to the docs.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readFileSync } from "node:fs";
import { unzipSync, zipSync, type Zippable } from "fflate";
import Papa from "papaparse";
import { BOM, csvChunks, csvLine } from "../src/lib/csv";
import { fileSource, listZip } from "../src/lib/zip";

const RUNS = 9;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The median time of each way, their runs interleaved so that a busy machine weighs on both. */
async function timed(ways: Record<string, () => Promise<unknown>>): Promise<string> {
  const times: Record<string, number[]> = {};
  for (let i = 0; i < RUNS; i++) {
    for (const [name, run] of Object.entries(ways)) {
      const start = performance.now();
      await run();
      (times[name] ??= []).push(performance.now() - start);
    }
  }
  return Object.entries(times)
    .map(([name, values]) => `${name} ${median(values).toFixed(0)} ms`)
    .join(", ");
}

/** Pages and scripts that compress well, and media that does not: 50 MB expanded. */
function scormPackage(): Uint8Array {
  const words = ["solid", "liquid", "gas", "matter", "atom", "物质", "固体", "tubig", "hangin"];
  const files: Zippable = {
    "imsmanifest.xml": new TextEncoder().encode("<manifest/>"),
  };
  for (let i = 0; i < 300; i++) {
    let page = "<!doctype html><html><body>";
    for (let w = 0; page.length < 100_000; w++)
      page += `<p>${words[(i * 7 + w) % words.length]} ${w}</p>`;
    files[`pages/page-${i}.html`] = new TextEncoder().encode(page);
  }
  for (let i = 0; i < 7; i++)
    files[`media/clip-${i}.mp4`] = [randomBytes(5 * 1024 * 1024), { level: 0 }];
  for (let i = 0; i < 20; i++)
    files[`media/image-${i}.jpg`] = [randomBytes(400 * 1024), { level: 0 }];
  return zipSync(files, { level: 6 });
}

async function readPackage(file: string): Promise<number> {
  const source = await fileSource(file);
  let bytes = 0;
  try {
    for (const entry of await listZip(source)) {
      if (entry.size > 4 * 1024 * 1024) {
        for await (const piece of entry.stream()) bytes += (piece as Buffer).length;
      } else bytes += (await entry.read()).length;
    }
  } finally {
    await source.close();
  }
  return bytes;
}

/** fflate: the whole archive in memory, every entry inflated at once. */
async function readPackageWithFflate(file: string): Promise<number> {
  let bytes = 0;
  for (const data of Object.values(unzipSync(readFileSync(file)))) bytes += data.length;
  return bytes;
}

const COLUMNS = ["id", "username", "firstName", "lastName", "email", "note", "score", "createdAt"];

function* rowBatches(): Generator<Record<string, unknown>[]> {
  for (let b = 0; b < 100; b++) {
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < 1000; i++) {
      const n = b * 1000 + i;
      rows.push({
        id: n,
        username: `user${n}`,
        firstName: n % 3 === 0 ? "李明" : "Juan",
        lastName: n % 5 === 0 ? 'Dela "Cruz", Jr.' : "Santos",
        email: `user${n}@school.ph`,
        note: n % 10 === 0 ? '=HYPERLINK("http://x")' : n % 7 === 0 ? "line\nbreak" : "",
        score: n % 100,
        createdAt: new Date(1_700_000_000_000 + n * 1000),
      });
    }
    yield rows;
  }
}

async function writeCsv(): Promise<string> {
  let text = "";
  const batches = (async function* () {
    yield* rowBatches();
  })();
  for await (const chunk of csvChunks(COLUMNS, batches)) text += chunk;
  return text;
}

/** The same export with papaparse's quoting (its escapeFormulae would quote guarded cells). */
function writeCsvWithPapaparse(): string {
  const cell = (value: unknown) => {
    if (value === null || value === undefined) return "";
    const text =
      value instanceof Date
        ? value.toISOString()
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
    return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  };
  let text = BOM + csvLine(COLUMNS) + "\r\n";
  for (const rows of rowBatches()) {
    const cells = rows.map((row) => COLUMNS.map((c) => cell(row[c])));
    text += Papa.unparse(cells, { newline: "\r\n", header: false }) + "\r\n";
  }
  return text;
}

const dir = mkdtempSync(path.join(os.tmpdir(), "lms-libs-bench-"));
try {
  const file = path.join(dir, "package.zip");
  const archive = scormPackage();
  writeFileSync(file, archive);
  const expanded = await readPackage(file);
  if ((await readPackageWithFflate(file)) !== expanded) throw new Error("the readers differ");
  const zip = await timed({
    "lib/zip.ts": () => readPackage(file),
    fflate: () => readPackageWithFflate(file),
  });
  console.log(
    `zip: ${(archive.length / 1e6).toFixed(1)} MB archive, ${(expanded / 1e6).toFixed(1)} MB expanded: ${zip}`,
  );
  const csv = await writeCsv();
  if (writeCsvWithPapaparse() !== csv) throw new Error("the writers differ");
  const written = await timed({
    "lib/csv.ts": writeCsv,
    papaparse: async () => writeCsvWithPapaparse(),
  });
  console.log(`csv: 100,000 rows, ${(csv.length / 1e6).toFixed(1)} M characters: ${written}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
