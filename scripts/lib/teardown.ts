// What a script or the test harness has started, stopped again in the reverse order: at the end,
// on Ctrl-C, or when a later step fails (a database left running after a failed build outlived the
// run by hours). Every part is stopped even when another's stop fails; a second call waits for the
// first.
export class Teardown {
  readonly #stops: (() => Promise<unknown>)[] = [];
  #stopping: Promise<void> | undefined;

  /** Registers what stops a part just started. */
  add(stop: () => Promise<unknown>): void {
    this.#stops.push(stop);
  }

  /** Stops every part, the last started first; rejects with what failed to stop, once all were tried. */
  stopAll(): Promise<void> {
    this.#stopping ??= (async () => {
      const failures: unknown[] = [];
      for (const stop of this.#stops.splice(0).reverse()) await stop().catch((e: unknown) => failures.push(e));
      if (failures.length) throw new AggregateError(failures, "some parts did not stop");
    })();
    return this.#stopping;
  }
}
