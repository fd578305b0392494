import { RequireAuth } from "./guards";
import { Shell } from "./shell";

/** Signed-in pages: the guard and the shell, loaded after sign-in so the login page stays small. */
export default function AuthenticatedLayout() {
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}
