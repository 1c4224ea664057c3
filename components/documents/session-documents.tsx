"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState, type SubmitEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/field";
import { toast } from "@/components/ui/sonner";
import { Callout } from "@/components/ui/callout";
import { Empty, Loading } from "@/components/ui/states";
import { textLinkVariants } from "@/components/ui/text-link";
import { ApiError } from "@/lib/api-client/api-fetch";
import { documentPaths, documentQueries, useUploadDocument } from "@/lib/api-client/documents";
import { useDateFormat, type DateFormat } from "@/components/local-date";
import { useFileChosenBeforeScripts } from "@/components/use-chosen-before-scripts";
import { useRetryKey } from "@/components/use-retry-key";
import { plainWords } from "@/lib/api-client/plain-words";
import {
  DOCUMENT_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  documentTypeProblem,
  sniffBase64,
} from "@/lib/schemas/document-type";
import type { SessionDocumentBody } from "@/lib/schemas/session";

type Audience = "care-team" | "client";

/** The words of the panel: English for the care team, the client's language (messages/<lang>.json) for the client. */
type Words = {
  title: string;
  description: string;
  /** What a screen reader hears while the documents load, a whole sentence. */
  loading: string;
  none: string;
  file: string;
  /** The picker's button and what it says before a file is chosen: the page's words, not the browser's. */
  choose: string;
  noFile: string;
  /** What the picker says while a file is held over it. */
  dropHere: string;
  hint: string;
  upload: string;
  uploading: string;
  uploaded: (name: string) => string;
  /** The locale of the panel's dates; none: the browser's. */
  dateLocale?: string;
  meta: (d: SessionDocumentBody, date: DateFormat) => string;
  chooseFirst: string;
  tooLarge: string;
  empty: string;
  badType: string;
  unreadable: string;
  closed: string;
  /** What a failed read of the list says. */
  loadFailed: (e: unknown) => string;
  /** What a refused upload says, from the API's problem+json. */
  refused: (e: unknown) => string;
};

const TYPE_LABEL: Record<string, string> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WEBP",
};

/** A size in the person's locale: bytes, kB or MB. */
function sizeIn(bytes: number, locale?: string) {
  const [value, unit] =
    bytes < 1024
      ? [bytes, "byte"]
      : bytes < 1024 * 1024
        ? [bytes / 1024, "kilobyte"]
        : [bytes / 1024 / 1024, "megabyte"];
  // Bytes in words ("407 bytes", "407 octets"): their short form is the bare unit in English.
  const unitDisplay = unit === "byte" ? "long" : "short";
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay, maximumFractionDigits: 1 }).format(value);
}

const CARE_TEAM_WORDS: Words = {
  title: "Documents",
  description: "Files of this session, for the client and the care team. Every download is recorded.",
  loading: "Loading the documents…",
  none: "No documents yet.",
  file: "File",
  choose: "Choose a file",
  noFile: "No file chosen",
  dropHere: "Drop the file here to choose it.",
  hint: "PDF, PNG, JPEG, GIF or WEBP, at most 5 MB.",
  upload: "Upload",
  uploading: "Uploading…",
  uploaded: (name) => `“${name}” was added.`,
  meta: (d, date) =>
    `${TYPE_LABEL[d.contentType] ?? d.contentType}, ${sizeIn(d.size, "en")}, ${date(d.createDate)}, by ${d.uploadedByName}`,
  chooseFirst: "Choose a file first.",
  tooLarge: "The file is larger than 5 MB.",
  empty: "The file is empty.",
  badType: "Only PDF, PNG, JPEG, GIF or WEBP files can be added.",
  unreadable: "The file could not be read.",
  closed: "This session is closed; no more documents can be added.",
  loadFailed: (e) =>
    e instanceof ApiError && e.status < 500
      ? plainWords(e.message)
      : "The documents could not be loaded. Reload the page to try again.",
  refused: (e) => (e instanceof ApiError ? plainWords(e.message) : "The file could not be added. Please try again."),
};

