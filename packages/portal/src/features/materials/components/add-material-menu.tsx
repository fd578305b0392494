import { PlusIcon } from "lucide-react";
import { MATERIAL_TYPES, type ElementRecord } from "@lms/core";
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@lms/ui";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";

/**
 * "Add material" with one link per material type (SPEC.md §2 create-material route: the section
 * is the element, the material name is the type).
 */
export function AddMaterialMenu({
  courseId,
  element,
}: {
  courseId: number;
  element: ElementRecord;
}) {
  const t = useT();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t("materials.addTo", { name: element.name })}
        >
          <PlusIcon />
          {t("materials.add")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("materials.field.type")}</DropdownMenuLabel>
        {MATERIAL_TYPES.map((type) => (
          <DropdownMenuItem key={type} asChild>
            <Link to={paths.courses.createMaterial.getHref(courseId, element.id, type)}>
              {t(`materials.type.${type}`)}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
