import { LineIcon } from "../../../components/line-icon";

/** Small line icons for this feature's buttons; decorative, the buttons carry the names. */

export function GripIcon() {
  return (
    <LineIcon>
      <circle cx="9" cy="6" r="1" />
      <circle cx="15" cy="6" r="1" />
      <circle cx="9" cy="12" r="1" />
      <circle cx="15" cy="12" r="1" />
      <circle cx="9" cy="18" r="1" />
      <circle cx="15" cy="18" r="1" />
    </LineIcon>
  );
}

export function ArrowUpIcon() {
  return (
    <LineIcon>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </LineIcon>
  );
}

export function ArrowDownIcon() {
  return (
    <LineIcon>
      <path d="M12 5v14M19 12l-7 7-7-7" />
    </LineIcon>
  );
}

export function MoreIcon() {
  return (
    <LineIcon>
      <circle cx="5" cy="12" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
    </LineIcon>
  );
}

export function PlusIcon() {
  return (
    <LineIcon>
      <path d="M12 5v14M5 12h14" />
    </LineIcon>
  );
}

export function ChevronIcon({ open }: { open: boolean }) {
  return (
    <LineIcon className={open ? "rotate-90 transition-transform" : "transition-transform"}>
      <path d="M9 6l6 6-6 6" />
    </LineIcon>
  );
}

export function EyeIcon() {
  return (
    <LineIcon>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </LineIcon>
  );
}
