import { ConfirmProvider } from "@lms/ui";
import { SWRConfig } from "swr";
import { RETRY_WHEN_UNAVAILABLE } from "../lib/data";
import { StaleRecordProvider } from "../lib/stale-record";
import { RequireAuth } from "./guards";
import { Shell } from "./shell";

/**
 * Signed-in pages: the guard, the data cache, the confirmation and stale-record dialogs and the shell, loaded after
 * sign-in so the login page stays small.
 */
export default function AuthenticatedLayout() {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, ...RETRY_WHEN_UNAVAILABLE }}>
      <ConfirmProvider>
        <StaleRecordProvider>
          <RequireAuth>
            <Shell />
          </RequireAuth>
        </StaleRecordProvider>
      </ConfirmProvider>
    </SWRConfig>
  );
}
