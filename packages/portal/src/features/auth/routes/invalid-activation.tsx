import { InvalidLinkPage } from "./invalid-link-page";

export default function InvalidActivationPage() {
  return <InvalidLinkPage kind="activation" />;
}
