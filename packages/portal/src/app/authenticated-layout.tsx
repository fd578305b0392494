import { ConfirmProvider } from "@lms/ui";
import { SWRConfig } from "swr";
import { RequireAuth } from "./guards";
import { Shell } from "./shell";

/**
 * Signed-in pages: the guard, the data cache, the confirmation dialog and the shell, loaded after
 * sign-in so the login page stays small.
 */
export default function AuthenticatedLayout() {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
      <ConfirmProvider>
        <RequireAuth>
          <Shell />
        </RequireAuth>
      </ConfirmProvider>
    </SWRConfig>
  );
}
