import type { LibraryModule } from "./types";

// STUB: the measures helper replaces these with the full instruments (items, EN/FR, scoring, source).
const stub = (key: string, name: string, max: number): LibraryModule => ({
  key,
  name,
  definition: {
    blocks: [
      {
        type: "scale",
        key: "item1",
        label: { en: "Item 1" },
        required: true,
        points: [
          { value: 0, label: { en: "Not at all" } },
          { value: 3, label: { en: "Nearly every day" } },
        ],
      },
    ],
    scoring: {
      items: ["item1"],
      reverse: [],
      multiplier: 1,
      range: { min: 0, max },
      subscales: [],
      bands: [{ min: 0, max, label: { en: "Any" } }],
      alerts: [],
    },
  },
});

export const PHQ9 = stub("phq-9", "PHQ-9", 27);
export const GAD7 = stub("gad-7", "GAD-7", 21);
export const WHO5 = stub("who-5", "WHO-5", 100);
export const PCL5 = stub("pcl-5", "PCL-5", 80);

export const MEASURES = [PHQ9, GAD7, WHO5, PCL5];
