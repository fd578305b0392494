import { createReadStream } from "node:fs";
import Papa from "papaparse";

/** One parsed CSV row and the quote or delimiter errors papaparse found in it. */
export interface CsvRow {
  cells: string[];
  malformed: string | null;
}

/**
 * The rows of a CSV file, read as a stream in batches (issue 14): the parser is paused while a
 * batch is handled, so that memory holds one batch, never the whole file or all its rows.
 */
export async function* csvBatches(path: string, size = 1000): AsyncGenerator<CsvRow[]> {
  let batch: CsvRow[] = [];
  let ready: CsvRow[][] = [];
  let done = false;
  let failure: unknown = null;
  let parser: Papa.Parser | null = null;
  let paused = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const stream = createReadStream(path, "utf8");
  Papa.parse<string[]>(stream, {
    skipEmptyLines: false,
    step(results, handle) {
      parser = handle;
      const error = results.errors.find((e) => e.type === "Quotes" || e.type === "Delimiter");
      batch.push({ cells: results.data, malformed: error ? error.message : null });
      if (batch.length >= size) {
        ready.push(batch);
        batch = [];
        handle.pause();
        paused = true;
        notify();
      }
    },
    complete() {
      if (batch.length) ready.push(batch);
      done = true;
      notify();
    },
    error(error: unknown) {
      failure = error;
      done = true;
      notify();
    },
  });
  try {
    for (;;) {
      if (ready.length) {
        const next = ready;
        ready = [];
        for (const rows of next) yield rows;
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      if (paused) {
        // Resuming may parse (and hand over) the next batch at once.
        paused = false;
        (parser as Papa.Parser | null)?.resume();
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    if (!done) {
      (parser as Papa.Parser | null)?.abort();
      stream.destroy();
    }
  }
}
