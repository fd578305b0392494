import { Button } from "@lms/ui";
import { useT } from "../../../lib/i18n";
import type { OpenedMaterial } from "@lms/core";

/** A link opens beside the portal; its address is shown so the student knows where it goes. */
export function LinkMaterial({ material }: { material: OpenedMaterial }) {
  const t = useT();
  if (!material.url)
    return <p className="text-sm text-muted-foreground">{t("materials.noPreview")}</p>;
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm break-all text-muted-foreground">{material.url}</p>
      <Button variant="outline" asChild>
        <a href={material.url} target="_blank" rel="noopener noreferrer">
          {t("materials.openLink")}
        </a>
      </Button>
    </div>
  );
}
