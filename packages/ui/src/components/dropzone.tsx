import { cva } from "class-variance-authority";
import * as React from "react";
import { cn } from "../lib/cn";
import { AlertCircleIcon, UploadIcon, XIcon } from "../lib/icons";

// SPEC.md §5 and §9: images are jpeg, jpg or png, at most 2 MB, one file by default.
const DEFAULT_ACCEPT = {
  "image/jpeg": [".jpeg", ".jpg"],
  "image/png": [".png"],
} as const satisfies Record<string, readonly string[]>;
const DEFAULT_MAX_SIZE = 2 * 1024 * 1024;

type DropzoneRejection = "too-large" | "wrong-type" | "too-many";

type DropzoneErrorLabels = Record<DropzoneRejection, string>;

const defaultErrors: DropzoneErrorLabels = {
  "too-large": "File must be less than 2 MB.",
  "wrong-type": "File must be in jpeg or png format.",
  "too-many": "Only one file can be uploaded.",
};

/** Checks files against the rules; returns the first reason to refuse them, or none. */
function validateFiles(
  files: readonly File[],
  rules: { accept: Record<string, readonly string[]>; maxSize: number; maxFiles: number },
): DropzoneRejection | undefined {
  if (files.length > rules.maxFiles) return "too-many";
  for (const file of files) {
    const name = file.name.toLowerCase();
    const typeOk = Object.entries(rules.accept).some(
      ([mime, extensions]) =>
        file.type === mime || (!file.type && extensions.some((ext) => name.endsWith(ext))),
    );
    if (!typeOk) return "wrong-type";
    if (file.size > rules.maxSize) return "too-large";
  }
  return undefined;
}

const dropzoneVariants = cva(
  [
    "flex w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed px-6 py-8 text-center transition-colors",
    "outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
    "disabled:cursor-not-allowed disabled:opacity-60",
  ],
  {
    variants: {
      state: {
        idle: "border-input bg-surface hover:border-primary hover:bg-primary-soft/40",
        dragging: "border-primary bg-primary-soft",
        invalid: "border-destructive bg-destructive-soft/40",
      },
    },
    defaultVariants: { state: "idle" },
  },
);

type DropzoneProps = Omit<React.ComponentProps<"div">, "onChange" | "onDrop"> & {
  /** The accepted files; with a preview when they are images. */
  value?: readonly File[];
  /** Called with files that passed every check. */
  onFilesChange?: (files: File[]) => void;
  /** Called when files are refused, with the reason. */
  onReject?: (reason: DropzoneRejection, files: File[]) => void;
  /** MIME types and their extensions; jpeg, jpg and png by default. */
  accept?: Record<string, readonly string[]>;
  /** Bytes; 2 MB by default. */
  maxSize?: number;
  /** 1 by default; more files give the `too-many` message. */
  maxFiles?: number;
  /** URL of an image already saved (for example the current logo), shown until a file is chosen. */
  previewUrl?: string;
  /** Whether to show a preview of the chosen image. */
  preview?: boolean;
  disabled?: boolean;
  /** Name for the hidden file input, for forms. */
  name?: string;
  /** The main prompt, for example "Drag and drop an image here, or click to browse". */
  label?: string;
  /** The rules in words, for example "JPEG or PNG, up to 2 MB". */
  hint?: string;
  /** Name of the button that clears the chosen file. */
  removeLabel?: string;
  /** Alternative text of the preview image. */
  previewAlt?: string;
  /** Messages for refused files. */
  errors?: Partial<DropzoneErrorLabels>;
  /** An error from outside (for example the form's "This field is required."). */
  error?: string;
  /** Shows the dragging look without a drag (for reviews in Storybook). */
  forceDragging?: boolean;
};

