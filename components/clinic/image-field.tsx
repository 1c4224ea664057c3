"use client";

import { useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { fieldLabels } from "@/lib/api-client/words";
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from "@/lib/schemas/image";

const EXT_OF: Record<string, (typeof IMAGE_EXTENSIONS)[number]> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

const notAnImage = (name: string) => `“${name}” is not a PNG, JPEG, GIF or WebP image.`;

type Props = { error?: string; onImage: (image: { data: string; extension: string } | null) => void };

/** Picks an image by file dialog or drag and drop, checks type and size first, shows a preview. */
export function ImageField({ error: formError, onImage }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [over, setOver] = useState(false);
  // A refused file is this field's own finding; the form's validation does not know about files.
  const [pickError, setPickError] = useState("");
  const error = pickError || formError;
  const onError = (message: string) => {
    setPickError(message);
  };

  function take(file: File | undefined) {
    if (!file) return;
    setPickError("");
    const extension = EXT_OF[file.type];
    if (!extension) {
      onError(notAnImage(file.name));
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      onError(`“${file.name}” is ${(file.size / 1024 / 1024).toFixed(1)} MB; images may be at most 5 MB.`);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      // The type is the browser's guess from the name; the server reads the bytes. A file that
      // decodes to no image is refused now, not shown as a broken preview that the submit refuses.
      const image = new Image();
      image.src = url;
      image.decode().then(
        () => {
          setPreview(url);
          setName(file.name);
          onImage({ data: url.slice(url.indexOf(",") + 1), extension });
        },
        () => {
          onError(notAnImage(file.name));
        },
      );
    };
    reader.onerror = () => {
      onError("The file could not be read.");
    };
    reader.readAsDataURL(file);
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files[0]);
  };

  return (
    <FormField
      id="image"
      label={fieldLabels.imageData}
      hint="PNG, JPEG, GIF or WebP, at most 5 MB."
      error={error}
      frame={(control) => (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => {
            setOver(false);
          }}
          onDrop={onDrop}
          data-testid="image-drop"
          data-over={over}
          className="flex flex-wrap items-center gap-4 rounded-md border-2 border-dashed border-input bg-card p-4 data-[over=true]:border-primary data-[over=true]:bg-accent"
        >
          {preview ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data: URL preview, nothing to optimize
            <img src={preview} alt={`Preview of ${name}`} className="size-20 rounded object-cover" />
          ) : (
            <span className="text-muted-foreground">Drop an image here, or</span>
          )}
          {control}
          {/* The file input is hidden; its keyboard focus shows on the button that stands for it. */}
          <Button variant="outline" size="sm" asChild>
            <label
              htmlFor="image"
              className="cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50"
            >
              {preview ? "Choose another image" : "Choose an image"}
            </label>
          </Button>
          {preview && (
            <Button
              type="button"
              variant="link"
              size="sm"
              onClick={() => {
                setPreview(null);
                setName("");
                onImage(null);
                if (input.current) input.current.value = "";
                // This button goes with the image; the focus stays in the field.
                input.current?.focus();
              }}
            >
              Remove image
            </Button>
          )}
        </div>
      )}
    >
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="peer sr-only"
        onChange={(e) => {
          take(e.target.files?.[0]);
        }}
      />
    </FormField>
  );
}
