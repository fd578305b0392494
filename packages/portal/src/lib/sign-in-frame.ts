/**
 * Loads a class-service login URL in a hidden frame (SPEC.md §7); resolves once it has loaded, or
 * after `giveUpMs`. The class-service cookie outlives the frame: it goes once loaded (or given up
 * on). Self-contained (no imports, globals only): the opening script carries its source
 * (build/opening-preload.ts), so that a kept session's sign-in starts as the page is parsed.
 */
export function loadSignInFrame(url: string, giveUpMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const frame = document.createElement("iframe");
    frame.src = url;
    frame.title = "class-service-sign-in";
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    const finish = () => {
      clearTimeout(timer);
      frame.remove();
      resolve();
    };
    const timer = setTimeout(finish, giveUpMs);
    frame.addEventListener("load", finish);
    // The opening script may get here before the parser has reached <body>.
    (document.body ?? document.documentElement).append(frame);
  });
}