function useClientWords(): Words {
  const t = useTranslations("documents");
  const locale = useLocale();
  return {
    title: t("title"),
    description: t("description"),
    loading: t("loading"),
    none: t("none"),
    file: t("file"),
    choose: t("choose"),
    noFile: t("noFile"),
    dropHere: t("dropHere"),
    hint: t("hint"),
    upload: t("upload"),
    uploading: t("uploading"),
    uploaded: (name) => t("uploaded", { name }),
    dateLocale: locale,
    meta: (d, date) =>
      t("meta", {
        type: TYPE_LABEL[d.contentType] ?? d.contentType,
        size: sizeIn(d.size, locale),
        date: date(d.createDate),
        by: d.uploadedByName,
      }),
    chooseFirst: t("chooseFirst"),
    tooLarge: t("tooLarge"),
    empty: t("empty"),
    badType: t("badType"),
    unreadable: t("unreadable"),
    closed: t("closed"),
    loadFailed: () => t("loadFailed"),
    refused: (e) => {
      const status = e instanceof ApiError ? e.status : 0;
      if (status === 413) return t("tooLarge");
      if (status === 415) return t("badType");
      // A 409 is a closed session, or one that holds as many documents as it may (error at "session").
      if (status === 409)
        return e instanceof ApiError && e.errors.some((x) => x.path === "session") ? t("full") : t("closed");
      return t("failed");
    },
  };
}

type Props = {
  sessionId: number;
  audience: Audience;
  /** A closed session takes no more documents (the API answers 409): the form gives way to a note. */
  closed?: boolean;
};

/** The documents of one session: the list with download links, and an upload form. */
export function SessionDocuments({ sessionId, audience, closed = false }: Props) {
  return audience === "client" ? (
    <ClientDocuments sessionId={sessionId} closed={closed} />
  ) : (
    <DocumentsPanel sessionId={sessionId} closed={closed} words={CARE_TEAM_WORDS} />
  );
}

function ClientDocuments({ sessionId, closed }: { sessionId: number; closed: boolean }) {
  return <DocumentsPanel sessionId={sessionId} closed={closed} words={useClientWords()} />;
}

