import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCall {
  method: string;
  url: string;
  contentType: string;
  /** Form fields in the order they arrived. */
  fields: [string, string][];
  files: { name: string; filename: string; size: number }[];
}

export type Handler = (
  call: ReceivedCall,
) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/**
 * A real HTTP server on 127.0.0.1 that parses multipart bodies with the platform's own parser,
 * so the client is tested over the wire exactly as the browser sends.
 */
export async function startFakeService(handler: Handler) {
  const calls: ReceivedCall[] = [];
  const server: Server = createServer(async (req, res) => {
    const call = await readCall(req);
    calls.push(call);
    const answer = await handler(call);
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readCall(req: IncomingMessage): Promise<ReceivedCall> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const contentType = req.headers["content-type"] ?? "";
  const fields: [string, string][] = [];
  const files: ReceivedCall["files"] = [];
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Request("http://local/", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    }).formData();
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields.push([name, value]);
      else files.push({ name, filename: value.name, size: value.size });
    }
  }
  return { method: req.method ?? "", url: req.url ?? "", contentType, fields, files };
}

export function field(call: ReceivedCall, name: string): string | undefined {
  return call.fields.find(([n]) => n === name)?.[1];
}
