import { Button } from "@lms/ui";
import { useT } from "../../../lib/i18n";
import type { OpenedMaterial } from "@lms/core";

/**
 * A file shown where the browser can (PDF, image, video, audio), with a link to open it apart.
 * A video or audio that plays to its end counts as finished.
 */
export function FileMaterial({
  material,
  onReachedEnd,
}: {
  material: OpenedMaterial;
  onReachedEnd: () => void;
}) {
  const t = useT();
  const file = material.files?.[0];
  const url = file?.url ?? material.url;
  if (!url) return <p className="text-sm text-muted-foreground">{t("materials.noPreview")}</p>;
  const type = file?.contentType ?? "";
  return (
    <div className="flex flex-col gap-3">
      {type === "application/pdf" ? (
        <iframe
          src={url}
          // Uploaded content (issue 12) from the content origin, whose answer carries the CSP
          // sandbox (an opaque origin). No sandbox attribute here: Chromium shows no PDF in a
          // frame that has one, while it does under the answer's CSP sandbox.
          referrerPolicy="no-referrer"
          title={material.name}
          className="h-[70vh] min-h-80 w-full rounded-control border border-border bg-muted"
        />
      ) : type.startsWith("image/") ? (
        <img
          src={url}
          alt={material.name}
          className="h-auto max-h-[70vh] max-w-full self-start rounded-control border border-border object-contain"
        />
      ) : type.startsWith("video/") ? (
        <video
          src={url}
          controls
          preload="metadata"
          onEnded={onReachedEnd}
          aria-label={material.name}
          className="max-h-[70vh] w-full rounded-control bg-black"
        />
      ) : type.startsWith("audio/") ? (
        <audio
          src={url}
          controls
          onEnded={onReachedEnd}
          aria-label={material.name}
          className="w-full"
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t("journey.fileNoInline")}</p>
      )}
      <Button variant="outline" className="self-start" asChild>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t("materials.openFile")}
        </a>
      </Button>
    </div>
  );
}