function DocumentsPanel({ sessionId, closed, words }: { sessionId: number; closed: boolean; words: Words }) {
  const list = useQuery(documentQueries.list(sessionId));
  const date = useDateFormat(words.dateLocale);
  const headingId = `documents-${String(sessionId)}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{words.title}</CardTitle>
        <CardDescription>{words.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {list.data === undefined ? (
          list.isError ? (
            <Callout role="alert">{words.loadFailed(list.error)}</Callout>
          ) : (
            <Loading label={words.loading} lines={2} />
          )
        ) : list.data.length === 0 ? (
          <Empty>{words.none}</Empty>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={words.title}>
            {list.data.map((d) => (
              <li key={d.id} className="min-w-0">
                <a
                  href={documentPaths.download(sessionId, d.id)}
                  download={d.name}
                  className={textLinkVariants({ className: "[overflow-wrap:anywhere]" })}
                >
                  {d.name}
                </a>
                <p className="text-sm text-muted-foreground">{words.meta(d, date)}</p>
              </li>
            ))}
          </ul>
        )}
        {closed ? (
          <p className="text-muted-foreground">{words.closed}</p>
        ) : (
          <UploadForm sessionId={sessionId} words={words} />
        )}
      </CardContent>
    </Card>
  );
}

/** Reads a file as base64 in the browser (no prefix) and checks it as the server will. */
function readFile(file: File, words: Words): Promise<{ data: string } | { error: string }> {
  if (file.size === 0) return Promise.resolve({ error: words.empty });
  if (file.size > MAX_DOCUMENT_BYTES) return Promise.resolve({ error: words.tooLarge });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      const data = url.slice(url.indexOf(",") + 1);
      resolve(documentTypeProblem(file.name, sniffBase64(data)) ? { error: words.badType } : { data });
    };
    reader.onerror = () => {
      resolve({ error: words.unreadable });
    };
    reader.readAsDataURL(file);
  });
}

function UploadForm({ sessionId, words }: { sessionId: number; words: Words }) {
  const upload = useUploadDocument(sessionId);
  const retry = useRetryKey();
  const [error, setError] = useState("");
  const [reading, setReading] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  // The dashboard is drawn on the server: a file chosen before its scripts ran is named once they run.
  const input = useRef<HTMLInputElement>(null);
  useFileChosenBeforeScripts(input, (file) => {
    setChosen(file.name);
  });
  // dragenter and dragleave fire for each child the file passes over, so the frame counts them.
  const heldOver = useRef(0);
  const [dragging, setDragging] = useState(false);
  const busy = reading || upload.isPending;
  const fieldId = `document-file-${String(sessionId)}`;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError("");
    const file = input.current?.files?.[0];
    // At the field, with the focus there, as the other forms say what is missing or wrong.
    const refuse = (message: string) => {
      setError(message);
      input.current?.focus();
    };
    if (!file) {
      refuse(words.chooseFirst);
      return;
    }
    setReading(true);
    const read = await readFile(file, words);
    setReading(false);
    if ("error" in read) {
      refuse(read.error);
      return;
    }
    try {
      const body = { name: file.name, data: read.data };
      const created = await upload.mutateAsync({ body, idempotencyKey: retry.keyFor(`${body.name}\n${body.data}`) });
      retry.sent();
      toast.success(words.uploaded(created.name));
      if (input.current) input.current.value = "";
      setChosen(null);
    } catch (err) {
      setError(words.refused(err));
    }
  }

  return (
    <form
      method="post"
      onSubmit={(e) => {
        void submit(e);
      }}
      className="flex flex-col gap-3"
      noValidate
    >
      <FormField
        id={fieldId}
        label={words.file}
        hint={words.hint}
        error={error}
        plain
        describedByMore={`${fieldId}-chosen`}
        frame={(control) => (
          // A file dropped here is the input's, as a drop on the browser's own picker was.
          <div
            data-testid="document-drop"
            data-dragging={dragging || undefined}
            className="-m-1 flex min-w-0 flex-wrap items-center gap-3 rounded-md p-1 outline-offset-2 data-dragging:bg-accent data-dragging:outline-2 data-dragging:outline-primary data-dragging:outline-dashed"
            onDragEnter={(e) => {
              e.preventDefault();
              heldOver.current += 1;
              setDragging(true);
            }}
            onDragLeave={() => {
              heldOver.current = Math.max(0, heldOver.current - 1);
              if (heldOver.current === 0) setDragging(false);
            }}
            onDragOver={(e) => {
              e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              heldOver.current = 0;
              setDragging(false);
              const files = e.dataTransfer.files;
              if (!input.current || files.length === 0) return;
              input.current.files = files;
              setError("");
              setChosen(files[0]?.name ?? null);
            }}
          >
            {control}
            {/* The file input is hidden; its keyboard focus shows on the button that stands for it. */}
            <Button variant="outline" size="sm" asChild>
              <label
                htmlFor={fieldId}
                className="cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-aria-invalid:border-destructive"
              >
                {words.choose}
              </label>
            </Button>
            <span id={`${fieldId}-chosen`} className="min-w-0 text-sm break-all text-muted-foreground">
              {dragging ? words.dropHere : (chosen ?? words.noFile)}
            </span>
          </div>
        )}
      >
        <input
          ref={input}
          type="file"
          accept={DOCUMENT_CONTENT_TYPES.join(",")}
          className="peer sr-only"
          onChange={(e) => {
            setError("");
            setChosen(e.target.files?.[0]?.name ?? null);
          }}
        />
      </FormField>
      <div>
        <SubmitButton pending={busy}>{busy ? words.uploading : words.upload}</SubmitButton>
      </div>
    </form>
  );
}
