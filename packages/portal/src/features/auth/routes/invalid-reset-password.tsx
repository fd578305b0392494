import { InvalidLinkPage } from "./invalid-link-page";

export default function InvalidResetPasswordPage() {
  return <InvalidLinkPage kind="reset" />;
}
