import {
  callCommand,
  COMMANDS,
  createApiClient,
  createSessionStore,
  DEFAULT_LIST_PARAMS,
} from "@lms/core";
import type { Rollup } from "vite";
import { describe, expect, it, vi } from "vitest";
import { openingPreloadPlugin, openingScript } from "./opening-preload";
import { openingRequests } from "./opening-requests";

const FILES = {
  visitor: ["assets/sign-in-a.js", "assets/common-b.js"],
  signedIn: ["assets/signed-in-shell-c.js", "assets/common-b.js"],
  schoolsList: ["assets/signed-in-list-d.js", "assets/signed-in-shell-c.js", "assets/common-b.js"],
};

/** Runs the opening script as a page would, and returns the files it asked the browser for. */
function preloadedBy(script: string, hash: string, stored: string | null): string[] {
  const links: { rel: string; href: string }[] = [];
  const page = {
    localStorage: { getItem: (key: string) => (key === "auth" ? stored : null) },
    location: { hash },
    document: {
      baseURI: "http://portal.test/",
      createElement: () => ({ rel: "", href: "" }),
      head: { append: (link: { rel: string; href: string }) => links.push(link) },
    },
  };
  const run = new Function("localStorage", "location", "document", script);
  run(page.localStorage, page.location, page.document);
  expect(links.every((link) => link.rel === "modulepreload")).toBe(true);
  return links.map((link) => link.href.replace("http://portal.test/", ""));
}

const KEPT = JSON.stringify({ token: "t", profile: { userName: "admin" }, lang: "en" });

interface FakeFrame {
  src: string;
  hidden: boolean;
  attributes: Record<string, string>;
  listeners: Record<string, () => void>;
  removed: boolean;
}

/**
 * Runs the opening script with a kept session whose class-service token is stored, the class
 * service answering `answer`: the requests it sent, the frames it added, and its sign-in's state.
 */
function signInBy(script: string, stored: object, answer: () => Promise<Response>) {
  const requests: { url: string; init: RequestInit }[] = [];
  const frames: FakeFrame[] = [];
  const order: string[] = [];
  const window: {
    __lmsOpeningSignIn?: {
      sessionKey: string;
      done: Promise<{ signedIn: boolean; at: number }>;
      stop: () => void;
    };
  } = {};
  const element = (tag: string) => {
    if (tag !== "iframe") return { rel: "", href: "" };
    const frame: FakeFrame = {
      src: "",
      hidden: false,
      attributes: {},
      listeners: {},
      removed: false,
    };
    return Object.assign(frame, {
      setAttribute: (name: string, value: string) => (frame.attributes[name] = value),
      addEventListener: (name: string, listener: () => void) => (frame.listeners[name] = listener),
      remove: () => (frame.removed = true),
    });
  };
  const document = {
    baseURI: "http://portal.test/",
    createElement: element,
    head: { append: () => order.push("file") },
    body: { append: (frame: FakeFrame) => frames.push(frame) },
  };
  const fetch = (url: string, init: RequestInit) => {
    order.push("request");
    requests.push({ url, init });
    return answer();
  };
  const run = new Function("localStorage", "location", "document", "window", "fetch", script);
  run(
    { getItem: (key: string) => (key === "auth" ? JSON.stringify(stored) : null) },
    { hash: "#/schools" },
    document,
    window,
    fetch,
  );
  return { requests, frames, order, opening: window.__lmsOpeningSignIn };
}

const KEPT_WITH_CLASS_TOKEN = {
  token: "t",
  wsToken: "ws-1",
  sessionKey: "key-1",
  profile: { userName: "Teacher.One" },
};

