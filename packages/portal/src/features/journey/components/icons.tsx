import { LineIcon } from "../../../components/line-icon";

/** Line icons of the journey; decorative, the text beside each one names the state. */

export function LockIcon() {
  return (
    <LineIcon>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </LineIcon>
  );
}

export function CheckCircleIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </LineIcon>
  );
}

export function HalfCircleIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
    </LineIcon>
  );
}

export function PlayCircleIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 8.5l5 3.5-5 3.5z" />
    </LineIcon>
  );
}

export function TrophyIcon() {
  return (
    <LineIcon>
      <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M10 17h4" />
    </LineIcon>
  );
}

export function ArrowLeftIcon() {
  return (
    <LineIcon>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </LineIcon>
  );
}

export function ArrowRightIcon() {
  return (
    <LineIcon>
      <path d="M5 12h14M12 5l7 7-7 7" />
    </LineIcon>
  );
}

export function ExpandIcon() {
  return (
    <LineIcon>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </LineIcon>
  );
}
