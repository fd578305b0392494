import type { Browser, BrowserServer } from "playwright-core";

export declare const portalDist: string;
export declare const DEMO_PASSWORD: string;
export declare function freePort(): Promise<number>;

export interface Stack {
  baseUrl: string;
  log(): string;
  stop(): Promise<void>;
}

export declare function startStack(env?: Record<string, string>): Promise<Stack>;
export declare function launchChromium(): Promise<Browser>;
export declare function launchChromiumServer(): Promise<BrowserServer>;
export declare function connectChromium(wsEndpoint: string): Promise<Browser>;
