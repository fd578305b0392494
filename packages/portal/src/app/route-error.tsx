import { Button, NotFound } from "@lms/ui";
import { Component, type ReactNode } from "react";
import { useT } from "../lib/i18n";
import { isChunkLoadError } from "./lazy";

/** A failed chunk load shows a retry screen; anything else the generic error, never a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const t = useT();
  const chunk = isChunkLoadError(error);
  return (
    <NotFound
      code={chunk ? undefined : "!"}
      title={chunk ? t("errors.chunkTitle") : t("errors.generic")}
      description={chunk ? t("errors.chunkMessage") : t("errors.tryAgain")}
      action={<Button onClick={() => window.location.reload()}>{t("common.retry")}</Button>}
    />
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The location: moving to another page clears the error. */
  resetKey: string;
}

/** Catches what a route throws while loading or rendering and shows RouteError instead. */
export class RouteErrorBoundary extends Component<
  BoundaryProps,
  { failed: boolean; error: unknown; key: string }
> {
  override state = { failed: false, error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { key: string }) {
    return props.resetKey === state.key
      ? null
      : { failed: false, error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkLoadError(error)) console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
