import { ConfirmProvider } from "@lms/ui";
import { SWRConfig } from "swr";
import { RETRY_WHEN_UNAVAILABLE } from "../lib/data";
import { RequireAuth } from "./guards";
import { Shell } from "./shell";

/**
 * Signed-in pages: the guard, the data cache, the confirmation dialog and the shell, loaded after
 * sign-in so the login page stays small.
 */
export default function AuthenticatedLayout() {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, ...RETRY_WHEN_UNAVAILABLE }}>
      <ConfirmProvider>
        <RequireAuth>
          <Shell />
        </RequireAuth>
      </ConfirmProvider>
    </SWRConfig>
  );
}
