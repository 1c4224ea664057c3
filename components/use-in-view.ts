"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Whether the element behind the returned ref has come near the viewport (`margin` ahead of it),
 * once: it stays true after.
 */
export function useInView<E extends Element>(margin = "200px") {
  const ref = useRef<E>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setInView(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, [inView, margin]);
  return [ref, inView] as const;
}
