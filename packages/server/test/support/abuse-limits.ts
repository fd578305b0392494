import { Readable } from "node:stream";
import { createDeflateRaw, deflateRawSync } from "node:zlib";
import { crc32 } from "../../src/lib/zip";
import { multipart, type FieldValue, type TestApp } from "../helper";
import type { ServerConfig } from "../../src/config";

/** Tight limits so that the attacks reach them quickly; the rules are those of production. */
export const TIGHT_LIMITS: Partial<ServerConfig> = {
  rateLimits: {
    loginPerAccount: { limit: 5, windowSeconds: 900 },
    loginBackoffMaxSeconds: 300,
    loginPerAddress: { limit: 40, windowSeconds: 900 },
    forgotPerAccount: { limit: 3, windowSeconds: 3600 },
    forgotPerAddress: { limit: 100, windowSeconds: 3600 },
    linkPerAddress: { limit: 20, windowSeconds: 900 },
    linkPerToken: { limit: 10, windowSeconds: 3600 },
    classPerAddress: { limit: 8, windowSeconds: 900 },
  },
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Requests from a chosen address, bound to a file's app. */
export function abuseHelpers(t: () => TestApp) {
  /** A multipart POST to /api/<resource>/ from a given address. */
  async function callFrom(
    address: string,
    resource: string,
    cmdType: string,
    fields: Record<string, FieldValue>,
  ) {
    const { body, contentType } = await multipart({ cmdType, ...fields });
    const response = await t().app.inject({
      method: "POST",
      url: `/api/${resource}/`,
      headers: { "content-type": contentType },
      payload: body,
      remoteAddress: address,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }

  const signIn = (address: string, userName: string, password: string) =>
    callFrom(address, "user", "login", { userName, password });
  return { callFrom, signIn };
}

/** A zip of deflated entries; `declared` overrides the size the headers give. */
export function deflatedZip(entries: { path: string; raw: Buffer; size: number; crc: number }[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.raw.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.raw.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.raw);
    centrals.push(central, name);
    offset += 30 + name.length + entry.raw.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const small = (p: string, data: Buffer) => ({
  path: p,
  raw: deflateRawSync(data),
  size: data.length,
  crc: crc32(data),
});

/** `mb` megabytes of zeros, deflated as a stream (never whole in the test's memory). */
export async function deflatedZeros(mb: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < mb; i++) yield chunk;
    })(),
  );
  const parts: Buffer[] = [];
  for await (const part of source.pipe(createDeflateRaw({ level: 9 }))) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