/** Choose an image by click, keyboard or drag and drop; checks type, size and count, then previews it. */
function Dropzone({
  value,
  onFilesChange,
  onReject,
  accept = DEFAULT_ACCEPT,
  maxSize = DEFAULT_MAX_SIZE,
  maxFiles = 1,
  previewUrl,
  preview = true,
  disabled = false,
  name,
  label = "Drag and drop an image here, or click to browse",
  hint = "JPEG or PNG, up to 2 MB",
  removeLabel = "Remove file",
  previewAlt = "Preview of the chosen image",
  errors: errorsProp,
  error: externalError,
  forceDragging = false,
  className,
  ...props
}: DropzoneProps) {
  const errors = { ...defaultErrors, ...errorsProp };
  const inputRef = React.useRef<HTMLInputElement>(null);
  const hintId = React.useId();
  const errorId = React.useId();
  const [dragDepth, setDragDepth] = React.useState(0);
  const [rejection, setRejection] = React.useState<DropzoneRejection | undefined>(undefined);
  const [uncontrolled, setUncontrolled] = React.useState<File[]>([]);
  const files = value ?? uncontrolled;

  // One object URL per chosen image, revoked when it changes.
  const firstImage = preview ? files.find((file) => file.type.startsWith("image/")) : undefined;
  const [objectUrl, setObjectUrl] = React.useState<string | undefined>(undefined);
  React.useEffect(() => {
    if (!firstImage) {
      setObjectUrl(undefined);
      return;
    }
    const url = URL.createObjectURL(firstImage);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [firstImage]);
  const shownPreview = objectUrl ?? (files.length === 0 ? previewUrl : undefined);

  const acceptAttribute = Object.entries(accept)
    .flatMap(([mime, extensions]) => [mime, ...extensions])
    .join(",");

  const handleFiles = (list: FileList | null) => {
    const chosen = list ? Array.from(list) : [];
    if (chosen.length === 0) return;
    const reason = validateFiles(chosen, { accept, maxSize, maxFiles });
    if (reason) {
      setRejection(reason);
      onReject?.(reason, chosen);
      return;
    }
    setRejection(undefined);
    if (value === undefined) setUncontrolled(chosen);
    onFilesChange?.(chosen);
  };

  const clear = () => {
    setRejection(undefined);
    if (value === undefined) setUncontrolled([]);
    if (inputRef.current) inputRef.current.value = "";
    onFilesChange?.([]);
  };

  const dragging = forceDragging || dragDepth > 0;
  const message = rejection ? errors[rejection] : externalError;
  const state = dragging ? "dragging" : message ? "invalid" : "idle";
  const describedBy = [message ? errorId : undefined, hintId].filter(Boolean).join(" ");

  return (
    <div
      data-slot="dropzone"
      data-state={state}
      className={cn("flex flex-col gap-2", className)}
      onDragEnter={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDragDepth((depth) => depth + 1);
      }}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={() => setDragDepth((depth) => Math.max(0, depth - 1))}
      onDrop={(event) => {
        event.preventDefault();
        setDragDepth(0);
        if (!disabled) handleFiles(event.dataTransfer.files);
      }}
      {...props}
    >
      <div className="flex items-stretch gap-4">
        {shownPreview ? (
          <div className="relative shrink-0">
            <img
              src={shownPreview}
              alt={previewAlt}
              className="size-32 rounded-card border border-border bg-muted object-cover"
            />
            {files.length > 0 ? (
              <button
                type="button"
                onClick={clear}
                disabled={disabled}
                aria-label={removeLabel}
                title={removeLabel}
                className="absolute -end-2 -top-2 flex size-7 cursor-pointer items-center justify-center rounded-full border border-border bg-surface text-foreground shadow-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
              >
                <XIcon />
              </button>
            ) : null}
          </div>
        ) : null}
        <button
          type="button"
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={message ? true : undefined}
          onClick={() => inputRef.current?.click()}
          className={dropzoneVariants({ state })}
        >
          <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground [&_svg]:size-5">
            <UploadIcon />
          </span>
          <span className="text-sm font-medium text-foreground">{label}</span>
          {files.length > 0 && !preview ? (
            <span className="text-sm text-muted-foreground">
              {files.map((file) => file.name).join(", ")}
            </span>
          ) : null}
        </button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <p
        id={errorId}
        aria-live="polite"
        className={cn(
          "flex items-center gap-1.5 text-sm text-destructive [&_svg]:size-4",
          !message && "sr-only",
        )}
      >
        {message ? (
          <>
            <AlertCircleIcon />
            {message}
          </>
        ) : null}
      </p>
      <input
        ref={inputRef}
        type="file"
        name={name}
        accept={acceptAttribute}
        multiple={maxFiles > 1}
        disabled={disabled}
        hidden
        tabIndex={-1}
        onChange={(event) => handleFiles(event.currentTarget.files)}
      />
    </div>
  );
}

export { DEFAULT_ACCEPT, DEFAULT_MAX_SIZE, Dropzone, dropzoneVariants, validateFiles };
export type { DropzoneErrorLabels, DropzoneProps, DropzoneRejection };
