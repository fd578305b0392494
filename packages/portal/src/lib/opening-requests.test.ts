import { DEFAULT_LIST_PARAMS, encodeListRequest, listParamsOf } from "@lms/core";
import { describe, expect, it, vi } from "vitest";
import { initialListState } from "./list-state";
import {
  OPENING_ANSWERS_FRESH_MS,
  SHARED_ANSWER_MS,
  withOpeningRequests,
  type OpeningRequest,
} from "./opening-requests";

const STATUS: [string, string][] = [
  ["cmdType", "getisloggedinstatus"],
  ["userid", "7"],
  ["Authorization", "Bearer tok-1"],
];

function form(entries: [string, string][]): FormData {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

/** The answer the opening script's request got. */
function openingAnswer(): Promise<Response> {
  return Promise.resolve(Response.json({ from: "opening" }));
}

/** The network, as the portal's own fetch would reach it. */
function portalSend() {
  return vi.fn(async () => Response.json({ from: "portal" }));
}

function page(opening: OpeningRequest[]) {
  return { __lmsOpeningRequests: opening, document: { baseURI: "http://portal.test/" } };
}

const PROFILE: [string, string][] = [
  ["cmdType", "profile"],
  ["Authorization", "Bearer tok-1"],
];

function openingStatus(answer: Promise<Response>): OpeningRequest {
  return { url: "/api/user/", entries: STATUS, shared: true, response: answer };
}

function openingProfile(answer: Promise<Response>): OpeningRequest {
  return { url: "/api/user/", entries: PROFILE, shared: false, response: answer };
}

describe("the opening script's requests", () => {
  it("answer the portal's request exactly like one of them, once", async () => {
    const send = portalSend();
    const fetch = withOpeningRequests(send, page([openingProfile(openingAnswer())]), () => 100);
    const init = () => ({ method: "POST", body: form(PROFILE) });
    expect(await (await fetch("/api/user/", init())).json()).toEqual({ from: "opening" });
    expect(send).not.toHaveBeenCalled();
    expect(await (await fetch("/api/user/", init())).json()).toEqual({ from: "portal" });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("answer every status check like theirs while the page opens, a copy each, then no more", async () => {
    const send = portalSend();
    let clock = 100;
    const fetch = withOpeningRequests(send, page([openingStatus(openingAnswer())]), () => clock);
    const init = () => ({ method: "POST", body: form(STATUS) });
    for (let check = 0; check < 3; check++)
      expect(await (await fetch("/api/user/", init())).json()).toEqual({ from: "opening" });
    expect(send).not.toHaveBeenCalled();
    clock += SHARED_ANSWER_MS + 1;
    expect(await (await fetch("/api/user/", init())).json()).toEqual({ from: "portal" });
  });

  it("leave a request that may be aborted to the network", async () => {
    const send = portalSend();
    const fetch = withOpeningRequests(send, page([openingProfile(openingAnswer())]), () => 100);
    const signal = new AbortController().signal;
    await fetch("/api/user/", { method: "POST", body: form(PROFILE), signal });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("leave a request with another token, field, order or URL to the network", async () => {
    const send = portalSend();
    const opening = page([openingStatus(openingAnswer())]);
    const fetch = withOpeningRequests(send, opening, () => 100);
    const otherToken = STATUS.map(([n, v]): [string, string] =>
      n === "Authorization" ? [n, "Bearer tok-2"] : [n, v],
    );
    await fetch("/api/user/", { method: "POST", body: form(otherToken) });
    await fetch("/api/user/", { method: "POST", body: form([...STATUS, ["extra", "1"]]) });
    await fetch("/api/user/", { method: "POST", body: form([...STATUS].reverse()) });
    await fetch("/api/school/", { method: "POST", body: form(STATUS) });
    expect(send).toHaveBeenCalledTimes(4);
    expect(opening.__lmsOpeningRequests).toHaveLength(1);
    // The same URL written another way is the same request.
    await fetch("http://portal.test/api/user/", { method: "POST", body: form(STATUS) });
    expect(send).toHaveBeenCalledTimes(4);
  });

  it("send the request after all when the opening one failed", async () => {
    const send = portalSend();
    const fetch = withOpeningRequests(
      send,
      page([openingStatus(Promise.reject(new TypeError("Failed to fetch")))]),
      () => 100,
    );
    const body = form(STATUS);
    expect(await (await fetch("/api/user/", { method: "POST", body })).json()).toEqual({
      from: "portal",
    });
    expect(send).toHaveBeenCalledWith("/api/user/", { method: "POST", body });
  });

  it("stand for no request once the page has been open a while", async () => {
    const send = portalSend();
    const opening = page([openingStatus(openingAnswer())]);
    const fetch = withOpeningRequests(send, opening, () => OPENING_ANSWERS_FRESH_MS + 1);
    expect(
      await (await fetch("/api/user/", { method: "POST", body: form(STATUS) })).json(),
    ).toEqual({ from: "portal" });
    expect(opening.__lmsOpeningRequests).toBeUndefined();
  });

  it("ask for the schools list as it opens by default (the build sends DEFAULT_LIST_PARAMS)", () => {
    // The schools list's state as the page makes it: useListState("schools"), no initial state.
    expect(encodeListRequest(listParamsOf(initialListState("schools")))).toEqual(
      encodeListRequest(DEFAULT_LIST_PARAMS),
    );
  });
});
