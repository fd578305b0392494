import { NewPasswordPage } from "./new-password-page";

export default function ResetPasswordPage() {
  return <NewPasswordPage kind="reset" />;
}
