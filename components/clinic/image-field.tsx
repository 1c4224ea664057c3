"use client";

import { useRef, useState, type DragEvent } from "react";
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from "@/lib/schemas/image";

const EXT_OF: Record<string, (typeof IMAGE_EXTENSIONS)[number]> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

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
  const onError = (message: string) => setPickError(message);

  function take(file: File | undefined) {
    if (!file) return;
    setPickError("");
    const extension = EXT_OF[file.type];
    if (!extension) return onError(`“${file.name}” is not a PNG, JPEG, GIF or WebP image.`);
    if (file.size > MAX_IMAGE_BYTES)
      return onError(`“${file.name}” is ${(file.size / 1024 / 1024).toFixed(1)} MB; images may be at most 5 MB.`);
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      setPreview(url);
      setName(file.name);
      onImage({ data: url.slice(url.indexOf(",") + 1), extension });
    };
    reader.onerror = () => onError("The file could not be read.");
    reader.readAsDataURL(file);
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files[0]);
  };

  return (
    <div>
      <span id="image-label" className="block font-medium">
        Image <span className="font-normal text-slate-700">(optional; PNG, JPEG, GIF or WebP, at most 5 MB)</span>
      </span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="image-drop"
        className={`mt-1 flex flex-wrap items-center gap-4 rounded-md border-2 border-dashed p-4 ${over ? "border-blue-700 bg-blue-50" : "border-slate-400 bg-white"}`}
      >
        {preview ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={preview} alt={`Preview of ${name}`} className="h-20 w-20 rounded object-cover" />
        ) : (
          <span className="text-slate-700">Drop an image here, or</span>
        )}
        <label
          htmlFor="image"
          className="cursor-pointer rounded-md border border-slate-500 px-3 py-1.5 font-medium hover:bg-slate-100"
        >
          {preview ? "Choose another image" : "Choose an image"}
        </label>
        <input
          ref={input}
          id="image"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-describedby={error ? "image-error" : undefined}
          className="sr-only"
          onChange={(e) => take(e.target.files?.[0])}
        />
        {preview && (
          <button
            type="button"
            className="text-sm text-blue-800 underline"
            onClick={() => {
              setPreview(null);
              setName("");
              onImage(null);
              if (input.current) input.current.value = "";
            }}
          >
            Remove image
          </button>
        )}
      </div>
      {error && (
        <p id="image-error" className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
