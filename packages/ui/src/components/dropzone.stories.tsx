import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Dropzone, type DropzoneProps } from "./dropzone";
import { componentDocs } from "../lib/story-docs";

// A small real PNG, drawn at load time, for the preview states.
async function makeLogo(name = "logo.png"): Promise<File> {
  const canvas = new OffscreenCanvas(256, 256);
  const context = canvas.getContext("2d");
  if (context) {
    const gradient = context.createLinearGradient(0, 0, 256, 256);
    gradient.addColorStop(0, "#1d4ed8");
    gradient.addColorStop(1, "#15803d");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 256, 256);
    context.fillStyle = "#ffffff";
    context.font = "bold 88px sans-serif";
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText("RHS", 128, 136);
  }
  const blob = await canvas.convertToBlob({ type: "image/png" });
  return new File([blob], name, { type: "image/png" });
}

const bytes = (size: number, name: string, type: string) =>
  new File([new Uint8Array(size)], name, { type });

// A real drag event carrying files, as the browser sends when a file is dragged in.
function drag(type: "dragenter" | "drop", target: Element, files: File[]) {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
}

function Stateful(props: DropzoneProps & { initial?: File[] }) {
  const { initial, onFilesChange, ...rest } = props;
  const [files, setFiles] = useState<File[]>(initial ?? []);
  return (
    <Dropzone
      {...rest}
      value={files}
      onFilesChange={(next) => {
        setFiles(next);
        onFilesChange?.(next);
      }}
    />
  );
}

const meta = {
  title: "Form/Dropzone",
  component: Dropzone,
  parameters: componentDocs({
    usage:
      "Choose an image by click, keyboard or drag and drop; checks type, size (2 MB by default) and count, then previews it. The error texts are props, in the user's language.",
    do: [
      "Say the accepted types and size in the description.",
      "Show the current image when editing.",
    ],
    dont: ["Accept files the server will refuse.", "Upload on drop without a save step in forms."],
  }),
  args: { onFilesChange: fn(), onReject: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-lg">
        <Story />
      </div>
    ),
  ],
  render: (args, { loaded }) => <Stateful {...args} initial={loaded.files as File[] | undefined} />,
} satisfies Meta<typeof Dropzone>;

export default meta;
type Story = StoryObj<typeof meta>;

const dropButton = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole("button", { name: /Drag and drop an image/ });
const fileInput = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const button = dropButton(canvasElement);
    await expect(button).toHaveAccessibleDescription("JPEG or PNG, up to 2 MB");
    // Keyboard: the drop area is a real button, so Tab reaches it and Enter opens the file picker.
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(fileInput(canvasElement)).toHaveAttribute(
      "accept",
      "image/jpeg,.jpeg,.jpg,image/png,.png",
    );
  },
};

export const Dragging: Story = {
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector<HTMLElement>("[data-slot='dropzone']")!;
    drag("dragenter", dropButton(canvasElement), [bytes(10, "logo.png", "image/png")]);
    await waitFor(() => expect(root).toHaveAttribute("data-state", "dragging"));
  },
};

export const WithPreview: Story = {
  loaders: [async () => ({ files: [await makeLogo()] })],
  play: async ({ canvasElement }) => {
    const image = await within(canvasElement).findByRole("img", {
      name: "Preview of the chosen image",
    });
    await expect(image.getAttribute("src")).toMatch(/^blob:/);
  },
};

export const RemovesTheFile: Story = {
  loaders: [async () => ({ files: [await makeLogo()] })],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("img", { name: "Preview of the chosen image" });
    await userEvent.click(canvas.getByRole("button", { name: "Remove file" }));
    await expect(canvas.queryByRole("img")).toBeNull();
    await expect(args.onFilesChange).toHaveBeenCalledWith([]);
  },
};

export const ChoosesByClick: Story = {
  play: async ({ args, canvasElement }) => {
    const logo = await makeLogo();
    await userEvent.upload(fileInput(canvasElement), logo);
    await expect(args.onFilesChange).toHaveBeenCalledWith([logo]);
    await expect(
      await within(canvasElement).findByRole("img", { name: "Preview of the chosen image" }),
    ).toBeVisible();
  },
};

export const ChoosesByDrop: Story = {
  play: async ({ args, canvasElement }) => {
    const logo = await makeLogo("dropped.png");
    drag("drop", dropButton(canvasElement), [logo]);
    await expect(args.onFilesChange).toHaveBeenCalledWith([logo]);
  },
};

export const TooLarge: Story = {
  play: async ({ args, canvasElement }) => {
    const big = bytes(3 * 1024 * 1024, "photo.png", "image/png");
    await userEvent.upload(fileInput(canvasElement), big);
    const button = dropButton(canvasElement);
    await waitFor(() => expect(button).toBeInvalid());
    await expect(within(canvasElement).getByText("File must be less than 2 MB.")).toBeVisible();
    await expect(button).toHaveAccessibleDescription(
      "File must be less than 2 MB. JPEG or PNG, up to 2 MB",
    );
    await expect(args.onReject).toHaveBeenCalledWith("too-large", [big]);
    await expect(args.onFilesChange).not.toHaveBeenCalled();
  },
};

export const WrongType: Story = {
  play: async ({ args, canvasElement }) => {
    const gif = bytes(1024, "animation.gif", "image/gif");
    drag("drop", dropButton(canvasElement), [gif]);
    await expect(
      await within(canvasElement).findByText("File must be in jpeg or png format."),
    ).toBeVisible();
    await expect(args.onReject).toHaveBeenCalledWith("wrong-type", [gif]);
  },
};

export const TooManyFiles: Story = {
  play: async ({ args, canvasElement }) => {
    const files = [bytes(10, "a.png", "image/png"), bytes(10, "b.jpg", "image/jpeg")];
    drag("drop", dropButton(canvasElement), files);
    await expect(
      await within(canvasElement).findByText("Only one file can be uploaded."),
    ).toBeVisible();
    await expect(args.onReject).toHaveBeenCalledWith("too-many", files);
  },
};

export const ExistingImage: Story = {
  loaders: [
    async () => {
      const logo = await makeLogo();
      return { url: URL.createObjectURL(logo) };
    },
  ],
  render: (args, { loaded }) => <Stateful {...args} previewUrl={loaded.url as string} />,
};

export const Translated: Story = {
  args: {
    label: "I-drag at i-drop ang larawan dito, o i-click para pumili",
    hint: "JPEG o PNG, hanggang 2 MB",
    errors: { "too-large": "Ang file ay dapat mas mababa sa 2 MB." },
  },
};

export const WithFormError: Story = { args: { error: "This field is required." } };

export const Disabled: Story = { args: { disabled: true } };
