import { NewPasswordPage } from "./new-password-page";

export default function SetPasswordPage() {
  return <NewPasswordPage kind="activation" />;
}
