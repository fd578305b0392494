import { FullPageSpinner } from "@lms/ui";

/**
 * The spinner of the app's opening, while its code loads and the class-service sign-in runs.
 * Nothing is behind it to blur: FullPageSpinner's backdrop blur would only make the compositor
 * blur the whole screen on every frame of the spinning ring, which in software rendering took
 * half a core away from loading the page.
 */
export function LoadingScreen({ label }: { label?: string }) {
  return <FullPageSpinner label={label} className="backdrop-blur-none" />;
}
