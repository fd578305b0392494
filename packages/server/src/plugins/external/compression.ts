import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { appPlugin } from "../../lib/plugin";

/**
 * Answers above 1 KB compressed by Accept-Encoding (issue 14 "Delivery"): JSON lists, exports.
 * Brotli at a middle quality, since it runs on every answer; the portal's own files are compressed
 * once at build time (build/precompress.ts) and sent as they are (plugins/external/portal.ts).
 * Requests are never decompressed.
 */
export default appPlugin(async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are read as sent: a body that says it is compressed and is not left its
    // decompressor waiting and the request unanswered (issue 45).
    globalDecompression: false,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
