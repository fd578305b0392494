import { ConfirmProvider, Toaster } from "@lms/ui";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { session } from "./client";
import { SchoolsPage } from "./schools-page";
import { SignIn } from "./sign-in";
import "./styles.css";

function App() {
  const [signedIn, setSignedIn] = useState(() => session.isSignedIn());
  return (
    <ConfirmProvider>
      {signedIn ? <SchoolsPage /> : <SignIn onSignedIn={() => setSignedIn(true)} />}
      <Toaster />
    </ConfirmProvider>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
