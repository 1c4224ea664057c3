"use client";

import { useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { useFileChosenBeforeScripts } from "@/components/use-chosen-before-scripts";
import { FormField } from "@/components/ui/field";
import { fieldLabels } from "@/lib/api-client/words";
import { MAX_IMAGE_BYTES, headBytes, sniffImage } from "@/lib/schemas/image";

const notAnImage = (name: string) => `“${name}” is not a PNG, JPEG, GIF or WebP image.`;

type Props = { error?: string; onImage: (image: { data: string; extension: string } | null) => void };

/** Picks an image by file dialog or drag and drop, checks type and size first, shows a preview. */
export function ImageField({ error: formError, onImage }: Props) {
  // The form is drawn on the server: an image chosen before its scripts ran is taken once they run.
  const input = useRef<HTMLInputElement>(null);
  useFileChosenBeforeScripts(input, take);
  const [preview, setPreview] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [over, setOver] = useState(false);
  // A refused file is this field's own finding; the form's validation does not know about files.
  const [pickError, setPickError] = useState("");
  const error = pickError || formError;
  const onError = (message: string) => {
    setPickError(message);
  };

  // Only the latest pick may fill the field: a large file read after a later one must not win.
  const picks = useRef(0);

  function take(file: File | undefined) {
    if (!file) return;
    const pick = ++picks.current;
    const latest = () => pick === picks.current;
    setPickError("");
    if (file.size > MAX_IMAGE_BYTES) {
      onError(`“${file.name}” is ${(file.size / 1024 / 1024).toFixed(1)} MB; images may be at most 5 MB.`);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (!latest()) return;
      const url = typeof reader.result === "string" ? reader.result : "";
      const data = url.slice(url.indexOf(",") + 1);
      // The browser's type is a guess from the name; the server reads the bytes. The type sent is
      // the bytes' own (a JPEG named .png is a JPEG), and bytes that decode to no image are
      // refused now, not shown as a broken preview that the submit refuses.
      const sniffed = sniffImage(headBytes(data));
      if (!sniffed) {
        onError(notAnImage(file.name));
        return;
      }
      const image = new Image();
      image.src = url;
      image.decode().then(
        () => {
          if (!latest()) return;
          setPreview(url);
          setName(file.name);
          onImage({ data, extension: sniffed === "jpeg" ? "jpg" : sniffed });
        },
        () => {
          if (latest()) onError(notAnImage(file.name));
        },
      );
    };
    reader.onerror = () => {
      if (latest()) onError("The file could not be read.");
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
            // A phone or tablet has nothing to drop: there the button alone.
            <span className="text-muted-foreground pointer-coarse:hidden">Drop an image here, or</span>
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