describe("opening preload", () => {
  const script = openingScript(FILES);

  it("asks a visitor's browser for the visitor pages", () => {
    expect(preloadedBy(script, "#/account/login", null)).toEqual(FILES.visitor);
    expect(preloadedBy(script, "", null)).toEqual(FILES.visitor);
    expect(preloadedBy(script, "#/users", null)).toEqual(FILES.visitor);
  });

  it("treats a stored session without a token, or one that does not parse, as a visitor", () => {
    expect(preloadedBy(script, "#/schools", JSON.stringify({ token: null }))).toEqual(
      FILES.visitor,
    );
    expect(preloadedBy(script, "#/schools", "{not json")).toEqual(FILES.visitor);
  });

  it("asks for the layout and the schools list where a kept session opens", () => {
    for (const hash of ["", "#/", "#/schools", "#/schools/", "#/schools?page=3"])
      expect(preloadedBy(script, hash, KEPT), hash).toEqual(FILES.schoolsList);
  });

  it("asks for the layout alone on another signed-in page, and the visitor pages under #/account", () => {
    expect(preloadedBy(script, "#/schools/12", KEPT)).toEqual(FILES.signedIn);
    expect(preloadedBy(script, "#/users", KEPT)).toEqual(FILES.signedIn);
    expect(preloadedBy(script, "#/account/reset-password?code=x", KEPT)).toEqual(FILES.visitor);
  });

  it("makes a kept session's first class-service sign-in attempt, as the portal's client would", async () => {
    const answer = async () =>
      new Response(JSON.stringify({ loginurl: "http://portal.test/webservice/login?key=9" }));
    const { requests, frames, opening } = signInBy(
      openingScript(FILES, { classServiceUrl: "/class/" }),
      KEPT_WITH_CLASS_TOKEN,
      answer,
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe("/class/rest/server.php");
    expect(requests[0]!.init.method).toBe("POST");
    expect(requests[0]!.init.credentials).toBe("same-origin");
    // The very form the portal's client sends for the same session.
    const sent: FormData[] = [];
    const session = createSessionStore();
    session.set({ ...KEPT_WITH_CLASS_TOKEN, profile: KEPT_WITH_CLASS_TOKEN.profile as never });
    const client = createApiClient({
      baseUrl: "/api",
      session,
      fetch: async (_url, init) => {
        sent.push(init!.body as FormData);
        return Response.json({ loginurl: "x" });
      },
    });
    await client.requestClassServiceLoginUrl("Teacher.One");
    expect([...(requests[0]!.init.body as FormData).entries()]).toEqual([...sent[0]!.entries()]);
    expect(opening?.sessionKey).toBe("key-1");

    await vi.waitFor(() => expect(frames).toHaveLength(1));
    const frame = frames[0]!;
    expect(frame.src).toBe("http://portal.test/webservice/login?key=9");
    expect(frame.hidden).toBe(true);
    expect(frame.attributes["aria-hidden"]).toBe("true");
    let done: { signedIn: boolean } | undefined;
    void opening!.done.then((value) => (done = value));
    await Promise.resolve();
    expect(done).toBeUndefined();
    frame.listeners.load!();
    expect((await opening!.done).signedIn).toBe(true);
    expect(frame.removed).toBe(true);
  });

  it("sends its requests before it asks for the page's files (HTTP/1.1: they do not queue behind them)", () => {
    const { order } = signInBy(openingScript(FILES), KEPT_WITH_CLASS_TOKEN, async () =>
      Response.json({}),
    );
    expect(order[0]).toBe("request");
    expect(order.filter((step) => step === "file")).toHaveLength(FILES.schoolsList.length);
    expect(order.lastIndexOf("request")).toBeLessThan(order.indexOf("file"));
  });

  it("loads no frame once the portal stopped its attempt (another tab signed in another session)", async () => {
    const { frames, opening } = signInBy(openingScript(FILES), KEPT_WITH_CLASS_TOKEN, async () =>
      Response.json({ loginurl: "http://portal.test/webservice/login?key=9" }),
    );
    opening!.stop();
    expect((await opening!.done).signedIn).toBe(false);
    expect(frames).toHaveLength(0);
  });

  it("says so, and when, if its attempt got no login URL; makes none without a class-service token or with an odd stored name", async () => {
    const refused = signInBy(openingScript(FILES), KEPT_WITH_CLASS_TOKEN, async () =>
      Response.json({ errorcode: "invalidtoken" }),
    );
    expect(refused.requests[0]!.url).toBe("/webservice/rest/server.php");
    const attempt = await refused.opening!.done;
    expect(attempt.signedIn).toBe(false);
    // When it ended: the portal's second attempt comes 1 second after.
    expect(attempt.at).toBeGreaterThan(0);
    expect(refused.frames).toHaveLength(0);

    const emptyUrl = signInBy(openingScript(FILES), KEPT_WITH_CLASS_TOKEN, async () =>
      Response.json({ loginurl: "" }),
    );
    expect((await emptyUrl.opening!.done).signedIn).toBe(false);
    expect(emptyUrl.frames).toHaveLength(0);

    const offline = signInBy(openingScript(FILES), KEPT_WITH_CLASS_TOKEN, () =>
      Promise.reject(new TypeError("Failed to fetch")),
    );
    expect((await offline.opening!.done).signedIn).toBe(false);

    const failed = signInBy(
      openingScript(FILES),
      KEPT_WITH_CLASS_TOKEN,
      async () => new Response("", { status: 500 }),
    );
    expect((await failed.opening!.done).signedIn).toBe(false);

    const withoutToken = signInBy(
      openingScript(FILES),
      { ...KEPT_WITH_CLASS_TOKEN, wsToken: null },
      () => Promise.reject(new Error("no request expected")),
    );
    expect(withoutToken.requests).toHaveLength(0);
    expect(withoutToken.opening).toBeUndefined();

    const oddName = signInBy(
      openingScript(FILES),
      { ...KEPT_WITH_CLASS_TOKEN, profile: { userName: { toString: 1 } } },
      () => Promise.reject(new Error("no request expected")),
    );
    expect(oddName.requests).toHaveLength(0);
    expect(oddName.opening).toBeUndefined();
  });

  it("writes the script into the page before the entry, naming each chunk's files less what the entry loads", () => {
    const chunk = (fileName: string, name: string, imports: string[], isEntry = false) =>
      ({ type: "chunk", fileName, name, imports, isEntry }) as unknown as Rollup.OutputChunk;
    const bundle: Record<string, Rollup.OutputChunk | Rollup.OutputAsset> = {
      "index.html": {
        type: "asset",
        fileName: "index.html",
        source: '<head>\n    <script type="module" src="./assets/index-1.js"></script>\n</head>',
      } as Rollup.OutputAsset,
      "assets/index-1.js": chunk("assets/index-1.js", "index", ["assets/portal-2.js"], true),
      "assets/portal-2.js": chunk("assets/portal-2.js", "portal", []),
      "assets/common-3.js": chunk("assets/common-3.js", "common", ["assets/portal-2.js"]),
      "assets/sign-in-4.js": chunk("assets/sign-in-4.js", "sign-in", [
        "assets/common-3.js",
        "assets/portal-2.js",
      ]),
      "assets/signed-in-shell-5.js": chunk("assets/signed-in-shell-5.js", "signed-in-shell", [
        "assets/common-3.js",
      ]),
      "assets/signed-in-list-6.js": chunk("assets/signed-in-list-6.js", "signed-in-list", [
        "assets/signed-in-shell-5.js",
      ]),
    };
    const plugin = openingPreloadPlugin({
      visitor: ["sign-in"],
      signedIn: ["signed-in-shell"],
      schoolsList: ["signed-in-list"],
    });
    const generate = plugin.generateBundle as (
      this: unknown,
      options: unknown,
      output: typeof bundle,
    ) => void;
    generate.call(
      {
        error: (message: string) => {
          throw new Error(message);
        },
      },
      {},
      bundle,
    );

    const html = String((bundle["index.html"] as Rollup.OutputAsset).source);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html);
    expect(inline?.index).toBeLessThan(html.indexOf("index-1.js"));
    const source = inline![1]!;
    expect(preloadedBy(source, "#/account/login", null).sort()).toEqual([
      "assets/common-3.js",
      "assets/sign-in-4.js",
    ]);
    expect(preloadedBy(source, "#/schools", KEPT).sort()).toEqual([
      "assets/common-3.js",
      "assets/signed-in-list-6.js",
      "assets/signed-in-shell-5.js",
    ]);
  });

  describe("a kept session's first requests to the main service", () => {
    const requests = openingRequests(DEFAULT_LIST_PARAMS);
    const KEPT_USER = {
      token: "tok-1",
      profile: { userId: 7, userName: "admin" },
      permissions: { schools: { access: true, view: true } },
      lang: "en",
    };

    /** Runs the script on `hash`: the requests it sent, and what it left for the portal. */
    function openedBy(hash: string, stored: object, keptList: string | null = null) {
      const sent: { url: string; init: RequestInit }[] = [];
      const window: {
        __lmsOpeningRequests?: { url: string; entries: [string, string][]; shared: boolean }[];
      } = {};
      const run = new Function(
        "localStorage",
        "sessionStorage",
        "location",
        "document",
        "window",
        "fetch",
        openingScript(FILES, { apiUrl: "/api/", requests }),
      );
      run(
        { getItem: (key: string) => (key === "auth" ? JSON.stringify(stored) : null) },
        { getItem: (key: string) => (key === "lms.list.schools" ? keptList : null) },
        { hash },
        { baseURI: "http://portal.test/", createElement: () => ({}), head: { append() {} } },
        window,
        (url: string, init: RequestInit) => {
          sent.push({ url, init });
          return Promise.reject(new TypeError("Failed to fetch"));
        },
      );
      return { sent, left: window.__lmsOpeningRequests };
    }

    /** The forms the portal's own client sends for the same session's first page. */
    async function clientForms() {
      const forms = new Map<string, [string, string][]>();
      const session = createSessionStore();
      session.set({ token: "tok-1", profile: { userId: 7, userName: "admin" } as never });
      const client = createApiClient({
        baseUrl: "/api",
        session,
        fetch: async (url, init) => {
          const entries = [...(init!.body as FormData).entries()] as [string, string][];
          forms.set(`${String(url)} ${entries[0]![1]}`, entries);
          return Response.json({ status: 200, data: { data: [], pagination: {} } });
        },
      });
      await callCommand(client, COMMANDS.user.profile, undefined as never);
      await callCommand(client, COMMANDS.school.list, DEFAULT_LIST_PARAMS as never);
      return forms;
    }

    it("sends the status check, the profile and the schools list's first page with the client's forms", async () => {
      const { sent, left } = openedBy("#/schools", KEPT_USER);
      const forms = await clientForms();
      expect(sent.map(({ url }) => url)).toEqual(["/api/user/", "/api/user/", "/api/school/"]);
      for (const { url, init } of sent) {
        expect(init.method).toBe("POST");
        expect(init.credentials).toBe("same-origin");
        const entries = [...(init.body as FormData).entries()] as [string, string][];
        expect(entries).toEqual(forms.get(`${url} ${entries[0]![1]}`));
      }
      expect(forms.size).toBe(3);
      expect(left?.map(({ url, entries }) => [url, entries])).toEqual(
        sent.map(({ url, init }) => [url, [...(init.body as FormData).entries()]]),
      );
      // The status check answers every check of the opening; the others one request each.
      expect(left?.map(({ shared }) => shared)).toEqual([true, false, false]);
    });

    it("leaves the list out where it may open otherwise, and sends nothing for a visitor's page or an odd session", () => {
      const urls = (hash: string, stored: object, kept: string | null = null) =>
        openedBy(hash, stored, kept).sent.map(({ url }) => url);
      expect(urls("", KEPT_USER)).toEqual(["/api/user/", "/api/user/", "/api/school/"]);
      expect(urls("#/schools?page=3", KEPT_USER)).toEqual(["/api/user/", "/api/user/"]);
      expect(urls("#/schools", KEPT_USER, '{"rowsPerPage":50}')).toEqual([
        "/api/user/",
        "/api/user/",
      ]);
      expect(urls("#/users", KEPT_USER)).toEqual(["/api/user/", "/api/user/"]);
      expect(urls("#/account/login", KEPT_USER)).toEqual([]);
      // A role that may not see the schools list goes elsewhere from it.
      const noSchools = { ...KEPT_USER, permissions: { schools: { access: true, view: false } } };
      expect(urls("#/schools", noSchools)).toEqual(["/api/user/", "/api/user/"]);
      expect(urls("#/schools", { ...KEPT_USER, permissions: null })).toEqual([
        "/api/user/",
        "/api/user/",
      ]);
      expect(urls("#/schools", { ...KEPT_USER, profile: { userName: "admin" } })).toEqual([]);
      expect(urls("#/schools", { ...KEPT_USER, token: 5 })).toEqual([]);
    });
  });
});
