"use client";

import { useEffect, useRef } from "react";
import { Callout } from "@/components/ui/callout";

/**
 * A form's own error (not one field's), at the top of the form: brought into view when it appears
 * or changes, since the person who sent the form is at its button, at the other end.
 */
export function FormError({ message }: { message: string | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView({ block: "nearest" });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={box}>
      <Callout role="alert" className="my-0">
        {message}
      </Callout>
    </div>
  );
}
