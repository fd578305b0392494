import type { MaterialType } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { invalidField } from "../lib/errors";
import type { UploadedFile } from "../lib/form";
import { scormContentType, displayName } from "../lib/content-files";
import { ManifestError, launchFilePath, readManifest, type ScormManifest } from "../lib/scorm";
import { newStorageKey, storeFromDisk } from "../lib/storage";
import { sniffMaterialFile } from "../lib/uploads";
import { ZipError, fileSource, listZip, type ZipItem, type ZipSource } from "../lib/zip";
import type { StoredFile } from "../plugins/app/repositories/materials-repository";

/** A stored SCORM package's version and launch page, read from its imsmanifest.xml. */
export async function storedScorm(
  app: FastifyInstance,
  files: { path: string; storageKey: string }[],
): Promise<ScormManifest | null> {
  const manifest = files.find((f) => f.path === "imsmanifest.xml");
  const text = manifest ? await app.storage.get(manifest.storageKey) : undefined;
  if (!text) return null;
  try {
    return readManifest(text.toString("utf8"));
  } catch (error) {
    if (error instanceof ManifestError) return null;
    throw error;
  }
}

/** The upload field's error when a package is not SCORM 1.2 or 2004 or lacks its launch file. */
async function checkPackage(field: string, entries: ZipItem[]) {
  const manifest = entries.find((e) => e.path === "imsmanifest.xml");
  if (!manifest) throw invalidField(field, "materials.invalidPackage");
  const text = (await manifest.read()).toString("utf8");
  try {
    const { launch, scos } = readManifest(text);
    // Every SCO of a package with several launches from the zip as well as the first.
    for (const page of [launch, ...scos.map((sco) => sco.launch)]) {
      if (!entries.some((e) => e.path === launchFilePath(page))) {
        throw new ManifestError("materials.scormNoLaunch");
      }
    }
  } catch (error) {
    if (error instanceof ManifestError) throw invalidField(field, error.key);
    throw error;
  }
}

/**
 * Stores the upload of a file or SCORM material under server-generated names: a file is checked
 * by its bytes (documents, images, audio, video; nothing a browser would run); a package must be
 * a zip with imsmanifest.xml, its entries kept under one prefix.
 */
export async function storeUpload(
  app: FastifyInstance,
  type: MaterialType,
  fileOf: (field: string) => UploadedFile | undefined,
  required: boolean,
): Promise<{ files: StoredFile[]; size: number } | null> {
  if (type !== "file" && type !== "scorm") return null;
  // The portal sends a SCORM package as `package`, a file as `file`; either part is read.
  const parts = type === "scorm" ? (["package", "file"] as const) : (["file"] as const);
  const field = parts.find((name) => (fileOf(name)?.size ?? 0) > 0) ?? parts[0];
  const file = fileOf(field);
  if (!file || file.size === 0) {
    if (required) throw invalidField(field, "validation.required");
    return null;
  }
  if (type === "file") {
    const checked = await sniffMaterialFile(file);
    if (!checked) throw invalidField("file", "validation.fileType");
    const storageKey = newStorageKey("materials", checked.extension);
    await storeFromDisk(app.storage, storageKey, file.path);
    return {
      size: file.size,
      files: [
        {
          path: displayName(file.filename, `file.${checked.extension}`),
          storageKey,
          contentType: checked.contentType,
          size: file.size,
        },
      ],
    };
  }
  // Checked from the central directory before anything is inflated; inflated one entry at a time.
  const refused = (error: unknown) => {
    if (error instanceof ZipError || error instanceof RangeError) {
      return invalidField(field, "materials.invalidPackage");
    }
    return error;
  };
  const source = await fileSource(file.path);
  try {
    return await storePackage(app, field, source, file.size, refused);
  } finally {
    await source.close();
  }
}

const STREAMED_ENTRY_BYTES = 4 * 1024 * 1024;

/** A SCORM package's entries, stored under one prefix (all of them, or none). */
async function storePackage(
  app: FastifyInstance,
  field: string,
  source: ZipSource,
  size: number,
  refused: (error: unknown) => unknown,
): Promise<{ files: StoredFile[]; size: number }> {
  let entries: ZipItem[];
  try {
    entries = await listZip(source, app.config.uploads.zip);
    await checkPackage(field, entries);
  } catch (error) {
    throw refused(error);
  }
  const prefix = newStorageKey("scorm");
  const files: StoredFile[] = [];
  for (const entry of entries) {
    const storageKey = `${prefix}/${entry.path
      .split("/")
      .map((p) =>
        encodeURIComponent(p)
          .toLowerCase()
          .replace(/[^a-z0-9._-]/g, "_"),
      )
      .join("/")}`;
    try {
      // Big entries (videos) stream into the store; small ones go whole.
      if (entry.size > STREAMED_ENTRY_BYTES)
        await app.storage.putStream(storageKey, entry.stream());
      else await app.storage.put(storageKey, await entry.read());
    } catch (error) {
      // A header that lied (or a store that failed): what was stored of the package goes. A store
      // that is away keeps it until it is back (logged); the answer says why the upload failed.
      await app.storage.removePrefix(prefix).catch((removal: unknown) => {
        app.log.warn({ err: removal, prefix }, "a failed package's stored entries stay");
      });
      throw refused(error);
    }
    files.push({
      path: entry.path,
      storageKey,
      contentType: scormContentType(entry.path),
      size: entry.size,
    });
  }
  return { files, size };
}
